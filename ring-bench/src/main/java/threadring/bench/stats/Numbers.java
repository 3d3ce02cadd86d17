package threadring.bench.stats;

import java.util.Locale;
import java.util.stream.DoubleStream;
import org.apache.commons.math3.distribution.TDistribution;

/** The small arithmetic every statistic here shares: the confidence, medians, Student's t, how a level is written. */
public final class Numbers {

    /** Confidence of every interval and test. */
    public static final double CONFIDENCE = 0.95;

    private Numbers() {}

    /** The median of the finite values (the mean of the middle two for an even count), NaN if there are none. */
    public static double median(DoubleStream values) {
        double[] v = values.filter(Double::isFinite).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /** The two-sided Student t quantile for {@link #CONFIDENCE}. */
    public static double t(double degreesOfFreedom) {
        return new TDistribution(degreesOfFreedom).inverseCumulativeProbability(0.5 + CONFIDENCE / 2);
    }

    /** A level as the tables write it: 2 decimals under 10, 1 under 1,000, none above. */
    public static String number(double v) {
        return String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 1000 ? "%.1f" : "%,.0f", v);
    }
}
