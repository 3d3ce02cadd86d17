package threadring.core;

import java.time.Duration;

/**
 * How many steps (hops around a ring, values of a rendezvous) make a pass of a given length on this
 * machine and JVM. The sweep sizes its passes this way instead of by a fixed count: a pass's own
 * start and end cost up to a millisecond here (parties parked between passes wake up, carriers
 * spin up), so short passes read slow, and a count that is long enough on one machine is too
 * short on a faster one.
 *
 * <p>Passes grow until one lasts a tenth of the target, then passes of that size run until the
 * budget is spent, so the JIT has compiled the hot path; then one pass of the size that rate
 * gives for the target sets the rate. Short passes can run much faster than long ones (platform
 * threads' rendezvous and Kilim's two-worker mailboxes ran 10x faster in 50 ms passes than in
 * seconds-long ones), so the answer comes from a pass of the target's own length.
 */
public final class Calibration {

    /** Runs one verified pass of {@code steps} steps and returns how long it took, in nanoseconds. */
    @FunctionalInterface
    public interface Pass {
        long nanos(int steps);
    }

    /** The steps per pass for the target, the rate behind them, and the calibration's own passes. */
    public record Result(int steps, double nsPerStep, int passes, long nanos) {}

    /** The first pass's size: small enough for the slowest row (about 100 us per step) to answer in 0.1 s. */
    static final int FIRST = 1_000;
    /** The largest pass: a ring's hops and a rendezvous's values are ints. */
    static final int MAX_STEPS = 1 << 30;

    private Calibration() {}

    public static Result steps(Pass pass, Duration target, Duration budget) {
        long targetNanos = target.toNanos();
        long probeNanos = Math.max(1, targetNanos / 10);
        long start = System.nanoTime();
        int passes = 0;
        int n = FIRST;
        double[] last = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        while (true) {
            long t = Math.max(1, pass.nanos(n));
            last[passes++ % 3] = (double) t / n;
            long elapsed = System.nanoTime() - start;
            if (t >= probeNanos && elapsed >= budget.toNanos() || elapsed >= 2 * budget.toNanos()
                    || n == MAX_STEPS && t >= probeNanos) {
                break;
            }
            // grow towards a tenth of the target (at most 100x at once), then stay there
            double grow = Math.min(100, (double) probeNanos / t);
            if (grow > 1) {
                n = (int) Math.min(MAX_STEPS, Math.max(n + 1L, (long) (n * grow)));
            }
        }
        double probe = Math.min(last[0], Math.min(last[1], last[2]));
        int full = round(targetNanos / probe);
        WorkloadBenchmark.tenure(); // the pass that sets the rate runs tenured, as the measured ones will
        double nsPerStep = (double) Math.max(1, pass.nanos(full)) / full;
        passes++;
        return new Result(round(targetNanos / nsPerStep), nsPerStep, passes, System.nanoTime() - start);
    }

    /** Two significant digits, between 1 and {@link #MAX_STEPS}: runs on one machine share pass sizes. */
    static int round(double steps) {
        if (!(steps >= 1)) {
            return 1;
        }
        if (steps >= MAX_STEPS) {
            return MAX_STEPS;
        }
        double scale = Math.pow(10, Math.max(0, Math.floor(Math.log10(steps)) - 1));
        return (int) Math.max(1, Math.floor(steps / scale) * scale);
    }

    /** A verified run of an opened workload, timed. */
    public static Pass of(Operation operation) {
        return steps -> {
            long t0 = System.nanoTime();
            operation.run(steps);
            return System.nanoTime() - t0;
        };
    }
}
