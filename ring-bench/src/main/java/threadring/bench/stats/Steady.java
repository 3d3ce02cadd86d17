package threadring.bench.stats;

import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * One JVM's whole series of iterations (warm-up included) classified the way Barrett et al. do
 * each process execution: its changepoints ({@link Changepoints}), then its steady state, the
 * last segment with the segments before it that are equivalent to it (means within
 * {@link #EQUIVALENT}, or within the segments' own noise). Flat: no segment differs; warm-up: the
 * nearest one that differs was slower; slowdown: it was faster; no steady state: the steady state
 * holds fewer than {@link #MIN_STEADY} measured iterations (a fork measured once, as an echo
 * server's repetition is, cannot tell and counts as flat). The fork's level is the median of its
 * measured iterations in the steady state; where the steady state began only during the measured
 * iterations, the fork settled late and says so.
 */
public record Steady(Kind kind, int settledAt, double settledSeconds, boolean late, double level,
        List<Changepoints.Segment> segments) {

    /** Segments whose means are within 5% of each other are one level. */
    public static final double EQUIVALENT = Math.log(1.05);
    /** A steady state needs at least this many measured iterations (or all of them, where fewer were measured). */
    public static final int MIN_STEADY = 3;

    public enum Kind {
        FLAT("flat"), WARMUP("warm-up"), SLOWDOWN("slowdown"), NONE("no steady state");

        public final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    /**
     * Classifies a fork: {@code values} are its iterations in order (any unit, e.g. ns per step),
     * the first {@code warmups} of them warm-up; {@code seconds} each iteration's length (null: one
     * second each).
     */
    public static Steady of(double[] values, int warmups, double[] seconds) {
        if (values.length <= warmups) {
            throw new IllegalArgumentException("a fork needs a measured iteration: " + values.length + " iterations, "
                    + warmups + " of them warm-up");
        }
        double[] logs = Arrays.stream(values).map(Math::log).toArray();
        List<Changepoints.Segment> segments = Changepoints.segments(logs);
        Changepoints.Segment last = segments.get(segments.size() - 1);
        int first = segments.size() - 1;
        Kind kind = Kind.FLAT;
        for (int i = segments.size() - 2; i >= 0; i--) {
            Changepoints.Segment s = segments.get(i);
            if (equivalent(s, last)) {
                if (kind == Kind.FLAT) {
                    first = i; // contiguous with the steady state
                }
                continue;
            }
            kind = s.mean() < last.mean() ? Kind.SLOWDOWN : Kind.WARMUP;
            break;
        }
        int settledAt = segments.get(first).from();
        int from = Math.max(settledAt, warmups);
        double[] steady = Arrays.copyOfRange(values, from, values.length);
        if (steady.length < Math.min(MIN_STEADY, values.length - warmups)) {
            kind = Kind.NONE;
            steady = Arrays.copyOfRange(values, warmups, values.length);
        }
        double at = 0;
        for (int i = 0; i < settledAt; i++) {
            at += seconds == null ? 1 : seconds[i];
        }
        return new Steady(kind, settledAt, at, settledAt > warmups, new Median().evaluate(steady), segments);
    }

    /** Whether two segments are one level: means within {@link #EQUIVALENT} or within their own noise. */
    static boolean equivalent(Changepoints.Segment a, Changepoints.Segment b) {
        double noise = 2 * Math.sqrt(Math.max(a.variance(), b.variance()));
        return Math.abs(a.mean() - b.mean()) <= Math.max(EQUIVALENT, noise);
    }
}
