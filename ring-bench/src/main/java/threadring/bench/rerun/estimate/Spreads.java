package threadring.bench.rerun.estimate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.math3.stat.StatUtils;
import threadring.bench.data.Run;
import threadring.bench.stats.IdSpread;
import threadring.bench.stats.LikeWithLike;
import threadring.bench.stats.Numbers;
import threadring.bench.stats.Stats;

/**
 * Each id's own spreads over earlier runs ({@link IdSpread}), from the newest {@link #RUNS}
 * runs that measured it: its JVMs' (the variance of its main state's log fork levels within each
 * run, pooled by degrees of freedom; a state whose JVMs stand more than {@link Stats#SPREAD} apart
 * is states the grouping did not part, left out) and its level's (the standard deviation of its
 * main state's level between runs, from {@link #MIN_RUNS} runs, leaving out a run whose level stands
 * more than {@link LikeWithLike#MATCH} from their median: another state of the id, not the same one
 * moved) and its own move against the rows beside it ({@link IdSpread#move}). The main state
 * is a row's largest of {@link MainStates#STATE_FORKS} JVMs or more. A new
 * run's rows floor their intervals by them ({@link RerunComponent#floored}).
 */
public final class Spreads {

    /** The fewest earlier runs an id's level's spread is taken from. */
    public static final int MIN_RUNS = IdSpread.MIN_RUNS;
    /** The most: the newest this many runs that measured the id. */
    public static final int RUNS = 8;

    private Spreads() {}

    /** The spreads of every id with a main state in any of {@code runs} (newest first), by {@link Rerun#idKey}. */
    public static Map<String, IdSpread> of(List<Run> runs) {
        return fromMains(runs.stream().map(MainStates::of).toList());
    }

    /** The same from the runs' main states, summarised once ({@link MainStates}). */
    public static Map<String, IdSpread> fromMains(List<MainStates> runs) {
        Map<String, List<double[]>> states = new TreeMap<>(); // key -> each run's main state's log fork levels
        List<Map<String, Map<String, double[]>>> levels = new ArrayList<>(); // per run: series -> key -> {mean, var/n, across}
        for (MainStates run : runs) {
            Map<String, Map<String, double[]>> inRun = new TreeMap<>();
            run.series().forEach((seriesKey, ids) -> {
                Map<String, double[]> series = inRun.computeIfAbsent(seriesKey, k -> new TreeMap<>());
                for (MainStates.Main m : ids.ids().values()) {
                    List<double[]> l = states.computeIfAbsent(m.idKey(), k -> new ArrayList<>());
                    if (l.size() < RUNS) {
                        double[] logs = m.state().forkLevels().stream().mapToDouble(Math::log).toArray();
                        l.add(logs);
                        series.put(m.idKey(), new double[] {StatUtils.mean(logs), StatUtils.variance(logs) / logs.length,
                            m.across() ? 1 : 0});
                    }
                }
            });
            levels.add(inRun);
        }
        Map<String, double[]> moves = moves(levels);
        Map<String, IdSpread> spreads = new TreeMap<>();
        states.forEach((key, l) -> {
            if (l.isEmpty()) {
                return;
            }
            double squares = 0;
            int df = 0;
            for (double[] logs : l) {
                if (StatUtils.max(logs) - StatUtils.min(logs) <= Math.log(Stats.SPREAD)) {
                    squares += StatUtils.variance(logs) * (logs.length - 1);
                    df += logs.length - 1;
                }
            }
            double[] means = l.stream().mapToDouble(StatUtils::mean).toArray();
            double median = Numbers.median(Arrays.stream(means));
            double[] kept = Arrays.stream(means)
                    .filter(x -> Math.abs(x - median) <= Math.log(LikeWithLike.MATCH)).toArray();
            boolean level = kept.length >= MIN_RUNS;
            double[] move = moves.getOrDefault(key, new double[2]);
            int pairs = (int) move[1];
            spreads.put(key, new IdSpread(df > 0 ? Math.sqrt(squares / df) : 0, df,
                    level ? Math.sqrt(StatUtils.variance(kept)) : 0, level ? kept.length : 0,
                    Math.sqrt(Math.max(0, move[0]) / 2 / (pairs + SHRINK)), pairs));
        });
        return spreads;
    }

    /**
     * Pairs of runs an id's own move counts as if it had more of, all moving by 0: with the few pairs
     * a user's first runs give, a move that happened to be large once does not stand for the id.
     */
    static final int SHRINK = 2;
    /** The fewest rows of one kind (one thread, across cpus) in a series whose median move is their common one. */
    static final int MOVE_ROWS = 3;

    /**
     * Per id key, {sum over pairs of runs of (its move less its kind's median move)^2 less its two
     * means' variances, pairs}: what {@link IdSpread#move} is drawn from. Per series and kind,
     * only ids whose two levels are within {@link LikeWithLike#MATCH} (one state, moved) count.
     */
    private static Map<String, double[]> moves(List<Map<String, Map<String, double[]>>> runs) {
        Map<String, double[]> out = new TreeMap<>();
        for (int i = 0; i < runs.size(); i++) {
            for (int j = i + 1; j < runs.size(); j++) {
                for (Map.Entry<String, Map<String, double[]>> e : runs.get(i).entrySet()) {
                    Map<String, double[]> a = e.getValue();
                    Map<String, double[]> b = runs.get(j).getOrDefault(e.getKey(), Map.of());
                    for (double kind : new double[] {0, 1}) {
                        List<String> keys = a.keySet().stream().filter(k -> b.containsKey(k) && a.get(k)[2] == kind
                                && Math.abs(b.get(k)[0] - a.get(k)[0]) <= Math.log(LikeWithLike.MATCH)).toList();
                        if (keys.size() < MOVE_ROWS) {
                            continue;
                        }
                        double common = Numbers.median(keys.stream().mapToDouble(k -> b.get(k)[0] - a.get(k)[0]));
                        for (String k : keys) {
                            double d = b.get(k)[0] - a.get(k)[0] - common;
                            double[] x = out.computeIfAbsent(k, key -> new double[2]);
                            x[0] += d * d - a.get(k)[1] - b.get(k)[1];
                            x[1]++;
                        }
                    }
                }
            }
        }
        return out;
    }
}
