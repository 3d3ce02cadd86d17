package threadring.threads;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import threadring.core.fairness.AbstractFairness;

/**
 * Fairness with a thread per hog and one for the probe, written once for platform and virtual
 * threads: a hog runs its chunks in a loop (the {@code -yield} form calls {@code Thread.yield()}
 * after each), the probe sleeps with {@code Thread.sleep}; the run joins every thread before it
 * returns. Platform threads are time-sliced by the kernel, so the probe wakes beside busy hogs; a
 * virtual thread keeps its carrier until it blocks or yields.
 */
public final class ThreadFairness extends AbstractFairness {

    private final ThreadFactory threads;
    private final boolean yielding;
    private Thread[] running = new Thread[0];

    public ThreadFairness(String id, ThreadFactory threads, boolean yielding) {
        super(id);
        this.threads = tracked(threads);
        this.yielding = yielding;
    }

    @Override
    protected void start(int hogs, int chunks, int chunkWork, int periodUs) {
        running = new Thread[hogs + 1];
        for (int h = 0; h < hogs; h++) {
            running[h] = threads.newThread(() -> {
                try {
                    for (int c = 0; c < chunks; c++) {
                        chunk(chunkWork);
                        if (yielding) {
                            Thread.yield();
                        }
                    }
                    hogDone(chunks);
                } catch (Throwable e) {
                    fail(e);
                }
            });
        }
        running[hogs] = threads.newThread(() -> {
            try {
                do {
                    long due = due(periodUs);
                    TimeUnit.MICROSECONDS.sleep(periodUs);
                    woke(due);
                } while (hogsRunning());
                probeDone();
            } catch (Throwable e) {
                fail(e);
            }
        });
        for (Thread t : running) {
            t.start();
        }
    }

    /** Every thread of the run has ended before the next run. */
    @Override
    protected void settle() throws InterruptedException {
        for (Thread t : running) {
            t.join();
        }
        forgetEnded();
    }

    @Override
    protected void stop() throws InterruptedException {
        settle();
    }
}
