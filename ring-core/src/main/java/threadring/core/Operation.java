package threadring.core;

import java.util.Collection;
import java.util.function.IntToLongFunction;
import java.util.function.Supplier;

/**
 * A workload opened on one implementation ({@link Size#open}): verified runs of it, one
 * at a time, then {@link #close}. The same object serves JMH's passes, {@code check}, the soak
 * and the calibration, so each workload says once what a run does and what it must answer.
 */
public interface Operation extends AutoCloseable {

    /**
     * Runs {@code steps} steps (hops, exchanged values, whole operations, requests) and returns the
     * answer, verified.
     *
     * @throws WrongAnswerException if the answer is wrong
     */
    long run(int steps);

    /**
     * A short verified run before the first measured one, so that the JIT has compiled the path:
     * at most {@link #WARM_STEPS} of a run of {@code steps} steps (a fan-out: one operation of at
     * most {@link threadring.core.fanout.FanOutSize#WARM_TASKS} tasks).
     */
    long warm(int steps);

    /** Steps of a warm-up run. */
    int WARM_STEPS = 20_000;

    /** Every thread (platform or virtual) the workload started and still tracks. */
    Collection<Thread> threads();

    /** Stops the workload and waits for what it started. Idempotent. */
    @Override
    void close();

    /** An operation of {@code workload}: {@code run} does and verifies a run, closing closes the workload. */
    static Operation of(AutoCloseable workload, Supplier<Collection<Thread>> threads, IntToLongFunction run) {
        return of(workload, threads, run, steps -> run.applyAsLong(Math.min(steps, WARM_STEPS)));
    }

    /** The same, with a warm-up run of its own. */
    static Operation of(AutoCloseable workload, Supplier<Collection<Thread>> threads, IntToLongFunction run,
            IntToLongFunction warm) {
        return new Operation() {
            @Override
            public long run(int steps) {
                return run.applyAsLong(steps);
            }

            @Override
            public long warm(int steps) {
                return warm.applyAsLong(steps);
            }

            @Override
            public Collection<Thread> threads() {
                return threads.get();
            }

            @Override
            public void close() {
                try {
                    workload.close();
                } catch (RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IllegalStateException("close() of " + workload + " failed: " + e, e);
                }
            }

            @Override
            public String toString() {
                return workload.toString();
            }
        };
    }
}
