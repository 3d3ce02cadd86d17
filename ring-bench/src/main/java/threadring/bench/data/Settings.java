package threadring.bench.data;

import java.util.ArrayList;
import java.util.List;
import threadring.core.FanOut;
import threadring.core.Rings;
import threadring.core.Workload;

/**
 * What the user asked a sweep for (null or empty: the default), resolved by the command line:
 * which ids, the series' sizes, the scored passes, the cpu sets and JDKs, and the profiling pass.
 */
public record Settings(Selection selection, Sizes sizes, Scored scored, List<String> cpus, List<String> jdks,
        List<String> profilers, Profiling profiling) {

    /**
     * Ids matching any of {@code includes} (none: each workload's default selection, or every id
     * with {@code all}), in {@code workloads}.
     */
    public record Selection(List<String> includes, boolean all, List<Workload> workloads) {}

    /**
     * The series' sizes, one series per combination: the ring's nodes, tokens, depths and works,
     * the fan-out's tasks, delays and works, the echo server's connections (empty: each one's
     * default); {@code hops} and {@code values} fix a pass's size for every id (null: calibrated).
     */
    public record Sizes(List<Integer> nodes, List<Integer> tokens, List<Integer> depths, List<Integer> works,
            Integer hops, Integer values, List<Integer> tasks, List<Integer> delaysMs, List<Integer> connections) {

        /** The echo server's default loads: the 2020 experiment's 100 connections, and 10,000. */
        public static final List<Integer> ECHO_CONNECTIONS = List.of(100, 10_000);
        /** The fan-out's default work per task: none, and about 2.6 us (the jdk-dev thread's 3.8 us there). */
        public static final List<Integer> FANOUT_WORKS = List.of(0, 1000);

        /** The series of {@code workload}, in order. */
        public List<Size> of(Workload workload) {
            List<Size> all = new ArrayList<>();
            switch (workload) {
                case RING:
                    for (int n : orDefault(nodes, Rings.DEFAULT_NODES)) {
                        for (int t : orDefault(tokens, 1)) {
                            for (int d : orDefault(depths, 0)) {
                                for (int w : orDefault(works, 0)) {
                                    all.add(new Size.Ring(n, t, d, w));
                                }
                            }
                        }
                    }
                    break;
                case RENDEZVOUS:
                    all.add(new Size.Rendezvous());
                    break;
                case FANOUT:
                    for (int t : orDefault(tasks, FanOut.DEFAULT_TASKS)) {
                        for (int d : orDefault(delaysMs, FanOut.DEFAULT_DELAY_MS)) {
                            for (int w : works.isEmpty() ? FANOUT_WORKS : works) {
                                all.add(new Size.FanOut(t, d, w));
                            }
                        }
                    }
                    break;
                case ECHO:
                    (connections.isEmpty() ? ECHO_CONNECTIONS : connections).forEach(c -> all.add(new Size.Echo(c)));
                    break;
            }
            return all;
        }

        /** A pass's size fixed for every id of {@code workload}, or null: calibrated (or none). */
        public Integer steps(Workload workload) {
            return workload == Workload.RING ? hops : workload == Workload.RENDEZVOUS ? values : null;
        }

        private static List<Integer> orDefault(List<Integer> values, int value) {
            return values.isEmpty() ? List.of(value) : values;
        }
    }

    /**
     * The scored passes: {@code forks} to start with, {@code warmups} and {@code iterations} (null:
     * the benchmark's annotations), the length of one JMH iteration ({@code iterationMs}, null: the
     * benchmark's), and the length a calibrated pass aims at ({@code passMs}; 0 in runs whose
     * passes had fixed sizes); forks are added up to {@code maxForks} until a row's 95% interval is
     * within +-{@code precision} percent of its median; {@code quick} and {@code longRun} are the
     * presets.
     */
    public record Scored(boolean quick, boolean longRun, Integer forks, int maxForks, Integer warmups,
            Integer iterations, Integer iterationMs, int passMs, int precision) {

        /** The forks a row starts with: as given, else the benchmark's {@code @Fork}. */
        public int startForks() {
            return forks != null ? forks : Presets.FORKS;
        }
    }

    /**
     * The separate profiling pass: forks, warm-up and measured iterations per id, and the length of
     * an iteration (null: one pass each, as runs written before iterations were timed).
     */
    public record Profiling(int forks, int warmups, int iterations, Integer iterationMs) {}

    /** The workloads the run planned. */
    public List<Workload> workloads() {
        return selection.workloads();
    }

    /** Every series of every workload the run planned, in order. */
    public List<Size> series() {
        return workloads().stream().flatMap(w -> sizes.of(w).stream()).toList();
    }
}
