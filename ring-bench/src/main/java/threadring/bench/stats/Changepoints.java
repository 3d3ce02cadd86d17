package threadring.bench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Changepoints in one JVM's series of iterations, on the logarithm of each iteration's time: PELT
 * (Killick, Fearnhead and Eckley 2012), the exact search Barrett et al. ("Virtual Machine Warmup
 * Blows Hot and Cold", OOPSLA 2017) ran on every process execution, here for a change in mean at
 * a known noise (the normal cost of R's {@code cpt.mean}), the way warmup_stats prepares a series:
 *
 * <ul>
 *   <li>the noise is the series' own, read robustly from the successive differences of its second
 *       half (where a JVM has settled, if it does: a warm-up's steps would inflate it; a change of
 *       level adds one difference, which the median ignores), at least {@link #NOISE_FLOOR}, and never below a
 *       {@code hint} (the same row's other JVMs: a fork of ten iterations estimates its own noise
 *       poorly, and an underestimate makes changes out of noise);
 *   <li>an interior iteration further than {@link #OUTLIER} noises from the median of its
 *       {@link #WINDOW} neighbours before it and from that of those after it is an outlier (a
 *       collection, a migration, a neighbour on the host) and is left out of the search; the first
 *       and last {@link #WINDOW} never are, so a change of level at either end is not mistaken for
 *       outliers;
 *   <li>the penalty is {@link #PENALTY} ln n per changepoint: with eight measured iterations after
 *       two warm-up ones it finds a +20% step at 3% noise in 86% of simulated forks and calls a
 *       change of more than 3% where there is none in 3% (SteadyTest). Barrett et al.'s 15 ln n,
 *       made for thousands of iterations, found such a step in 10% of the five-iteration forks this
 *       suite used to measure.
 * </ul>
 */
public final class Changepoints {

    /** The penalty factor: {@code 4 ln n} per changepoint. */
    static final double PENALTY = 4;
    /** The shortest segment. */
    static final int MIN_SEGMENT = 2;
    /** The least noise of a series of log times: 0.5% (a timer's, not a JVM's). */
    public static final double NOISE_FLOOR = 0.005;
    /** An interior iteration this many noises from its neighbours' median is an outlier. */
    static final double OUTLIER = 5;
    /** Neighbours on each side an outlier is judged against. */
    static final int WINDOW = 3;

    private Changepoints() {}

    /**
     * One segment: iterations {@code from} (inclusive) to {@code to} (exclusive) of the series, the
     * mean and variance of its iterations that are not outliers.
     */
    public record Segment(int from, int to, double mean, double variance) {
        public int length() {
            return to - from;
        }
    }

    /** The segments, the noise the search assumed, and the iterations it left out as outliers. */
    public record Analysis(List<Segment> segments, double noise, List<Integer> outliers) {}

    /**
     * The noise of a series of log times: the median absolute successive difference, scaled to a
     * normal's standard deviation ({@code 1.4826 / sqrt 2}), at least {@link #NOISE_FLOOR}.
     */
    public static double noise(double[] x) {
        if (x.length < 3) {
            return NOISE_FLOOR;
        }
        double[] d = new double[x.length - 1];
        for (int i = 1; i < x.length; i++) {
            d[i - 1] = Math.abs(x[i] - x[i - 1]);
        }
        return Math.max(NOISE_FLOOR, Numbers.median(Arrays.stream(d)) * 1.4826 / Math.sqrt(2));
    }

    /** The segments of {@code x} (already on the log scale), in order; one segment when nothing changes. */
    public static List<Segment> segments(double[] x) {
        return analyse(x, 0).segments();
    }

    /** The whole analysis of {@code x}, its noise at least {@code noiseHint}. */
    public static Analysis analyse(double[] x, double noiseHint) {
        int n = x.length;
        if (n == 0) {
            return new Analysis(List.of(), NOISE_FLOOR, List.of());
        }
        double sigma = Math.max(noise(Arrays.copyOfRange(x, Math.min(x.length / 2, Math.max(0, x.length - 4)), x.length)),
                noiseHint);
        List<Integer> outliers = outliers(x, sigma);
        int[] kept = IntStream.range(0, n).filter(i -> !outliers.contains(i)).toArray();
        double[] y = Arrays.stream(kept).mapToDouble(i -> x[i]).toArray();
        List<Integer> ends = ends(y, sigma);
        List<Segment> segments = new ArrayList<>();
        int from = 0;
        for (int k = 0; k < ends.size(); k++) {
            int to = ends.get(k);
            double[] part = Arrays.copyOfRange(y, from, to);
            double mean = Arrays.stream(part).average().orElseThrow();
            double var = Arrays.stream(part).map(v -> (v - mean) * (v - mean)).sum() / part.length;
            // back to the series' own indexes: a segment runs up to the next one's first kept iteration
            int start = k == 0 ? 0 : kept[from];
            int end = k == ends.size() - 1 ? n : kept[to];
            segments.add(new Segment(start, end, mean, var));
            from = to;
        }
        return new Analysis(segments, sigma, outliers);
    }

    /**
     * Interior iterations far from the median of their neighbours on each side: a spike stands apart
     * from both sides, an iteration at a change of level is close to one of them.
     */
    static List<Integer> outliers(double[] x, double sigma) {
        List<Integer> out = new ArrayList<>();
        for (int i = WINDOW; i < x.length - WINDOW; i++) {
            double left = Numbers.median(Arrays.stream(x, i - WINDOW, i));
            double right = Numbers.median(Arrays.stream(x, i + 1, i + 1 + WINDOW));
            if (Math.abs(x[i] - left) > OUTLIER * sigma && Math.abs(x[i] - right) > OUTLIER * sigma) {
                out.add(i);
            }
        }
        return out;
    }

    /** PELT: the end of each segment of {@code y}, the last one {@code y.length}. */
    private static List<Integer> ends(double[] y, double sigma) {
        int n = y.length;
        List<Integer> ends = new ArrayList<>();
        if (n < 2 * MIN_SEGMENT) {
            ends.add(n);
            return ends;
        }
        double[] s1 = new double[n + 1];
        double[] s2 = new double[n + 1];
        for (int i = 0; i < n; i++) {
            s1[i + 1] = s1[i] + y[i];
            s2[i + 1] = s2[i] + y[i] * y[i];
        }
        double beta = PENALTY * Math.log(n);
        double[] f = new double[n + 1];
        int[] last = new int[n + 1];
        Arrays.fill(f, Double.POSITIVE_INFINITY);
        f[0] = -beta;
        List<Integer> candidates = new ArrayList<>(List.of(0));
        for (int t = MIN_SEGMENT; t <= n; t++) {
            double best = Double.POSITIVE_INFINITY;
            int arg = 0;
            double[] c = new double[candidates.size()];
            for (int k = 0; k < candidates.size(); k++) {
                int tau = candidates.get(k);
                c[k] = t - tau < MIN_SEGMENT || Double.isInfinite(f[tau]) ? Double.POSITIVE_INFINITY
                        : f[tau] + cost(s1, s2, tau, t, sigma) + beta;
                if (c[k] < best) {
                    best = c[k];
                    arg = tau;
                }
            }
            f[t] = best;
            last[t] = arg;
            List<Integer> kept = new ArrayList<>();
            for (int k = 0; k < candidates.size(); k++) {
                if (t - candidates.get(k) < MIN_SEGMENT || c[k] - beta <= best) { // PELT's pruning
                    kept.add(candidates.get(k));
                }
            }
            if (t - MIN_SEGMENT + 1 >= MIN_SEGMENT) {
                kept.add(t - MIN_SEGMENT + 1);
            }
            candidates = kept;
        }
        for (int t = n; t > 0; t = last[t]) {
            ends.add(0, t);
        }
        return ends;
    }

    /** The squared residuals of y[a..b) about their mean, in units of the noise: a segment's normal cost. */
    static double cost(double[] s1, double[] s2, int a, int b, double sigma) {
        int m = b - a;
        double mean = (s1[b] - s1[a]) / m;
        return Math.max(0, (s2[b] - s2[a]) - m * mean * mean) / (sigma * sigma);
    }
}
