package threadring.bench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * One JVM's whole series of iterations (warm-up included) classified the way Barrett et al. do
 * each process execution: its changepoints ({@link Changepoints}), then its steady state, the last
 * segment with the segments before it whose means are within {@link #EQUIVALENT} of the last one's
 * (judged against the steady segment itself: a noisy first segment is not "equivalent" because it
 * is noisy). A segment of at most {@link #EXCURSION} iterations between two segments at the steady
 * level is an excursion (a collection, a neighbour on the host), not a change. Flat: no segment
 * differs; warm-up: the nearest one that differs was slower; slowdown: it was faster; no steady
 * state: the steady state holds fewer than {@link #MIN_STEADY} measured iterations (a fork
 * measured once, as an echo server's repetition is, cannot tell and counts as flat). The fork's
 * level is the median of its measured iterations in the steady state; where the steady state began
 * only during the measured iterations, the fork settled late (it switched from {@link #before} to
 * its level while measured) and says so.
 */
public record Steady(Kind kind, int settledAt, double settledSeconds, boolean late, double level, double before,
        List<Changepoints.Segment> segments) {

    /** Segments whose means are within 3% of the steady segment's are one level. */
    public static final double EQUIVALENT = Math.log(1.03);
    /** A steady state needs at least this many measured iterations (or all of them, where fewer were measured). */
    public static final int MIN_STEADY = 3;
    /** The longest run of iterations away from the steady level and back that is an excursion, not a change. */
    public static final int EXCURSION = 2;

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
        return of(values, warmups, seconds, 0);
    }

    /** The same, its noise (log sd per iteration) at least {@code noiseHint}: the row's other JVMs'. */
    public static Steady of(double[] values, int warmups, double[] seconds, double noiseHint) {
        if (values.length <= warmups) {
            throw new IllegalArgumentException("a fork needs a measured iteration: " + values.length + " iterations, "
                    + warmups + " of them warm-up");
        }
        double[] logs = Arrays.stream(values).map(Math::log).toArray();
        List<Changepoints.Segment> segments = Changepoints.analyse(logs, noiseHint).segments();
        Changepoints.Segment last = segments.get(segments.size() - 1);
        int first = segments.size() - 1;
        Kind kind = Kind.FLAT;
        double before = Double.NaN;
        for (int i = segments.size() - 2; i >= 0; i--) {
            Changepoints.Segment s = segments.get(i);
            if (equivalent(s, last)) {
                first = i;
                continue;
            }
            if (s.length() <= EXCURSION && i > 0 && equivalent(segments.get(i - 1), last)) {
                first = i - 1; // an excursion and back: the level held
                i--;
                continue;
            }
            kind = s.mean() < last.mean() ? Kind.SLOWDOWN : Kind.WARMUP;
            before = Math.exp(s.mean());
            break;
        }
        int settledAt = Math.max(tail(logs, segments.get(first).from(), warmups, noiseHint), lastAbove(values, warmups));
        if (settledAt > segments.get(first).from() && kind == Kind.FLAT) {
            kind = Kind.WARMUP;
        }
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
        return new Steady(kind, settledAt, at, settledAt > warmups, new Median().evaluate(steady), before, segments);
    }

    /**
     * Where a JVM that approaches its level slowly got there: the steady segment's first {@code k}
     * warm-up iterations (k at least 2) whose mean is above the rest's by more than
     * {@link #EQUIVALENT} and by {@link #TAIL} standard errors, the longest such run; a step too
     * gradual for the changepoints to part (ox/buffered-p1: 229, 225, 229 ns/hop, then 208-221).
     * Only warm-up iterations are looked at, so a measured fork is not called late on its noise.
     */
    static int tail(double[] logs, int start, int warmups, double noiseHint) {
        double sigma = Math.max(Changepoints.noise(Arrays.copyOfRange(logs, Math.min(logs.length / 2,
                Math.max(0, logs.length - 4)), logs.length)), noiseHint);
        int settled = start;
        for (int k = 2; start + k <= warmups && logs.length - start - k >= MIN_STEADY; k++) {
            double head = Arrays.stream(logs, start, start + k).average().orElseThrow();
            double rest = Arrays.stream(logs, start + k, logs.length).average().orElseThrow();
            double se = sigma * Math.sqrt(1.0 / k + 1.0 / (logs.length - start - k));
            if (head - rest > EQUIVALENT && (head - rest) / se >= TAIL) {
                settled = start + k;
            }
        }
        return settled;
    }

    /**
     * Where a JVM whose warm-up is broken by spikes got to its level: one past the last warm-up
     * iteration whose running median of three (a collection every third iteration leaves it alone)
     * is above the measured level by more than {@link #EQUIVALENT} and by {@link #ABOVE} of its
     * spreads. The spread is the measured iterations' own, read robustly (their median absolute
     * deviation, blind to a spike in three), where the changepoints and {@link #tail} read noise
     * from successive differences, which such spikes inflate: ring ox/buffered-p1 (20261128-140145)
     * still at 255-262 ns/hop, 7% above its level, 6 s into the fork hid under a noise of 12%.
     */
    static int lastAbove(double[] values, int warmups) {
        double[] measured = Arrays.copyOfRange(values, warmups, values.length);
        double level = Numbers.median(Arrays.stream(measured));
        double spread = Math.max(Changepoints.NOISE_FLOOR,
                States.robustSd(Arrays.stream(measured).map(Math::log).toArray(), 0, measured.length));
        // a median of three spreads by about 0.67 of one iteration, the level by a little more
        double threshold = Math.max(EQUIVALENT, ABOVE * 0.8 * spread);
        int last = -1;
        for (int i = 1; i < warmups && i + 1 < values.length; i++) {
            double m = Numbers.median(Arrays.stream(values, i - 1, i + 2));
            if (Math.log(m / level) > threshold) {
                last = i;
            }
        }
        return last + 1;
    }

    /** Spreads by which a warm-up iteration's running median must stand above the level. */
    static final double ABOVE = 3;

    /** Standard errors by which a slow start of the steady segment must stand out. */
    static final double TAIL = 2.5;

    /** Whether a segment is at the steady segment's level: means within {@link #EQUIVALENT}. */
    static boolean equivalent(Changepoints.Segment a, Changepoints.Segment steady) {
        return Math.abs(a.mean() - steady.mean()) <= EQUIVALENT;
    }

    /**
     * The median of the iterations from {@code from} to {@code to} seconds into the fork (the level
     * it read there), NaN if none ended in that window; {@code seconds} as in {@link #of}.
     */
    public static double levelBetween(double[] values, double[] seconds, double from, double to) {
        double t = 0;
        List<Double> in = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            double start = t;
            t += seconds == null ? 1 : seconds[i];
            if (start >= from - 1e-9 && t <= to + 1e-9) {
                in.add(values[i]);
            }
        }
        return in.isEmpty() ? Double.NaN : Numbers.median(in.stream().mapToDouble(Double::doubleValue));
    }
}
