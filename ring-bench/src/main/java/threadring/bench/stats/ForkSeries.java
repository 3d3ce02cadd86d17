package threadring.bench.stats;

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

    /** Its classification and steady level. */
    public Steady steady() {
        return Steady.of(values, warmups, seconds);
    }
}
