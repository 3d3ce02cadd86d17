package threadring.bench.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * Changepoints in one JVM's series of iterations: PELT (Killick, Fearnhead and Eckley 2012), the
 * exact search R's {@code changepoint::cpt.meanvar} runs and Barrett et al. ("Virtual Machine
 * Warmup Blows Hot and Cold", OOPSLA 2017) used on every process execution, with the same cost (a
 * normal change in mean and variance, -2 log likelihood) and penalty ({@code 15 ln n}), here on
 * the logarithm of each iteration's time. Each segment's variance has a floor, the noise of a
 * timer rather than of the JVM, so that two nearly equal iterations do not make a segment of
 * their own.
 */
public final class Changepoints {

    /** Barrett et al.'s penalty factor: {@code 15 ln n}. */
    static final double PENALTY = 15;
    /** The shortest segment. */
    static final int MIN_SEGMENT = 2;
    /** The variance floor of a segment of log times: 0.5%. */
    static final double NOISE_FLOOR = 0.005 * 0.005;

    private Changepoints() {}

    /** One segment: iterations {@code from} (inclusive) to {@code to} (exclusive), its mean and variance. */
    public record Segment(int from, int to, double mean, double variance) {
        public int length() {
            return to - from;
        }
    }

    /** The segments of {@code x} (already on the log scale), in order; one segment when nothing changes. */
    public static List<Segment> segments(double[] x) {
        int n = x.length;
        if (n == 0) {
            return List.of();
        }
        double[] s1 = new double[n + 1];
        double[] s2 = new double[n + 1];
        for (int i = 0; i < n; i++) {
            s1[i + 1] = s1[i] + x[i];
            s2[i + 1] = s2[i] + x[i] * x[i];
        }
        List<Integer> ends = new ArrayList<>();
        if (n >= 2 * MIN_SEGMENT) {
            double beta = PENALTY * Math.log(n);
            double[] f = new double[n + 1];
            int[] last = new int[n + 1];
            f[0] = -beta;
            List<Integer> candidates = new ArrayList<>(List.of(0));
            for (int t = MIN_SEGMENT; t <= n; t++) {
                if (t < 2 * MIN_SEGMENT) {
                    f[t] = cost(s1, s2, 0, t);
                    last[t] = 0;
                    if (t == 2 * MIN_SEGMENT - 1) {
                        candidates.add(MIN_SEGMENT); // the first end that leaves room for a segment after it
                    }
                    continue;
                }
                double best = Double.POSITIVE_INFINITY;
                int arg = 0;
                double[] c = new double[candidates.size()];
                for (int k = 0; k < candidates.size(); k++) {
                    int tau = candidates.get(k);
                    c[k] = f[tau] + cost(s1, s2, tau, t) + beta;
                    if (c[k] < best) {
                        best = c[k];
                        arg = tau;
                    }
                }
                f[t] = best;
                last[t] = arg;
                List<Integer> kept = new ArrayList<>();
                for (int k = 0; k < candidates.size(); k++) {
                    if (c[k] <= best + beta) {
                        kept.add(candidates.get(k));
                    }
                }
                kept.add(t - MIN_SEGMENT + 1);
                candidates = kept;
            }
            for (int t = n; t > 0; t = last[t]) {
                ends.add(0, t);
            }
        } else {
            ends.add(n);
        }
        List<Segment> segments = new ArrayList<>();
        int from = 0;
        for (int to : ends) {
            int m = to - from;
            double mean = (s1[to] - s1[from]) / m;
            double var = Math.max(0, (s2[to] - s2[from]) / m - mean * mean);
            segments.add(new Segment(from, to, mean, var));
            from = to;
        }
        return segments;
    }

    /** -2 log likelihood of x[a..b) as one normal segment (MLE mean and variance, variance floored). */
    static double cost(double[] s1, double[] s2, int a, int b) {
        int m = b - a;
        double mean = (s1[b] - s1[a]) / m;
        double v = Math.max(NOISE_FLOOR, (s2[b] - s2[a]) / m - mean * mean);
        return m * (Math.log(2 * Math.PI) + Math.log(v) + 1);
    }
}
