package threadring.bench.rerun.estimate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import threadring.bench.rerun.model.RatioRerun;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.stats.IdSpread;
import threadring.bench.stats.LikeWithLike;
import threadring.bench.stats.RerunComponent;
import threadring.bench.stats.Stats;

/**
 * Ratios of two ids in two runs of the same code, as {@link RatioRerun} estimates its components
 * from: every pair of runs, every series both measured on the same configuration, every two ids
 * whose main states speak for their rows in both runs ({@link MainStates.Main#answer}) and are one
 * state in both (each id's within {@link LikeWithLike#MATCH} of each other: further apart, they
 * are two states of the id, not a level that moved), keyed by the class of the pair
 * ({@link RatioRerun#key}), each side carrying the ids' spreads it is given.
 */
public final class RatioPairs {

    private RatioPairs() {}

    /** The ratio pairs of two runs, each state carrying the ids' spreads {@code spreads} (by {@link Rerun#idKey}). */
    public static List<RatioRerun.Pair> of(MainStates a, MainStates b, Map<String, IdSpread> spreads) {
        List<RatioRerun.Pair> pairs = new ArrayList<>();
        a.series().forEach((key, sa) -> {
            MainStates.InSeries sb = b.series().get(key);
            if (sb == null) {
                return;
            }
            List<String> ids = sa.ids().keySet().stream().filter(id -> sb.ids().containsKey(id)
                    && sa.ids().get(id).answer() && sb.ids().get(id).answer()
                    && same(sa.ids().get(id).state(), sb.ids().get(id).state())).toList();
            for (int i = 0; i < ids.size(); i++) {
                for (int j = i + 1; j < ids.size(); j++) {
                    MainStates.Main xa = sa.ids().get(ids.get(i));
                    MainStates.Main ya = sa.ids().get(ids.get(j));
                    MainStates.Main xb = sb.ids().get(ids.get(i));
                    MainStates.Main yb = sb.ids().get(ids.get(j));
                    double difference = Math.log(xb.state().level() / yb.state().level())
                            - Math.log(xa.state().level() / ya.state().level());
                    pairs.add(new RatioRerun.Pair(RatioRerun.key(sa.workload(), xa.across(), ya.across()),
                            xa.id() + " / " + ya.id(), difference,
                            RatioRerun.spread(xa.withSpread(spreads.get(xa.idKey())), ya.withSpread(spreads.get(ya.idKey()))),
                            RatioRerun.spread(xb.withSpread(spreads.get(xb.idKey())), yb.withSpread(spreads.get(yb.idKey())))));
                }
            }
        });
        return pairs;
    }

    private static boolean same(Stats.State a, Stats.State b) {
        return Math.abs(Math.log(a.level() / b.level())) <= Math.log(LikeWithLike.MATCH);
    }

    /**
     * Every pair of {@code runs} judged as a new run would be: each pair's states carry the ids'
     * spreads drawn from the other runs only ({@link Spreads#fromMains}), so that an id's own move is
     * never checked against the runs it was drawn from.
     */
    public static List<RatioRerun.Pair> heldOut(List<MainStates> runs) {
        List<RatioRerun.Pair> pairs = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            for (int j = i + 1; j < runs.size(); j++) {
                List<MainStates> others = new ArrayList<>(runs);
                others.remove(j);
                others.remove(i);
                pairs.addAll(of(runs.get(i), runs.get(j), Spreads.fromMains(others)));
            }
        }
        return pairs;
    }

    /**
     * The ratio components from {@code runs} (newest first): each class's smallest component at which
     * 95% of its held-out pairs ({@link #heldOut}) are held, for each class with {@link Rerun#MIN_PAIRS}
     * pairs of rows from {@link Rerun#MIN_RUN_PAIRS} pairs of runs.
     */
    public static Map<String, RerunComponent> estimate(List<MainStates> runs) {
        Map<String, RerunComponent> parts = new TreeMap<>(RatioRerun.calibrate(heldOut(runs)));
        Map<String, Integer> runPairs = new TreeMap<>();
        for (int i = 0; i < runs.size(); i++) {
            for (int j = i + 1; j < runs.size(); j++) {
                of(runs.get(i), runs.get(j), Map.of()).stream().map(RatioRerun.Pair::key).distinct()
                        .forEach(k -> runPairs.merge(k, 1, Integer::sum));
            }
        }
        parts.keySet().removeIf(k -> runPairs.getOrDefault(k, 0) < Rerun.MIN_RUN_PAIRS);
        return parts;
    }
}
