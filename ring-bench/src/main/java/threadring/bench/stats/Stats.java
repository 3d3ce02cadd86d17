package threadring.bench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.commons.math3.stat.inference.OneWayAnova;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * What the passes of one id say, with the JVM as the unit of repetition: passes inside one fork
 * share that JVM's JIT decisions, heap layout and scheduler luck, so they agree with each other
 * far better than with another fork (here up to 2.6x between forks, 10% inside one). Each fork
 * therefore counts once, through its median pass; intervals come from the spread of those fork
 * medians (Student t on their logarithms, k-1 degrees of freedom; cf. Georges, Buytaert and
 * Eeckhout, "Statistically rigorous Java performance evaluation", 2007), and ratios from Welch's
 * t on the same logarithms. All distributions and tests are commons-math3's.
 */
public final class Stats {

    /** Confidence of every interval and test. */
    public static final double CONFIDENCE = 0.95;
    /** Fork medians further apart than this always make a row unstable. */
    public static final double UNSTABLE_SPREAD = 1.30;
    /** Below this p-value (one-way ANOVA over forks) fork medians disagree beyond their passes' noise. */
    public static final double UNSTABLE_P = 0.001;
    /**
     * Measured iterations that still fall (or rise) by more than this from a fork's first to its
     * last, with a trend beyond their noise (p &lt; {@link #DRIFT_P}), make a row unstable: its
     * forks were not yet in steady state.
     */
    public static final double DRIFT = 0.10;
    /**
     * The trend's test is looser than the forks' ANOVA: a missed trend reports a number that is
     * not steady as if it were, a false one only withholds verdicts. At p &lt; 0.001 a fork-wide
     * 27% rise over 3 x 5 iterations (coroutines/continuation-loop, run 20261124-000929, t=4.1)
     * went unflagged.
     */
    public static final double DRIFT_P = 0.01;

    private static final TTest T_TEST = new TTest();

    private Stats() {}

    public record Interval(double low, double high) {
        public boolean contains(double v) {
            return low <= v && v <= high;
        }

        public boolean excludes(double v) {
            return v < low || v > high;
        }
    }

    /**
     * One id: the median of all passes, each fork's median, min and max, the 95% interval
     * (null with fewer than two forks: one JVM says nothing about the next), and why the row is
     * unstable (null if it is not).
     */
    public record Summary(int forks, int samples, double median, List<Double> forkMedians, double min, double max,
            Interval interval, String unstable) {

        public boolean isUnstable() {
            return unstable != null;
        }

        public double[] logForkMedians() {
            return forkMedians.stream().mapToDouble(Math::log).toArray();
        }
    }

    /** A ratio a/b of two summaries: the ratio of their medians, a 95% interval and Welch's p-value. */
    public record Ratio(double value, Interval interval, double p) {
        /** True when the interval lies wholly on one side of 1 (the test rejects "no difference"). */
        public boolean separates() {
            return interval != null && interval.excludes(1.0);
        }
    }

    /** Summarises passes given per fork (any unit; the report uses ns per hop). */
    public static Summary summarize(List<List<Double>> byFork) {
        List<double[]> forks = new ArrayList<>();
        for (List<Double> f : byFork) {
            if (!f.isEmpty()) {
                forks.add(f.stream().mapToDouble(Double::doubleValue).toArray());
            }
        }
        if (forks.isEmpty()) {
            throw new IllegalArgumentException("no passes to summarise");
        }
        double[] all = forks.stream().flatMapToDouble(Arrays::stream).toArray();
        List<Double> medians = forks.stream().map(f -> new Median().evaluate(f)).toList();
        Interval interval = null;
        String unstable = null;
        if (forks.size() >= 2) {
            double[] logs = medians.stream().mapToDouble(Math::log).toArray();
            double half = t(forks.size() - 1) * Math.sqrt(StatUtils.variance(logs) / logs.length);
            double centre = StatUtils.mean(logs);
            interval = new Interval(Math.exp(centre - half), Math.exp(centre + half));
            unstable = instability(forks, medians);
        }
        return new Summary(forks.size(), all.length, new Median().evaluate(all), medians, StatUtils.min(all),
                StatUtils.max(all), interval, unstable);
    }

    /** Why the forks disagree, or null if they agree within their own passes' noise. */
    private static String instability(List<double[]> forks, List<Double> medians) {
        double lo = medians.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double hi = medians.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        if (hi / lo > UNSTABLE_SPREAD) {
            return String.format(Locale.ROOT, "fork medians %.2fx apart", hi / lo);
        }
        String drift = drift(forks);
        if (drift != null) {
            return drift;
        }
        if (forks.stream().allMatch(f -> f.length >= 2)) {
            List<double[]> logs = forks.stream().map(f -> Arrays.stream(f).map(Math::log).toArray()).toList();
            double p = new OneWayAnova().anovaPValue(logs);
            if (p < UNSTABLE_P) {
                return String.format(Locale.ROOT, "forks differ beyond their passes' noise (ANOVA p=%.1g)", p);
            }
        }
        return null;
    }

    /**
     * A trend across the measured iterations of every fork (least squares of log time on the
     * iteration's index, one intercept per fork), or null: why the row is not in steady state.
     */
    public static String drift(List<double[]> forks) {
        double sxx = 0;
        double sxy = 0;
        double syy = 0;
        int n = 0;
        int longest = 0;
        List<double[]> used = forks.stream().filter(f -> f.length >= 3).toList();
        for (double[] f : used) {
            double[] y = Arrays.stream(f).map(Math::log).toArray();
            double mx = (f.length - 1) / 2.0;
            double my = StatUtils.mean(y);
            for (int i = 0; i < f.length; i++) {
                sxx += (i - mx) * (i - mx);
                sxy += (i - mx) * (y[i] - my);
                syy += (y[i] - my) * (y[i] - my);
            }
            n += f.length;
            longest = Math.max(longest, f.length);
        }
        int df = n - used.size() - 1;
        if (df < 2 || sxx == 0) {
            return null;
        }
        double slope = sxy / sxx;
        double sse = Math.max(0, syy - slope * sxy);
        double change = Math.exp(slope * (longest - 1)) - 1;
        if (Math.abs(change) <= DRIFT) {
            return null;
        }
        double p = sse == 0 ? 0 : 2 * new TDistribution(df)
                .cumulativeProbability(-Math.abs(slope) / Math.sqrt(sse / df / sxx));
        if (p >= DRIFT_P) {
            return null;
        }
        return String.format(Locale.ROOT, "not steady: passes %s %.0f%% from a fork's first measured iteration "
                + "to its last (p=%.1g)", change < 0 ? "fell" : "rose", Math.abs(change) * 100, p);
    }

    /** The median of the finite values (the mean of the middle two for an even count), NaN if there are none. */
    public static double median(java.util.stream.DoubleStream values) {
        double[] v = values.filter(Double::isFinite).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /** a / b; interval and p need two forks on each side. */
    public static Ratio ratio(Summary a, Summary b) {
        double value = a.median() / b.median();
        if (a.forks() < 2 || b.forks() < 2) {
            return new Ratio(value, null, Double.NaN);
        }
        double[] la = a.logForkMedians();
        double[] lb = b.logForkMedians();
        double diff = StatUtils.mean(la) - StatUtils.mean(lb);
        double va = StatUtils.variance(la);
        double vb = StatUtils.variance(lb);
        double se = Math.sqrt(va / la.length + vb / lb.length);
        if (se == 0) { // identical forks on both sides: only possible with synthetic data
            return new Ratio(value, new Interval(Math.exp(diff), Math.exp(diff)), diff == 0 ? 1 : 0);
        }
        double half = t(Welch.degrees(va, vb, la.length, lb.length)) * se;
        return new Ratio(value, new Interval(Math.exp(diff - half), Math.exp(diff + half)), T_TEST.tTest(la, lb));
    }

    /** The two-sided Student t quantile for {@link #CONFIDENCE}. */
    private static double t(double degreesOfFreedom) {
        return new TDistribution(degreesOfFreedom).inverseCumulativeProbability(0.5 + CONFIDENCE / 2);
    }

    /** commons-math3's Welch-Satterthwaite degrees of freedom (protected in TTest). */
    private static final class Welch extends TTest {
        private static final Welch INSTANCE = new Welch();

        static double degrees(double va, double vb, double na, double nb) {
            return INSTANCE.df(va, vb, na, nb);
        }
    }
}
