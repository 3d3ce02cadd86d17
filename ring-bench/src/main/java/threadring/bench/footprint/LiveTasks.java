package threadring.bench.footprint;

import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import threadring.bench.data.FootprintRun.Measurement;
import threadring.core.RingFactory;
import threadring.core.fanout.FanOut;

/**
 * What a live task holds: in a fresh JVM (the fixed, pre-touched heap {@link FootprintRunner} gives it), one
 * fan-out operation of T tasks asleep for D ms, read while every one of them is alive. The fan-out
 * is opened and warmed by an operation of {@link #WARM_TASKS} first, so its shared parts (its
 * scheduler, its timer, a Go program's runtime) are in the baseline; then the operation starts on a
 * thread of its own, and at half its delay two full collections run and the heap used and the
 * resident set (with a Go row's program's) are read. The growth over the baseline, divided by T, is
 * what one sleeping task holds, on the heap and outside it.
 *
 * <p>Every task was alive at the reading, or the measurement fails saying so: the last task starts
 * at the latest D before the operation ends, and the first ends at the earliest D after it began,
 * so an operation that ended less than D after the reading began, and a reading that ended before
 * D, saw all T asleep. The operation's answer is checked like any fan-out's.
 */
final class LiveTasks {

    /** Tasks of the warm operation, which loads and compiles the model's classes before the baseline. */
    static final int WARM_TASKS = 1_000;

    private LiveTasks() {}

    static Measurement measure(RingFactory f, int tasks, int delayMs) {
        try (FanOut fanOut = FanOut.open(f)) {
            FanOut.verify(f.id(), Math.min(tasks, WARM_TASKS), fanOut.run(Math.min(tasks, WARM_TASKS), 1, 0));
            Memory.settle();
            long heap0 = Memory.heapUsed();
            long rss0 = Memory.steadyRss();
            long start = System.nanoTime();
            CompletableFuture<Long> answer = OperationThread.start(() -> fanOut.run(tasks, delayMs, 0));
            sleepUntil(start + TimeUnit.MILLISECONDS.toNanos(delayMs / 2));
            long readFrom = System.nanoTime() - start;
            Memory.settle();
            long heap1 = Memory.heapUsed();
            long rss1 = Memory.rss();
            long readTo = System.nanoTime() - start;
            long sum = answer.get(3L * delayMs + 60_000, TimeUnit.MILLISECONDS);
            long operationNs = System.nanoTime() - start;
            FanOut.verify(f.id(), tasks, sum);
            long delayNs = TimeUnit.MILLISECONDS.toNanos(delayMs);
            if (operationNs - delayNs >= readFrom || readTo >= delayNs) {
                return Measurement.failed(f.id(), tasks, String.format(Locale.ROOT, "not every task was alive at "
                        + "the reading (%.1f-%.1f s into an operation of %.1f s, delay %.1f s): the last tasks started "
                        + "after it began or the first ended before it ended; a longer --delay-ms gives them time",
                        readFrom / 1e9, readTo / 1e9, operationNs / 1e9, delayMs / 1e3));
            }
            return new Measurement(f.id(), tasks, null, (double) (heap1 - heap0) / tasks,
                    rss0 < 0 || rss1 < 0 ? null : (double) (rss1 - rss0) / tasks, null, null, operationNs / 1e6);
        } catch (ExecutionException e) {
            throw new IllegalStateException(f.id() + ": the operation of " + tasks + " tasks failed", e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException(f.id() + ": the operation of " + tasks + " tasks did not end within "
                    + (3L * delayMs + 60_000) + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(f.id() + ": interrupted", e);
        }
    }

    private static void sleepUntil(long deadline) {
        for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
            try {
                TimeUnit.NANOSECONDS.sleep(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
