package threadring.bench.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The run-to-run component a row's interval carries (estimated by the rerun wing,
 * {@code threadring.bench.rerun}): how far a re-run's level moves beyond what one run's forks see.
 *
 * <p>One class's component: its sd (log), and the pairs of rows it was estimated on (0: assumed);
 * {@code levels}, the row's id's spread of levels over earlier runs where one is known (else null).
 */
public record RerunComponent(double sd, int pairs, IdSpread levels) {
    /** No run-to-run component: the interval is over forks alone. */
    public static final RerunComponent NONE = new RerunComponent(0, 0);

    public RerunComponent(double sd, int pairs) {
        this(sd, pairs, null);
    }

    /** Degrees of freedom of its estimate (large where many pairs back it, small where few). */
    public double df() {
        return Math.max(2, pairs);
    }

    /** The same component for a row whose id's levels spread by {@code s} over earlier runs. */
    public RerunComponent withLevels(IdSpread s) {
        return new RerunComponent(sd, pairs, s);
    }

    /**
     * The variance of one run's level of a row and its degrees of freedom: its forks' mean
     * ({@code variance} over {@code forks}, on {@code forkDf}; the id's JVMs' spread in earlier
     * runs where wider) and the class's component; the id's level's spread between earlier runs
     * where that is wider still.
     */
    public double[] floored(double variance, int forks, double forkDf) {
        double f = variance;
        double fDf = forkDf;
        if (levels != null && levels.jvmDf() > 0 && levels.jvms() * levels.jvms() > f) {
            f = levels.jvms() * levels.jvms();
            fDf = levels.jvmDf();
        }
        double a = f / forks;
        double r = sd * sd;
        double v = a + r;
        if (levels != null && levels.runs() >= IdSpread.MIN_RUNS && levels.level() * levels.level() > v) {
            return new double[] {levels.level() * levels.level(), levels.runs() - 1};
        }
        return new double[] {v, satterthwaite(a, fDf, r, df())};
    }

    /**
     * Half a row's 95% interval for a re-run's level (log terms): its forks' variance
     * {@code variance} over {@code forks} forks, twice (this run's mean and the re-run's), and twice
     * the run-to-run component; Student's t with Welch-Satterthwaite's degrees of freedom.
     */
    public static double halfWidth(double variance, int forks, RerunComponent run) {
        return halfWidth(variance, forks, forks - 1, run, Numbers.CONFIDENCE);
    }

    /** The same with the forks' variance on {@code forkDf} degrees of freedom, at {@code confidence}. */
    public static double halfWidth(double variance, int forks, double forkDf, RerunComponent run, double confidence) {
        double[] level = run.floored(variance, forks, forkDf);
        return quantile(level[1], confidence) * Math.sqrt(2 * level[0]);
    }

    /** Welch-Satterthwaite's degrees of freedom of a sum of two variance estimates. */
    public static double satterthwaite(double a, double dfA, double b, double dfB) {
        double denominator = (dfA > 0 ? a * a / dfA : 0) + (dfB > 0 ? b * b / dfB : 0);
        return denominator == 0 ? 1e6 : Math.max(1, (a + b) * (a + b) / denominator);
    }

    /** The two-sided Student t quantile at {@code confidence}. */
    public static double quantile(double df, double confidence) {
        return new TDistribution(Math.min(df, 1e6)).inverseCumulativeProbability(0.5 + confidence / 2);
    }
}
