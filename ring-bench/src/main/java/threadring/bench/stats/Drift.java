package threadring.bench.stats;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * A trend across the measured iterations of every fork (least squares of log time on the
 * iteration's index, one intercept per fork): its forks were not in steady state. Flagged only
 * when the change from a fork's first measured iteration to its last is larger than
 * {@link #EFFECT} and beyond the iterations' noise ({@link #P}); a clear trend smaller than
 * that, or a large one lost in noise, is no flag.
 */
public final class Drift {

    /** The smallest change that flags a row: 10% from a fork's first measured iteration to its last. */
    public static final double EFFECT = 0.10;
    /**
     * And the trend must stand out of the noise: at p &lt; 0.001 a fork-wide 27% rise over
     * 3 x 5 iterations (coroutines/continuation-loop, run 20261124-000929, t = 4.1) went unflagged.
     */
    public static final double P = 0.01;

    private Drift() {}

    /** The drift's flag, or null. */
    static Stats.Flag of(List<double[]> forks) {
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
        if (Math.abs(change) <= EFFECT) {
            return null;
        }
        double p = sse == 0 ? 0 : 2 * new TDistribution(df)
                .cumulativeProbability(-Math.abs(slope) / Math.sqrt(sse / df / sxx));
        if (p >= P) {
            return null;
        }
        return new Stats.Flag(Stats.Cause.DRIFT, String.format(Locale.ROOT, "passes %s %.0f%% from a fork's first "
                + "measured iteration to its last (p=%.1g)", change < 0 ? "fell" : "rose", Math.abs(change) * 100, p));
    }
}
