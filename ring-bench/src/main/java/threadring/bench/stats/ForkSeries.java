package threadring.bench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One JVM's iterations in order, warm-up first: each one's value (ns per step, or any unit) and
 * its length in seconds (null: unknown, one second each); the first {@code warmups} are warm-up.
 */
public record ForkSeries(double[] values, int warmups, double[] seconds) {

    public ForkSeries {
        if (values.length <= warmups || warmups < 0) {
            throw new IllegalArgumentException("a fork needs a measured iteration: " + values.length
                    + " iterations, " + warmups + " of them warm-up");
        }
        if (seconds != null && seconds.length != values.length) {
            throw new IllegalArgumentException(seconds.length + " lengths for " + values.length + " iterations");
        }
    }

    /** A fork known only by its measured values. */
    public static ForkSeries measured(List<Double> values) {
        return new ForkSeries(values.stream().mapToDouble(Double::doubleValue).toArray(), 0, null);
    }

    /** Its measured iterations. */
    public double[] measured() {
        return Arrays.copyOfRange(values, warmups, values.length);
    }

    /** Its classification and steady level, judged on its own noise. */
    public Steady steady() {
        return Steady.of(values, warmups, seconds);
    }

    /** Its classification and steady level, its noise at least {@code noise} (its row's: {@link #noise}). */
    public Steady steady(double noise) {
        return Steady.of(values, warmups, seconds, noise);
    }

    /**
     * The noise of a row's JVMs together: the robust sd of every fork's successive log differences
     * pooled ({@link Changepoints#noise} over all of them), which a fork of ten iterations alone
     * estimates too poorly to judge its own changes by.
     */
    public static double noise(List<ForkSeries> forks) {
        List<Double> diffs = new ArrayList<>();
        for (ForkSeries f : forks) {
            for (int i = 1; i < f.values.length; i++) {
                diffs.add(Math.abs(Math.log(f.values[i]) - Math.log(f.values[i - 1])));
            }
        }
        if (diffs.size() < 2) {
            return Changepoints.NOISE_FLOOR;
        }
        return Math.max(Changepoints.NOISE_FLOOR, Numbers.median(diffs.stream().mapToDouble(Double::doubleValue))
                * 1.4826 / Math.sqrt(2));
    }
}
