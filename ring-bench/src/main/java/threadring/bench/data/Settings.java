package threadring.bench.data;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.stats.Forks;
import threadring.core.Size;
import threadring.core.Workload;

/**
 * What the user asked a sweep for, resolved by the command line: which ids, every series of
 * every workload it plans ({@code series}, one size each, in order), the steps per pass a run
 * fixed for a workload ({@code steps}; a workload missing there is calibrated per id, or has
 * steps of its own), the scored passes, the cpu sets and JDKs, the profiling pass, and the seed
 * of the order forks run in (null in runs before forks ran in rounds).
 */
public record Settings(Selection selection, List<Size> series, Map<Workload<?, ?>, Integer> steps, Scored scored,
        List<String> cpus, List<String> jdks, List<String> profilers, Profiling profiling, Long seed) {

    /** The same settings with each --jdk home as {@code shown} records it (a checkout's .jdks relative to its results). */
    public Settings withJdkPaths(UnaryOperator<String> shown) {
        return jdks == null ? this : new Settings(selection, series, steps, scored, cpus,
                jdks.stream().map(shown).toList(), profilers, profiling, seed);
    }

    /**
     * Ids matching any of {@code includes} (none: each workload's default selection, or every id
     * with {@code all}), in {@code workloads}; {@code preset}: what chose the includes, where a preset
     * did (null: the command line).
     */
    public record Selection(List<String> includes, boolean all, List<Workload<?, ?>> workloads, String preset) {

        /** A selection by the command line's options (no preset). */
        public Selection(List<String> includes, boolean all, List<Workload<?, ?>> workloads) {
            this(includes, all, workloads, null);
        }
    }

    /**
     * The preset a selection was made by, where it was ({@code Selection.preset}): the short answer,
     * the forms the docs' answer table names and the workloads' baselines.
     */
    public static final String SHORT_ANSWER = "the short answer";

    /**
     * The scored passes: {@code forks}, the pilot every id starts with (its count planned from it up
     * to {@code maxForks} for an interval of +-{@code precision} percent; fixed where the two are
     * equal); {@code warmups}, the fewest warm-up iterations, and up to {@code settleMs} of them
     * where the evidence asks (null: always {@code warmups}); {@code iterations} measured (null: the
     * benchmark's annotations); the length of one JMH iteration ({@code iterationMs}, null: the
     * benchmark's) and the length a calibrated pass aims at ({@code passMs}; 0 in runs whose passes
     * had fixed sizes); whether each iteration's counters were read ({@code counters}); JVM flags
     * added to every fork after the id's own ({@code jvmArgs}: a control such as another collector);
     * {@code quick} and {@code longRun} are the presets; {@code stateForks}: the forks a row whose
     * JVMs split into states may get so that each state's share is known (null in runs before
     * states got forks of their own: {@code maxForks}); {@code rerun}: the run-to-run components its
     * rows' intervals carry, per class of rows, and where they came from (null in runs before
     * intervals carried one: the project's default is used when such a run is rendered).
     */
    public record Scored(boolean quick, boolean longRun, Integer forks, int maxForks, Integer warmups,
            Integer iterations, Integer iterationMs, int passMs, int precision, Integer settleMs, boolean counters,
            List<String> jvmArgs, Integer stateForks, Rerun rerun) {

        /** The most forks a row in states gets. */
        public int stateCap() {
            return stateForks != null ? Math.max(stateForks, maxForks) : maxForks;
        }

        /** The same settings with {@code r} as the run-to-run components. */
        public Scored withRerun(Rerun r) {
            return new Scored(quick, longRun, forks, maxForks, warmups, iterations, iterationMs, passMs, precision,
                    settleMs, counters, jvmArgs, stateForks, r);
        }

        /** The JVM flags asked for every fork (none in runs before they could be). */
        public List<String> extraJvmArgs() {
            return jvmArgs == null ? List.of() : jvmArgs;
        }

        /** The forks a row starts with: as given, else the benchmark's {@code @Fork}. */
        public int startForks() {
            return forks != null ? forks : Forks.PILOT; // the pilot when none was asked
        }
    }

    /**
     * The separate profiling pass: forks, warm-up and measured iterations per id, and the length of
     * an iteration (null: one pass each, as runs written before iterations were timed).
     */
    public record Profiling(int forks, int warmups, int iterations, Integer iterationMs) {}

    /** The same settings with other scored passes. */
    public Settings withScored(Scored s) {
        return new Settings(selection, series, steps, s, cpus, jdks, profilers, profiling, seed);
    }

    /** The workloads the run planned. */
    public List<Workload<?, ?>> workloads() {
        return selection.workloads();
    }

    /** The series of {@code workload}, in order. */
    public List<Size> series(Workload<?, ?> workload) {
        return series.stream().filter(s -> s.workload() == workload).toList();
    }

    /** The steps per pass the run fixed for every id of {@code workload}, if it did. */
    public Optional<Integer> fixedSteps(Workload<?, ?> workload) {
        return Optional.ofNullable(steps.get(workload));
    }

    /** A pass's steps in a series of {@code size}: fixed, else null (calibrated per id); one operation if not calibrated. */
    public Integer steps(Size size) {
        return size.measured(t -> t.calibrated() ? steps.get(size.workload()) : Integer.valueOf(t.stepsPerOperation()), s -> null);
    }
}
