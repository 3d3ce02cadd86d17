package threadring.bench.rerun.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.math3.stat.StatUtils;
import threadring.bench.stats.IdSpread;
import threadring.bench.stats.Interval;
import threadring.bench.stats.RerunComponent;
import threadring.bench.stats.Stats;

/**
 * How far the ratio of two rows of one run moves in a re-run beyond what their forks see: the
 * run-to-run component of a ratio, per class of pair, as a standard deviation of the log ratio.
 * It is much smaller than the sum of the two rows' own components ({@link Rerun}), because most of
 * what moves a row between runs (the machine's speed that hour, the host's neighbours) moves the
 * other row of the pair too: on the committed sweeps of 2026-11-28 a one-thread ring row's level
 * moved by about 5% between runs, the ratio of two such rows by about 2-3%.
 *
 * <p>A class of pairs is the workload and where the two rows hand off ({@link #key}): both on one
 * thread, both across cpus, or one of each. Estimated like a row's component: the smallest sd (on
 * a grid of {@link Rerun#STEP}) at which the ratios' 95% intervals of one run hold the other run's
 * ratio in 95% of pairs of rows, over pairs of alike runs; a class never estimated takes the
 * largest of its kind over the other workloads, else the largest of all.
 *
 * <p>The interval ({@link #of}) is for what a re-run's ratio will read: both runs' forks and both
 * runs' offsets, so an ordering decided on it is one a re-run keeps.
 */
public final class RatioRerun {

    private RatioRerun() {}

    /** Both rows on one thread (or one cpu), both across cpus, or one of each. */
    public static final String ONE = "one thread / one thread";
    public static final String ACROSS = "across / across";
    public static final String MIXED = "one thread / across";

    /** The class of a ratio of two rows of {@code workload}, by where each hands off. */
    public static String key(String workload, boolean acrossA, boolean acrossB) {
        return workload + " " + (acrossA && acrossB ? ACROSS : !acrossA && !acrossB ? ONE : MIXED);
    }

    /**
     * One ratio of two ids in two runs: its class, the difference of its log values (second run's
     * over the first's), and in each run its {@link Spread}.
     */
    public record Pair(String key, String ids, double difference, Spread a, Spread b) {}

    /**
     * What one run's log ratio of two states varies by, beyond the class's component: its forks'
     * variance ({@link #meanVariance} of each side) on {@code forkDf} degrees of freedom, and the two
     * ids' own moves between runs ({@link IdSpread#move}, squared and summed).
     */
    public record Spread(double forks, double forkDf, double moves) {

        /** Half the 95% interval of a re-run's log ratio at class component {@code part}. */
        double halfWidth(RerunComponent part) {
            return RatioRerun.halfWidth(this, part, Stats.CONFIDENCE);
        }

        /** The variance of the difference between this run's log ratio and a re-run's: twice each part. */
        double variance(RerunComponent part) {
            return 2 * forks + 2 * (moves + part.sd() * part.sd());
        }

        /** Welch-Satterthwaite's degrees of freedom of {@link #variance}. */
        double df(RerunComponent part) {
            return RerunComponent.satterthwaite(2 * forks, forkDf, 2 * (moves + part.sd() * part.sd()), part.df());
        }
    }

    /**
     * The variance of a state's mean log level from its forks and its degrees of freedom, {variance,
     * df}: the spread between its JVMs pooled with the id's spread between JVMs in earlier runs
     * ({@link IdSpread#jvms}, where recorded), over its forks. A spread between JVMs is the id's
     * own (a JIT's or GC's luck per process), steadier over many runs' JVMs than over one run's four:
     * pooled, it neither trusts four JVMs that agreed by chance nor pays Student's t on three
     * degrees of freedom. A state whose JVMs span more than {@link Stats#SPREAD} pools nothing.
     */
    public static double[] meanVariance(Stats.State s) {
        double[] logs = s.forkLevels().stream().mapToDouble(Math::log).toArray();
        double ss = StatUtils.variance(logs) * (logs.length - 1);
        double df = logs.length - 1;
        IdSpread earlier = s.rerun().levels();
        if (earlier != null && earlier.jvmDf() > 0
                && StatUtils.max(logs) - StatUtils.min(logs) <= Math.log(Stats.SPREAD)) {
            ss += earlier.jvms() * earlier.jvms() * earlier.jvmDf();
            df += earlier.jvmDf();
        }
        return new double[] {df > 0 ? ss / df / logs.length : 0, df};
    }

    /** What the log ratio of {@code a} over {@code b} varies by in one run ({@link Spread}). */
    public static Spread spread(Stats.State a, Stats.State b) {
        double[] va = meanVariance(a);
        double[] vb = meanVariance(b);
        double v = va[0] + vb[0];
        double denominator = (va[1] > 0 ? va[0] * va[0] / va[1] : 0) + (vb[1] > 0 ? vb[0] * vb[0] / vb[1] : 0);
        return new Spread(v, denominator == 0 ? 1e6 : Math.max(1, v * v / denominator), move(a) + move(b));
    }

    private static double move(Stats.State s) {
        IdSpread l = s.rerun().levels();
        return l == null ? 0 : l.move() * l.move();
    }

    /**
     * Half the 95% interval of a re-run's log ratio: twice the forks' variance (this run's and the
     * re-run's), twice the ids' own moves and twice the class's component, Student's t on
     * Welch-Satterthwaite's degrees of freedom.
     */
    public static double halfWidth(Spread s, RerunComponent part, double confidence) {
        return RerunComponent.quantile(s.df(part), confidence) * Math.sqrt(s.variance(part));
    }

    /**
     * State {@code a} over state {@code b} of one run, with the 95% interval of a re-run's ratio
     * ({@link #halfWidth}); no interval where a side has fewer than {@link Stats#MIN_INTERVAL} forks.
     */
    public static Stats.Ratio of(Stats.State a, Stats.State b, RerunComponent part) {
        double value = a.level() / b.level();
        if (a.forks() < Stats.MIN_INTERVAL || b.forks() < Stats.MIN_INTERVAL) {
            return new Stats.Ratio(value, null, Double.NaN);
        }
        Spread s = spread(a, b);
        double diff = Math.log(value);
        double half = halfWidth(s, part, Stats.CONFIDENCE);
        double sd = Math.sqrt(s.variance(part));
        double p = sd == 0 ? (diff == 0 ? 1 : 0)
                : 2 * new org.apache.commons.math3.distribution.TDistribution(Math.min(s.df(part), 1e6))
                        .cumulativeProbability(-Math.abs(diff) / sd);
        return new Stats.Ratio(value, new Interval(Math.exp(diff - half), Math.exp(diff + half)), p);
    }

    /** The share of the pairs' two sides whose 95% interval holds the other run's ratio, at {@code part}. */
    public static double coverage(List<Pair> pairs, RerunComponent part) {
        int held = 0;
        for (Pair p : pairs) {
            held += Math.abs(p.difference()) <= p.a().halfWidth(part) ? 1 : 0;
            held += Math.abs(p.difference()) <= p.b().halfWidth(part) ? 1 : 0;
        }
        return pairs.isEmpty() ? Double.NaN : (double) held / (2 * pairs.size());
    }

    /** Each class's component from pairs of ratios; classes with fewer than {@link Rerun#MIN_PAIRS} are left out. */
    public static Map<String, RerunComponent> calibrate(List<Pair> pairs) {
        Map<String, List<Pair>> byKey = new TreeMap<>();
        pairs.forEach(p -> byKey.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(p));
        Map<String, RerunComponent> parts = new TreeMap<>();
        byKey.forEach((key, list) -> {
            if (list.size() >= Rerun.MIN_PAIRS) {
                parts.put(key, new RerunComponent(smallest(list), list.size()));
            }
        });
        return parts;
    }

    /** The smallest sd on the grid at which the intervals hold the other run's ratio in 95% of pairs. */
    static double smallest(List<Pair> pairs) {
        for (int k = 0; k * Rerun.STEP <= Rerun.MAX + 1e-9; k++) {
            if (coverage(pairs, new RerunComponent(k * Rerun.STEP, pairs.size())) >= Rerun.COVERAGE) {
                return k * Rerun.STEP;
            }
        }
        return Rerun.MAX;
    }

    /** The component of class {@code key} in {@code ratios}: its own, else the largest of its kind, else of all. */
    public static RerunComponent part(Map<String, RerunComponent> ratios, String key) {
        RerunComponent p = ratios.get(key);
        if (p != null) {
            return p;
        }
        String kind = key.substring(key.indexOf(' ') + 1);
        return ratios.entrySet().stream().filter(e -> e.getKey().endsWith(kind)).map(Map.Entry::getValue)
                .max(Comparator.comparingDouble(RerunComponent::sd))
                .or(() -> ratios.values().stream().max(Comparator.comparingDouble(RerunComponent::sd)))
                .orElse(RerunComponent.NONE);
    }
}
