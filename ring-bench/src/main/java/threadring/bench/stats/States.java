package threadring.bench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Forks that settle at levels far apart. Sorted by level, a fork at either end is one JVM apart
 * where its gap to its neighbour is at least {@link #GAP} and at least {@link #APART} times
 * the spread of the others (their median absolute deviation, which one far JVM does not inflate,
 * at least {@link #SPREAD_FLOOR}), the furthest first, until none is. The rest split into states at
 * their widest gap with two forks on each side, where that gap is at least {@link #GAP} and
 * {@link #SEPARATION} times the spread of the JVMs on either side of it (their pooled standard
 * deviation about their own side's mean); each side splits again the same way. A state (a JIT
 * decision, a GC that promoted the workload, a carrier's cpu) is two forks or more; a JVM apart is
 * reported as such, not as a state.
 *
 * <p>Judging a gap against the spread around it is what stops a chain: forks spread evenly over
 * 1.45x are one wide group (flagged as spread), not a state, where the old rule (any gap of 18%)
 * linked neighbours 15% apart into one "state" of 1.45x and split rows whose JVMs vary by 10% in
 * 13% of them. Calibrated on simulated one-state rows (StatesTest): where JVMs vary by 5% (as the
 * fan-out's do; one-thread rows vary by 1-3%) at most 0.2% of rows split at any fork count; where
 * they vary by 10% (12%), a pilot of four splits 11.6% (17.8%), six forks 4.7% (7.5%) and ten
 * 0.8% (1.2%), which is why a row that looks split gets forks until its shares are known. It finds
 * two equally likely states 1.3x apart at 3% spread in 90% of six-fork rows and 84% of ten-fork rows.
 */
public final class States {

    /** The smallest gap between neighbouring fork levels that separates states: 18%. */
    public static final double GAP = 1.18;
    /** A gap separates states only if it is this many times the spread of the JVMs on either side. */
    public static final double SEPARATION = 4;
    /**
     * A JVM at either end is apart only if its gap is this many times the others' spread: more than
     * a state needs, as the spread of the few others (their median absolute deviation) is often
     * small by chance.
     */
    public static final double APART = 6;
    /** The least spread a side is taken to have (log sd): 1%. */
    static final double SPREAD_FLOOR = 0.01;

    private States() {}

    /** The forks' indexes grouped, fastest group first; a group of one is a JVM apart. */
    static List<List<Integer>> groups(List<Double> levels) {
        List<Integer> sorted = new ArrayList<>(IntStream.range(0, levels.size()).boxed()
                .sorted(Comparator.comparingDouble(levels::get)).toList());
        List<Integer> low = new ArrayList<>();
        List<Integer> high = new ArrayList<>();
        while (sorted.size() >= 3) { // lone JVMs at either end, the furthest first
            double[] x = sorted.stream().mapToDouble(i -> Math.log(levels.get(i))).toArray();
            int n = x.length;
            double lowRatio = (x[1] - x[0]) / Math.max(SPREAD_FLOOR, robustSd(x, 1, n));
            double highRatio = (x[n - 1] - x[n - 2]) / Math.max(SPREAD_FLOOR, robustSd(x, 0, n - 1));
            boolean lowApart = x[1] - x[0] >= Math.log(GAP) && lowRatio >= APART;
            boolean highApart = x[n - 1] - x[n - 2] >= Math.log(GAP) && highRatio >= APART;
            if (highApart && (!lowApart || highRatio >= lowRatio)) {
                high.add(0, sorted.remove(n - 1));
            } else if (lowApart) {
                low.add(sorted.remove(0));
            } else {
                break;
            }
        }
        List<List<Integer>> groups = new ArrayList<>();
        low.forEach(i -> groups.add(List.of(i)));
        split(sorted, levels, groups);
        high.forEach(i -> groups.add(List.of(i)));
        return groups;
    }

    /**
     * States among forks with no lone JVM left at either end: the widest gap with two forks on each
     * side splits where it stands {@link #SEPARATION} times above the spread on either side; where it
     * does not, because a side is itself two clusters (JVMs at 162, 171 | 220, 221, 222 | 276, 296),
     * the forks are cut at every gap of {@link #GAP} or more and a cut is kept where it stands that
     * far above the spread of the two groups beside it ({@link #clusters}).
     */
    private static void split(List<Integer> sorted, List<Double> levels, List<List<Integer>> out) {
        if (sorted.size() < 4) {
            out.add(List.copyOf(sorted));
            return;
        }
        double[] x = sorted.stream().mapToDouble(i -> Math.log(levels.get(i))).toArray();
        int at = 2;
        for (int i = 3; i <= x.length - 2; i++) {
            if (x[i] - x[i - 1] > x[at] - x[at - 1]) {
                at = i;
            }
        }
        double gap = x[at] - x[at - 1];
        double spread = Math.max(SPREAD_FLOOR, pooledSd(x, at));
        if (gap >= Math.log(GAP) && gap >= SEPARATION * spread) {
            split(sorted.subList(0, at), levels, out);
            split(sorted.subList(at, sorted.size()), levels, out);
        } else {
            for (int[] c : clusters(x)) {
                out.add(List.copyOf(sorted.subList(c[0], c[1])));
            }
        }
    }

    /**
     * Clusters of sorted log levels {@code x}, as [from, to) ranges: cut at every gap of
     * {@link #GAP} or more that leaves two forks or more on each side, then, the least separated
     * first, each cut whose gap is under {@link #SEPARATION} times the pooled spread of the two
     * groups beside it undone, until every cut left stands clear of both its neighbours.
     */
    static List<int[]> clusters(double[] x) {
        List<Integer> cuts = new ArrayList<>();
        int last = 0;
        for (int i = 2; i <= x.length - 2; i++) {
            if (x[i] - x[i - 1] >= Math.log(GAP) && i - last >= 2) {
                cuts.add(i);
                last = i;
            }
        }
        while (!cuts.isEmpty() && x.length - cuts.get(cuts.size() - 1) < 2) {
            cuts.remove(cuts.size() - 1);
        }
        while (true) {
            int weakest = -1;
            double weakestScore = Double.POSITIVE_INFINITY;
            for (int k = 0; k < cuts.size(); k++) {
                int from = k == 0 ? 0 : cuts.get(k - 1);
                int to = k == cuts.size() - 1 ? x.length : cuts.get(k + 1);
                int at = cuts.get(k);
                double spread = Math.max(SPREAD_FLOOR, pooledSd(Arrays.copyOfRange(x, from, to), at - from));
                double score = (x[at] - x[at - 1]) / spread;
                if (score < SEPARATION && score < weakestScore) {
                    weakest = k;
                    weakestScore = score;
                }
            }
            if (weakest < 0) {
                break;
            }
            cuts.remove(weakest);
        }
        List<int[]> out = new ArrayList<>();
        int from = 0;
        for (int at : cuts) {
            out.add(new int[] {from, at});
            from = at;
        }
        out.add(new int[] {from, x.length});
        return out;
    }

    /** The median absolute deviation of x[from..to) scaled to a normal's sd: the spread that one far value does not inflate. */
    static double robustSd(double[] x, int from, int to) {
        double median = Numbers.median(Arrays.stream(x, from, to));
        return 1.4826 * Numbers.median(Arrays.stream(x, from, to).map(v -> Math.abs(v - median)));
    }

    /** The pooled sd of x[0..at) and x[at..n) about their own means (0 where neither side has two values). */
    static double pooledSd(double[] x, int at) {
        double ss = 0;
        int df = 0;
        for (int[] side : new int[][] {{0, at}, {at, x.length}}) {
            int n = side[1] - side[0];
            if (n < 2) {
                continue;
            }
            double mean = 0;
            for (int i = side[0]; i < side[1]; i++) {
                mean += x[i] / n;
            }
            for (int i = side[0]; i < side[1]; i++) {
                ss += (x[i] - mean) * (x[i] - mean);
            }
            df += n - 1;
        }
        return df == 0 ? 0 : Math.sqrt(ss / df);
    }
}
