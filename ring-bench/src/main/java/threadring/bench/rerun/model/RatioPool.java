package threadring.bench.rerun.model;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import threadring.bench.stats.Interval;
import threadring.bench.stats.RerunComponent;
import threadring.bench.stats.Stats;

/**
 * The ratio of two ids pooled over several alike runs: a random-effects mean of each run's log
 * ratio, weighted by what each run's ratio varies by around the machine's (its forks, the ids' own
 * moves and the class's run-to-run component, {@link RatioRerun.Spread}), with the 95% interval a
 * re-run of as many alike runs would pool to. It narrows as runs are added, about as the square
 * root of their number; one run's pool is that run's ratio and interval ({@link RatioRerun#of}).
 *
 * <p>Runs that disagree more than their spreads say (Cochran's Q over its k-1 degrees of freedom
 * above 1) are not trusted to average out: the variance is scaled by their observed dispersion,
 * Q/(k-1), on k-1 degrees of freedom (Knapp and Hartung's adjustment, applied only where it widens:
 * across-cpu ratios of the committed sweeps of 2026-11-28 held 87% of a second pool's without it).
 */
public final class RatioPool {

    private RatioPool() {}

    /** One run's log ratio of the two states and what it varies by in that run. */
    public record Side(double logRatio, RatioRerun.Spread spread) {}

    /** The pooled ratio of {@code sides} (one per run, at least one) at the class's component {@code part}. */
    public static Stats.Ratio of(List<Side> sides, RerunComponent part) {
        return of(sides, part, 0);
    }

    /**
     * The same with {@code between} added to each run's variance: the class's variance between runs
     * beyond its component ({@link #between}).
     */
    public static Stats.Ratio of(List<Side> sides, RerunComponent part, double between) {
        if (sides.isEmpty()) {
            throw new IllegalArgumentException("a pool needs a run");
        }
        int k = sides.size();
        double[] v = sides.stream().mapToDouble(s -> s.spread().variance(part) / 2 + between).toArray();
        double sumW = 0;
        double sumWd = 0;
        for (int i = 0; i < k; i++) {
            sumW += 1 / v[i];
            sumWd += sides.get(i).logRatio() / v[i];
        }
        double mean = sumWd / sumW;
        double variance = 1 / sumW;
        double numerator = 0;
        double denominator = 0;
        double q = 0;
        for (int i = 0; i < k; i++) {
            double share = (1 / v[i]) / sumW;
            double term = share * share * v[i];
            numerator += term;
            denominator += term * term / sides.get(i).spread().df(part);
            q += Math.pow(sides.get(i).logRatio() - mean, 2) / v[i];
        }
        double df = numerator * numerator / denominator;
        if (k > 1 && q > k - 1) {
            variance *= q / (k - 1);
            df = Math.min(df, k - 1);
        }
        double sd = Math.sqrt(2 * variance); // this pool's mean against a re-run's: twice
        double half = RerunComponent.quantile(df, Stats.CONFIDENCE) * sd;
        double p = sd == 0 ? (mean == 0 ? 1 : 0)
                : 2 * new TDistribution(Math.min(df, 1e6)).cumulativeProbability(-Math.abs(mean) / sd);
        return new Stats.Ratio(Math.exp(mean), new Interval(Math.exp(mean - half), Math.exp(mean + half)), p);
    }

    /**
     * A class's variance between runs beyond what its ratios' spreads say, from every ratio of the
     * class in a pool ({@code ratios}: each one's sides, two runs or more): DerSimonian and Laird's
     * moment estimate, the excess of Cochran's Q over its degrees of freedom summed over the
     * ratios, never below 0.
     */
    public static double between(List<List<Side>> ratios, RerunComponent part) {
        double q = 0;
        double df = 0;
        double scale = 0;
        for (List<Side> sides : ratios) {
            if (sides.size() < 2) {
                continue;
            }
            double[] w = sides.stream().mapToDouble(s -> 2 / s.spread().variance(part)).toArray();
            double sumW = 0;
            double sumW2 = 0;
            double sumWd = 0;
            for (int i = 0; i < w.length; i++) {
                sumW += w[i];
                sumW2 += w[i] * w[i];
                sumWd += w[i] * sides.get(i).logRatio();
            }
            double mean = sumWd / sumW;
            for (int i = 0; i < w.length; i++) {
                q += w[i] * Math.pow(sides.get(i).logRatio() - mean, 2);
            }
            df += w.length - 1;
            scale += sumW - sumW2 / sumW;
        }
        return scale == 0 ? 0 : Math.max(0, (q - df) / scale);
    }
}
