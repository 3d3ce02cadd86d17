package threadring.bench.footprint;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import threadring.bench.data.FootprintRun.Measurement;
import threadring.core.Operation;
import threadring.core.RingFactory;
import threadring.core.Size;

/**
 * The most memory one operation of a workload holds while it runs (a Skynet tree, a fan-out): in a
 * fresh JVM (the fixed, pre-touched heap {@link FootprintRunner} gives it), the id's workload is
 * opened at the size and warmed by its own warm-up run, so its shared parts are in the baseline;
 * then one operation (one step of a size whose step is a whole operation) runs on a thread of its
 * own while this one collects again and again, reading the heap used after each full collection
 * (what the operation held then) and letting it run between two collections at least as long as the
 * last one stopped it (and {@link #MIN_BETWEEN_MS}); the peak resident set (VmHWM, with a Go row's
 * program's) is started over before the operation and read after it. The largest heap reading over
 * the baseline and the peak resident set over the baseline's, divided by the size's population (the
 * tasks that may be alive at once), are what a task costs at the operation's peak. Its tasks need
 * not all be alive at once (a Skynet parent's children may end before its later ones start), so this
 * is what a run of that many tasks needs, not a live task's size; the readings sample the peak and
 * their number is recorded. The operation verifies its answer as a timed one does.
 */
public final class OperationPeak {

    /** The least time the operation runs between two readings. */
    static final long MIN_BETWEEN_MS = 10;

    private OperationPeak() {}

    /** Whether a size's step is one whole operation (a tree, a fan-out), which is what this reads. */
    static boolean wholeOperation(Size size) {
        return size.measured(timed -> !timed.calibrated(), served -> false);
    }

    public static Measurement measure(RingFactory f, Size size) {
        if (!wholeOperation(size)) {
            throw new IllegalArgumentException(size.describe() + ": a step is not a whole operation");
        }
        int population = size.population();
        try (Operation operation = size.open(f)) {
            operation.warm(1);
            Memory.settle();
            long heap0 = Memory.heapUsed();
            long rss0 = Memory.steadyRss();
            boolean peakRss = Memory.resetPeakRss();
            long start = System.nanoTime();
            CompletableFuture<Long> answer = OperationThread.start(() -> operation.run(1));
            long peakHeap = heap0;
            int readings = 0;
            while (!answer.isDone()) {
                long gc = System.nanoTime();
                System.gc(); // what survives a full collection is what the operation holds at that moment
                peakHeap = Math.max(peakHeap, Memory.heapUsed());
                readings++;
                // the collection stopped the operation: it runs at least as long before the next one
                try {
                    answer.get(Math.max(MIN_BETWEEN_MS, (System.nanoTime() - gc) / 1_000_000), TimeUnit.MILLISECONDS);
                } catch (TimeoutException stillRunning) {
                    // read again
                }
            }
            answer.get(); // verified by the operation itself
            long operationNs = System.nanoTime() - start;
            long rss1 = peakRss ? Memory.peakRss() : -1;
            return new Measurement(f.id(), population, null, (double) (peakHeap - heap0) / population,
                    rss0 < 0 || rss1 < 0 ? null : (double) (rss1 - rss0) / population, null, null, operationNs / 1e6,
                    null, readings);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(f.id() + ": " + size.describe() + " failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(f.id() + ": interrupted", e);
        }
    }
}
