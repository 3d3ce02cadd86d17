package threadring.bench.docs;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import threadring.bench.data.Run;
import threadring.bench.report.MainStateRatio;
import threadring.bench.report.Ratios;
import threadring.bench.report.Series;
import threadring.bench.rerun.estimate.MainStates;
import threadring.bench.rerun.estimate.RerunPairs;
import threadring.bench.rerun.model.RatioPool;
import threadring.bench.rerun.model.RatioRerun;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.rerun.project.Reruns;
import threadring.bench.stats.IdSpread;
import threadring.bench.stats.LikeWithLike;
import threadring.bench.stats.RerunComponent;
import threadring.bench.stats.Stats;
import threadring.bench.units.Units;

/**
 * The answer's ratios pooled over alike runs ({@link RatioPool}): the newest run and the sweeps made
 * alike before it on the same host and JDKs within {@link #HOURS} hours ({@link #of(Path, Run)}). Each
 * run's ratio of two ids is main state over main state, as one run's is, where both main states
 * speak for their rows and are the state the newest run shows (within {@link LikeWithLike#MATCH} of
 * it: another state of the id is not the same level moved); every run's states carry the newest
 * run's spreads of the ids and its ratio components, so a pool of one is that run's answer.
 */
public final class Pool implements Ratios {

    /** How far back, from the newest run's start, an alike run joins its pool. */
    public static final int HOURS = 24;

    private final List<Run> runs;
    private final List<MainStates> mains;
    private final Map<String, IdSpread> spreads;
    private final Map<String, RerunComponent> parts;

    /** A pool of {@code runs}, newest first, with the newest run's spreads and ratio components. */
    public Pool(List<Run> runs) {
        this(runs, Reruns.of(runs.get(0)));
    }

    /**
     * A pool of {@code runs}, newest first, with the ids' spreads and ratio components of
     * {@code components}; a class it has no component for takes the newest run's.
     */
    public Pool(List<Run> runs, Rerun components) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("a pool needs a run");
        }
        this.runs = List.copyOf(runs);
        this.mains = runs.stream().map(MainStates::of).toList();
        Map<String, IdSpread> levels = components.levels();
        this.spreads = levels == null ? Map.of() : levels;
        Map<String, RerunComponent> own = new TreeMap<>(Reruns.ratios(runs.get(0)));
        if (components.ratios() != null) {
            own.putAll(components.ratios());
        }
        this.parts = own;
    }

    /**
     * A pool of {@code runs} (newest first) whose components are estimated from its own runs, as a
     * random-effects mean estimates its between-run variance from the runs it pools
     * ({@link RerunPairs#estimate}): the newest run's own where the pool has too few runs to estimate.
     */
    public static Pool selfEstimated(List<Run> runs) {
        return runs.size() < MIN_RUNS ? new Pool(runs) : new Pool(runs, RerunPairs.estimate(runs));
    }

    /** The fewest runs a pool estimates its own components from: three pairs of runs. */
    public static final int MIN_RUNS = 3;

    /**
     * {@code newest} and the runs in {@code results} made alike before it ({@link RerunPairs#earlier}) on
     * the same host, cpu model and JDKs, started at most {@link #HOURS} hours before it.
     */
    public static Pool of(Path results, Run newest) throws IOException {
        List<Run> runs = new ArrayList<>(List.of(newest));
        Instant start = Instant.parse(newest.started());
        for (Run r : RerunPairs.earlier(results, newest.runId(), newest.settings(), newest.machine().hostname(),
                newest.machine().cpuModel())) {
            if (jdks(r).equals(jdks(newest))
                    && Duration.between(Instant.parse(r.started()), start).compareTo(Duration.ofHours(HOURS)) <= 0) {
                runs.add(r);
            }
        }
        return selfEstimated(runs);
    }

    private static List<String> jdks(Run r) {
        return r.configurations().stream().map(c -> c.jvm().javaVersion()).toList();
    }

    @Override
    public Run run() {
        return runs.get(0);
    }

    @Override
    public List<Run> runs() {
        return runs;
    }

    @Override
    public Stats.Ratio between(Series<?> s, Series.Row a, Series.Row b) {
        if (!pooled(s)) {
            return MainStateRatio.between(run(), s, a, b);
        }
        List<RatioPool.Side> sides = sides(s, a.id(), b.id());
        if (!enough(sides)) {
            return MainStateRatio.between(run(), s, a, b);
        }
        String key = MainStateRatio.key(s, a.id(), b.id());
        RerunComponent part = RatioRerun.part(parts, key);
        return RatioPool.of(sides, part, between.computeIfAbsent(key, k -> RatioPool.between(ofClass(s, k), part)));
    }

    /** Each class's variance between the pool's runs beyond its component ({@link RatioPool#between}). */
    private final Map<String, Double> between = new HashMap<>();

    /** The sides of every ratio of class {@code key} among the rows of the newest run's series of {@code s}'s workload. */
    private List<List<RatioPool.Side>> ofClass(Series<?> s, String key) {
        List<List<RatioPool.Side>> out = new ArrayList<>();
        for (Series<?> t : Series.of(run(), s.workload())) {
            List<Series.Row> rows = t.rows(run());
            for (int i = 0; i < rows.size(); i++) {
                for (int j = i + 1; j < rows.size(); j++) {
                    if (MainStateRatio.key(t, rows.get(i).id(), rows.get(j).id()).equals(key)) {
                        out.add(sides(t, rows.get(i).id(), rows.get(j).id()));
                    }
                }
            }
        }
        return out;
    }

    /** How many of the pool's runs a ratio of {@code a} over {@code b} in series {@code s} draws on. */
    public int drawsOn(Series<?> s, Series.Row a, Series.Row b) {
        if (!pooled(s)) {
            return 1;
        }
        List<RatioPool.Side> sides = sides(s, a.id(), b.id());
        return enough(sides) ? sides.size() : 1;
    }

    /**
     * Whether a ratio pools: as many runs speak for it as the pool has, up to {@link #POOLED_RUNS}. Two
     * runs of a pool of four that disagree leave one degree of freedom (a t quantile of 12.7): the
     * ring's virtual threads over Go, in the pool of 20261129-170822, read 1.27x [0.0433-37.3x],
     * where the newest run alone gives an interval held-out runs hold.
     */
    private boolean enough(List<RatioPool.Side> sides) {
        return !sides.isEmpty() && sides.size() >= Math.min(POOLED_RUNS, runs.size());
    }

    /** Whether ratios of series {@code s} are pooled: several runs, and a workload that pools. */
    private boolean pooled(Series<?> s) {
        return runs.size() > 1 && Units.of(s.workload()).pools();
    }

    /** Each run's log ratio of {@code x} over {@code y} where both speak in the state the newest run shows. */
    private List<RatioPool.Side> sides(Series<?> s, String x, String y) {
        String key = MainStates.key(s);
        Optional<MainStates.Main> nx = main(mains.get(0), key, x);
        Optional<MainStates.Main> ny = main(mains.get(0), key, y);
        List<RatioPool.Side> sides = new ArrayList<>();
        if (nx.isEmpty() || ny.isEmpty()) {
            return sides;
        }
        for (MainStates m : mains) {
            Optional<MainStates.Main> mx = main(m, key, x).filter(v -> same(v, nx.get()));
            Optional<MainStates.Main> my = main(m, key, y).filter(v -> same(v, ny.get()));
            if (mx.isPresent() && my.isPresent()) {
                sides.add(new RatioPool.Side(Math.log(mx.get().state().level() / my.get().state().level()),
                        RatioRerun.spread(mx.get().withSpread(spreads.get(mx.get().idKey())),
                                my.get().withSpread(spreads.get(my.get().idKey())))));
            }
        }
        return sides;
    }

    private static Optional<MainStates.Main> main(MainStates m, String key, String id) {
        MainStates.InSeries in = m.series().get(key);
        return Optional.ofNullable(in == null ? null : in.ids().get(id)).filter(MainStates.Main::answer);
    }

    private static boolean same(MainStates.Main a, MainStates.Main b) {
        return Math.abs(Math.log(a.state().level() / b.state().level())) <= Math.log(LikeWithLike.MATCH);
    }
}
