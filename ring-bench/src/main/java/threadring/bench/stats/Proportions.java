package threadring.bench.stats;

import org.apache.commons.math3.distribution.HypergeometricDistribution;
import org.apache.commons.math3.stat.interval.ConfidenceInterval;
import org.apache.commons.math3.stat.interval.IntervalUtils;

/**
 * Shares of JVMs: how often a state is reached, with Wilson's score interval, and whether two
 * runs (or JDKs) reach it equally often, with Fisher's exact test (commons-math3 has the
 * hypergeometric distribution it needs, not the test itself).
 */
public final class Proportions {

    private Proportions() {}

    /** The 95% Wilson score interval of {@code successes} in {@code trials}. */
    public static Interval wilson(int successes, int trials) {
        if (trials < 1 || successes < 0 || successes > trials) {
            throw new IllegalArgumentException("a share needs 0 <= successes <= trials, trials >= 1: " + successes
                    + " of " + trials);
        }
        ConfidenceInterval i = IntervalUtils.getWilsonScoreInterval(trials, successes, Numbers.CONFIDENCE);
        return new Interval(Math.max(0, i.getLowerBound()), Math.min(1, i.getUpperBound()));
    }

    /**
     * Fisher's exact test, two-sided, of the table [[a, b], [c, d]]: {@code a} of {@code a + b} JVMs
     * in one run reached a state, {@code c} of {@code c + d} in the other. The p-value sums the
     * probabilities of every table with the same margins that is no more likely than this one.
     */
    public static double fisher(int a, int b, int c, int d) {
        if (a < 0 || b < 0 || c < 0 || d < 0) {
            throw new IllegalArgumentException("negative count in " + a + ", " + b + ", " + c + ", " + d);
        }
        int total = a + b + c + d;
        int reached = a + c;
        int first = a + b;
        if (total == 0) {
            return 1;
        }
        HypergeometricDistribution h = new HypergeometricDistribution(null, total, reached, first);
        double observed = h.probability(a);
        double p = 0;
        for (int x = Math.max(0, first + reached - total); x <= Math.min(reached, first); x++) {
            double px = h.probability(x);
            if (px <= observed * (1 + 1e-7)) {
                p += px;
            }
        }
        return Math.min(1, p);
    }

    /** The power a comparison of shares needs before it is made: 80%. */
    public static final double POWER = 0.80;

    /**
     * The power of Fisher's exact test at p &lt; 0.05 to tell a state reached by 1/3 of JVMs in one
     * run from 2/3 in the other, with {@code n} and {@code m} JVMs: the chance, over the two
     * binomial draws, that the test rejects. Six JVMs a side give it 6%: shares of rows of six
     * JVMs are descriptions, not a comparison.
     */
    public static double fisherPower(int n, int m) {
        if (n < 1 || m < 1) {
            return 0;
        }
        org.apache.commons.math3.distribution.BinomialDistribution x =
                new org.apache.commons.math3.distribution.BinomialDistribution(null, n, 1.0 / 3);
        org.apache.commons.math3.distribution.BinomialDistribution y =
                new org.apache.commons.math3.distribution.BinomialDistribution(null, m, 2.0 / 3);
        double power = 0;
        for (int a = 0; a <= n; a++) {
            for (int c = 0; c <= m; c++) {
                if (fisher(a, n - a, c, m - c) < 1 - Numbers.CONFIDENCE) {
                    power += x.probability(a) * y.probability(c);
                }
            }
        }
        return power;
    }
}
