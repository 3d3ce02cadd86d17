package threadring.bench.footprint;

import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import threadring.bench.data.FootprintRun.Measurement;
import threadring.core.RingFactory;
import threadring.core.skynet.Skynet;
import threadring.core.skynet.SkynetSize;

/**
 * The most memory one Skynet tree holds while it runs: in a fresh JVM (the fixed, pre-touched heap
 * {@link FootprintRunner} gives it), the id's Skynet is opened and warmed by a tree of
 * {@link #WARM_DEPTH} levels, so its shared parts are in the baseline; then one tree runs on a thread
 * of its own while this one collects again and again, reading the heap used after each full
 * collection (what the tree held then) and letting the tree run between two collections at least as
 * long as the last one stopped it (and {@link #MIN_BETWEEN_MS}), and the peak resident set (VmHWM, with a Go row's program's)
 * is started over before the tree and read after it. The largest heap reading over the baseline and
 * the peak resident set over the baseline's, divided by the tree's tasks, are what a task costs at the
 * tree's peak. A Skynet's tasks are not all alive at once (a parent's children may end before its
 * later ones start), so this is what a run of that many tasks needs, not a live task's size; the
 * readings sample the peak (a collection takes time) and their number is recorded.
 */
final class SkynetPeak {

    /** Levels of the warm tree (10^3 leaves at branching 10), which loads and compiles the model's classes. */
    static final int WARM_DEPTH = 3;

    /** The least time the tree runs between two readings. */
    static final long MIN_BETWEEN_MS = 10;

    private SkynetPeak() {}

    static Measurement measure(RingFactory f, int branching, int depth) {
        long tasks = Skynet.tasks(branching, depth);
        try (Skynet skynet = Skynet.open(f)) {
            int warm = Math.min(depth, WARM_DEPTH);
            Skynet.verify(f.id(), new SkynetSize(branching, warm), skynet.run(branching, warm));
            Memory.settle();
            long heap0 = Memory.heapUsed();
            long rss0 = Memory.steadyRss();
            boolean peakRss = Memory.resetPeakRss();
            CompletableFuture<Long> answer = new CompletableFuture<>();
            Thread tree = new Thread(() -> {
                try {
                    answer.complete(skynet.run(branching, depth));
                } catch (Throwable e) {
                    answer.completeExceptionally(e);
                }
            }, "footprint-tree");
            long start = System.nanoTime();
            tree.start();
            long peakHeap = heap0;
            int readings = 0;
            while (!answer.isDone()) {
                long gc = System.nanoTime();
                System.gc(); // what survives a full collection is what the tree holds at that moment
                peakHeap = Math.max(peakHeap, Memory.heapUsed());
                readings++;
                // the collection stopped the tree: it runs at least as long before the next one
                try {
                    answer.get(Math.max(MIN_BETWEEN_MS, (System.nanoTime() - gc) / 1_000_000), TimeUnit.MILLISECONDS);
                } catch (TimeoutException stillRunning) {
                    // read again
                }
            }
            long sum = answer.get();
            long treeNs = System.nanoTime() - start;
            long rss1 = peakRss ? Memory.peakRss() : -1;
            Skynet.verify(f.id(), new SkynetSize(branching, depth), sum);
            return new Measurement(f.id(), Math.toIntExact(tasks), null, (double) (peakHeap - heap0) / tasks,
                    rss0 < 0 || rss1 < 0 ? null : (double) (rss1 - rss0) / tasks, null, null, treeNs / 1e6, null,
                    readings);
        } catch (ExecutionException e) {
            throw new IllegalStateException(f.id() + ": the tree of " + String.format(Locale.ROOT, "%,d", tasks)
                    + " tasks failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(f.id() + ": interrupted", e);
        }
    }
}
