package threadring.bench.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.stream.Stream;
import threadring.bench.data.Job;
import threadring.bench.data.Measured;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.data.Score;
import threadring.bench.data.Settings;
import threadring.bench.stats.Numbers;

/**
 * What an earlier run on this host took, for planning a sweep to its budget: each timed id's forks,
 * first (the long settle) and later, in seconds (the forks of a run run one after another, so a
 * fork lasted until the next began), how many forks a workload's ids got beyond the pilot, and the
 * seconds before the first fork per id. The run is the newest complete one in the results folder on
 * this host and cpu whose forks were alike (the same iterations, iteration length and settle).
 */
public final class History {

    private final Run run;
    private final List<History> older = new ArrayList<>();
    private final Map<String, List<Double>> first = new HashMap<>();
    private final Map<String, List<Double>> later = new HashMap<>();
    private final Map<String, List<Integer>> forksPerTask = new HashMap<>();
    private final double beforeForksPerTask;

    History(Run run) {
        this.run = run;
        record Timed(String key, String workload, Instant started, int round) {}
        List<Timed> forks = new ArrayList<>();
        int tasks = 0;
        for (Job j : run.jobs()) {
            for (Measured m : j.results()) {
                Optional<Score.Passes> p = m.passes();
                if (p.isEmpty()) {
                    continue;
                }
                tasks++;
                String key = key(j.size().workload().label(), m.id());
                forksPerTask.computeIfAbsent(j.size().workload().label(), k -> new ArrayList<>()).add(p.get().forks().size());
                for (Score.Fork f : p.get().forks()) {
                    if (f.started() != null && f.round() != null) {
                        forks.add(new Timed(key, j.size().workload().label(), Instant.parse(f.started()), f.round()));
                    }
                }
            }
        }
        forks.sort(Comparator.comparing(Timed::started));
        for (int i = 0; i + 1 < forks.size(); i++) {
            Timed f = forks.get(i);
            double seconds = forks.get(i + 1).started().getEpochSecond() - f.started().getEpochSecond();
            (f.round() == 1 ? first : later).computeIfAbsent(f.key(), k -> new ArrayList<>()).add(seconds);
        }
        this.beforeForksPerTask = forks.isEmpty() || tasks == 0 ? Double.NaN
                : (forks.get(0).started().getEpochSecond() - Instant.parse(run.started()).getEpochSecond()) / (double) tasks;
    }

    private static String key(String workload, String id) {
        return workload + " " + id;
    }

    /** The runs read for an id this one did not measure, newest first. */
    static final int RUNS = 10;

    /**
     * The newest complete run under {@code results} on host {@code hostname} and cpu {@code cpuModel}
     * whose forks were alike to {@code scored}'s, with timed forks, and behind it the next alike runs
     * (up to {@link #RUNS} in all), for the ids it did not measure; empty where there is none.
     */
    public static Optional<History> of(Path results, String hostname, String cpuModel, Settings.Scored scored)
            throws IOException {
        if (!Files.isDirectory(results)) {
            return Optional.empty();
        }
        List<Path> dirs;
        try (Stream<Path> s = Files.list(results)) {
            dirs = s.filter(RunFile::isRun).sorted(Comparator.reverseOrder()).toList();
        }
        List<History> found = new ArrayList<>();
        for (Path d : dirs) {
            try {
                Run r = RunFile.read(d);
                Settings.Scored o = r.settings().scored();
                if (r.state() == Run.State.COMPLETE && Objects.equals(r.machine().hostname(), hostname)
                        && Objects.equals(r.machine().cpuModel(), cpuModel) && !o.quick() && o.quick() == scored.quick()
                        && o.longRun() == scored.longRun() && Objects.equals(o.iterations(), scored.iterations())
                        && Objects.equals(o.iterationMs(), scored.iterationMs())
                        && Objects.equals(o.settleMs(), scored.settleMs())) {
                    History h = new History(r);
                    if (!h.first.isEmpty()) {
                        found.add(h);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // a run this version cannot read tells nothing of this one
            }
            if (found.size() == RUNS) {
                break;
            }
        }
        if (found.isEmpty()) {
            return Optional.empty();
        }
        found.get(0).older.addAll(found.subList(1, found.size()));
        return Optional.of(found.get(0));
    }

    public Run run() {
        return run;
    }

    /** The median seconds of an id's first fork (its settle) in the newest of the runs that measured it. */
    public OptionalDouble firstFork(String workload, String id) {
        return newest(h -> h.first.get(key(workload, id)));
    }

    /** The median seconds of an id's later forks in the newest of the runs that measured it. */
    public OptionalDouble laterFork(String workload, String id) {
        return newest(h -> h.later.get(key(workload, id)));
    }

    private OptionalDouble newest(Function<History, List<Double>> of) {
        OptionalDouble own = median(of.apply(this));
        for (int i = 0; own.isEmpty() && i < older.size(); i++) {
            own = median(of.apply(older.get(i)));
        }
        return own;
    }

    /** The fewest ids of a workload a run's fork counts speak for it with. */
    static final int FEWEST_IDS = 5;

    /** The fork counts of a workload's ids in the newest run that measured enough of them. */
    private List<Integer> counts(String workload) {
        List<History> all = new ArrayList<>(List.of(this));
        all.addAll(older);
        return all.stream().map(h -> h.forksPerTask.get(workload)).filter(c -> c != null && c.size() >= FEWEST_IDS)
                .findFirst().orElse(null);
    }

    /** The share of a workload's ids that got at least {@code forks} forks. */
    public OptionalDouble shareWithAtLeast(String workload, int forks) {
        List<Integer> counts = counts(workload);
        return counts == null ? OptionalDouble.empty()
                : OptionalDouble.of(counts.stream().filter(n -> n >= forks).count() / (double) counts.size());
    }

    /** Forks a workload's ids got beyond {@code forks}, on average. */
    public OptionalDouble beyond(String workload, int forks) {
        List<Integer> counts = counts(workload);
        return counts == null ? OptionalDouble.empty()
                : OptionalDouble.of(counts.stream().mapToInt(n -> Math.max(0, n - forks)).average().orElse(0));
    }

    /** Seconds from a run's start to its first fork, per timed id (probes, host start, calibrations). */
    public OptionalDouble beforeForksPerTask() {
        return Double.isFinite(beforeForksPerTask) ? OptionalDouble.of(beforeForksPerTask) : OptionalDouble.empty();
    }

    private static OptionalDouble median(List<Double> values) {
        return values == null || values.isEmpty() ? OptionalDouble.empty()
                : OptionalDouble.of(Numbers.median(values.stream().mapToDouble(Double::doubleValue)));
    }
}
