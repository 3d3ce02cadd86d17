package threadring.bench.rerun.estimate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.data.Settings;
import threadring.bench.report.Carriers;
import threadring.bench.report.Series;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.rerun.project.Reruns;
import threadring.bench.stats.IdSpread;
import threadring.bench.stats.LikeWithLike;
import threadring.bench.stats.RerunComponent;
import threadring.bench.stats.Stats;
import threadring.core.Workload;

/**
 * Rows of one id in two runs of the same code, as {@link Rerun} estimates its components from:
 * every pair of runs, every series both measured on the same configuration, every id whose main
 * state (its only one, or its largest of three JVMs or more) is one state in both runs (its forks'
 * levels, their variance, their count; a lone JVM or a state of two says little of a level's
 * move), keyed by its class (workload, and whether it hands off across
 * cpus). Runs are the same code only if their scored settings agree (no quick or long preset, the
 * same iterations); the caller chooses which runs those are.
 */
public final class RerunPairs {

    private RerunPairs() {}

    /** The pairs of every two of {@code runs}, in order. */
    public static List<Rerun.Pair> of(List<Run> runs) {
        List<Rerun.Pair> pairs = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            for (int j = i + 1; j < runs.size(); j++) {
                pairs.addAll(of(runs.get(i), runs.get(j)));
            }
        }
        return pairs;
    }

    /** The pairs of two runs. */
    public static List<Rerun.Pair> of(Run a, Run b) {
        List<Rerun.Pair> pairs = new ArrayList<>();
        for (Series<?> sa : Series.of(a)) {
            for (Series<?> sb : Series.of(b)) {
                if (!sa.label().equals(sb.label()) || !sa.size().equals(sb.size())) {
                    continue;
                }
                for (Series.Row ra : sa.rows(a, RerunComponent.NONE)) {
                    sb.row(b, ra.id(), RerunComponent.NONE).ifPresent(rb -> one(ra.summary(), rb.summary()).ifPresent(p ->
                            pairs.add(new Rerun.Pair(Rerun.key(sa.workload().label(), Carriers.across(ra.id(),
                                    sa.config())), p[0], p[1], (int) p[2], p[3], (int) p[4]))));
                }
            }
        }
        return pairs;
    }

    /**
     * {difference, variance A, forks A, variance B, forks B} of two rows' main states: each row's
     * largest state of {@link MainStates#STATE_FORKS} forks or more (a one-state row's only one), the two within
     * {@link threadring.bench.stats.LikeWithLike#MATCH} of each other (further apart, they are two
     * states of the id, not one that moved).
     */
    private static Optional<double[]> one(Stats.Summary a, Stats.Summary b) {
        Optional<Stats.State> ma = MainStates.main(a);
        Optional<Stats.State> mb = MainStates.main(b);
        if (ma.isEmpty() || mb.isEmpty() || Math.abs(Math.log(ma.get().level() / mb.get().level()))
                > Math.log(LikeWithLike.MATCH)) {
            return Optional.empty();
        }
        double[] la = ma.get().forkLevels().stream().mapToDouble(Math::log).toArray();
        double[] lb = mb.get().forkLevels().stream().mapToDouble(Math::log).toArray();
        return Optional.of(new double[] {mean(lb) - mean(la), variance(la), la.length, variance(lb),
            lb.length});
    }

    private static double mean(double[] x) {
        return Arrays.stream(x).average().orElseThrow();
    }

    private static double variance(double[] x) {
        double m = mean(x);
        return Arrays.stream(x).map(v -> (v - m) * (v - m)).sum() / (x.length - 1);
    }

    /**
     * Whether two runs' scored passes were made alike: same presets, iterations and their length,
     * settle window, forks and JVM flags (a long reference run warms longer and forks more: it is
     * not a re-run of a default sweep).
     */
    public static boolean alike(Settings.Scored a, Settings.Scored b) {
        return !a.quick() && !b.quick() && !a.longRun() && !b.longRun()
                && Objects.equals(a.iterations(), b.iterations())
                && Objects.equals(a.iterationMs(), b.iterationMs())
                && Objects.equals(a.settleMs(), b.settleMs())
                && Objects.equals(a.forks(), b.forks())
                && Objects.equals(a.maxForks(), b.maxForks())
                && Objects.equals(a.jvmArgs(), b.jvmArgs());
    }

    /**
     * Whether a run measured every id of its workloads at their default selection (no {@code --include},
     * no {@code --all}): a run of a chosen few ids is often a held-out check, and should stay out.
     */
    public static boolean sweep(Run r) {
        return r.settings().selection().includes().isEmpty() && !r.settings().selection().all();
    }

    /** Per class, the pairs of {@code runs} that give it at least one pair of rows. */
    static Map<String, Integer> runPairs(List<Run> runs) {
        Map<String, Integer> count = new TreeMap<>();
        for (int i = 0; i < runs.size(); i++) {
            for (int j = i + 1; j < runs.size(); j++) {
                of(runs.get(i), runs.get(j)).stream().map(Rerun.Pair::key).distinct()
                        .forEach(k -> count.merge(k, 1, Integer::sum));
            }
        }
        return count;
    }

    /** Earlier runs a new run's components are estimated from: the newest this many alike. */
    public static final int EARLIER_RUNS = 8;
    /** Earlier runs read for the ids' own spreads ({@link Spreads}): the newest this many alike. */
    public static final int READ_RUNS = 40;

    /**
     * The runs in {@code results} a new run named {@code before} takes its components from: named
     * before it, complete, made alike ({@link #alike}) as sweeps ({@link #sweep}) of the same workloads
     * on the host {@code hostname} with the same cpu model (a host name can move to other hardware:
     * this project's did, from AMD EPYC to Intel Xeon, on 2026-11-29), newest first, up to
     * {@link #READ_RUNS}; a run this version cannot read says nothing of the new one and is skipped,
     * and each run counts once (the folder's {@code latest} link names the newest run a second time:
     * read twice, it made a pair of identical runs, whose rows all agree).
     */
    public static List<Run> earlier(Path results, String before, Settings settings,
            String hostname) throws IOException {
        return earlier(results, before, settings, hostname, null);
    }

    /** The same, only runs on a cpu of model {@code cpuModel} where it is not null. */
    public static List<Run> earlier(Path results, String before, Settings settings,
            String hostname, String cpuModel) throws IOException {
        return earlier(results, before, settings, hostname, cpuModel, false);
    }

    /**
     * The runs a new run's components come from: as {@link #earlier}, but sweeps of any workloads that
     * include the new run's own. A run of the ring alone carries the components its rows have in this
     * machine's default sweeps, not the project's from another machine (20261129-201837, ring and
     * fan-out on the Intel Xeon, carried the AMD sweeps' 1.5% where the Intel sweeps give 7%).
     */
    public static List<Run> covering(Path results, String before, Settings settings,
            String hostname, String cpuModel) throws IOException {
        return earlier(results, before, settings, hostname, cpuModel, true);
    }

    private static List<Run> earlier(Path results, String before, Settings settings,
            String hostname, String cpuModel, boolean covering) throws IOException {
        Settings.Scored scored = settings.scored();
        List<Workload<?, ?>> workloads = settings.selection().workloads();
        List<Run> earlier = new ArrayList<>();
        if (!Files.isDirectory(results)) {
            return earlier;
        }
        List<Path> dirs;
        try (Stream<Path> s = Files.list(results)) {
            dirs = s.filter(d -> d.getFileName().toString().compareTo(before) < 0 && RunFile.isRun(d))
                    .sorted(Comparator.reverseOrder()).toList();
        }
        for (Path d : dirs) {
            try {
                Run r = RunFile.read(d);
                if (r.state() == Run.State.COMPLETE && alike(r.settings().scored(), scored) && sweep(r)
                        && (covering ? r.settings().selection().workloads().containsAll(workloads)
                                : r.settings().selection().workloads().equals(workloads))
                        && Objects.equals(r.machine().hostname(), hostname)
                        && (cpuModel == null || cpuModel.equals(r.machine().cpuModel()))
                        && earlier.stream().noneMatch(e -> e.runId().equals(r.runId()))) {
                    earlier.add(r);
                }
            } catch (IOException | RuntimeException e) {
                // unreadable by this version: skipped
            }
            if (earlier.size() >= READ_RUNS) {
                break;
            }
        }
        return earlier;
    }

    /**
     * A new run's components: estimated from {@code earlier} runs (complete, made alike, on the same
     * hosts) for each class they give {@link Rerun#MIN_PAIRS} pairs of rows from at least
     * {@link Rerun#MIN_RUN_PAIRS} pairs of runs ({@link #EARLIER_RUNS} at most), the project's default for
     * the rest; and each id's own spread of levels over them ({@link Spreads}).
     */
    public static Rerun estimate(List<Run> earlier) {
        List<Run> used = earlier.stream().limit(EARLIER_RUNS).toList();
        Map<String, Integer> runPairs = runPairs(used);
        Map<String, RerunComponent> estimated = new TreeMap<>(Rerun.calibrate(of(used), "").parts());
        // one pair of runs is one draw of the run-to-run offset, however many rows it has: it may read 0
        estimated.keySet().removeIf(k -> runPairs.getOrDefault(k, 0) < Rerun.MIN_RUN_PAIRS);
        List<MainStates> mains = earlier.stream().map(MainStates::of).toList();
        Map<String, IdSpread> spreads = Spreads.fromMains(mains);
        Map<String, IdSpread> levels = spreads.isEmpty() ? null : spreads;
        String floors = spreads.isEmpty() ? "" : String.format(Locale.ROOT,
                "; %d ids' own spreads of levels over up to %d of %d earlier runs", spreads.size(), Spreads.RUNS,
                earlier.size());
        Map<String, RerunComponent> parts = new TreeMap<>(Reruns.PROJECT.parts());
        parts.putAll(estimated);
        String source = estimated.isEmpty() ? Reruns.PROJECT.source() + floors
                : String.format(Locale.ROOT, "%d earlier runs in its results folder (%s)%s", used.size(),
                        String.join(", ", estimated.keySet()), parts.size() > estimated.size()
                                ? "; the project's default for the other classes" : "") + floors;
        Rerun rows = new Rerun(parts, source, levels);
        Map<String, RerunComponent> ratios = RatioPairs.estimate(mains.subList(0, used.size()));
        return rows.withRatios(ratios.isEmpty() ? null : ratios, earlier.stream().map(Run::runId).toList());
    }
}
