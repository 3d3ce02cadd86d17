package threadring.kilim;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import kilim.AffineScheduler;
import kilim.Task;

/**
 * Kilim's default scheduler class (AffineScheduler: one single-thread executor per worker,
 * tasks spread round-robin) with its worker threads made by the ring's tracked factory, so the
 * ring can check that shutdown() ended them. Its TimerService thread starts only when a timer is
 * set, which no ring does. The ring and the rendezvous start and stop their tasks through it.
 */
final class OwnedScheduler extends AffineScheduler {

    private final ThreadFactory workers;

    OwnedScheduler(int threads, ThreadFactory workers) {
        super(threads, 0);
        this.workers = workers; // the executors make their threads on first use, after this
    }

    @Override
    public Thread newThread(Runnable task) {
        Thread t = workers.newThread(task);
        t.setDaemon(true);
        return t;
    }

    /** Starts the tasks here; if one cannot start, shuts down (ending its workers) and rethrows. */
    void startAll(Task<?>... tasks) {
        try {
            for (Task<?> task : tasks) {
                task.setScheduler(this);
                task.start();
            }
        } catch (RuntimeException | Error e) {
            shutdown();
            throw e;
        }
    }

    /**
     * Waits for every task to end ({@code ended} counts them down), then shuts down, so that no
     * resume is rejected; shuts down anyway, and says so, if they do not end within {@code timeout}.
     */
    void shutdownAfter(CountDownLatch ended, Duration timeout, String owner) throws InterruptedException {
        try {
            if (!ended.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException(owner + ": " + ended.getCount() + " task(s) did not take STOP within "
                        + timeout);
            }
        } finally {
            shutdown();
        }
    }
}
