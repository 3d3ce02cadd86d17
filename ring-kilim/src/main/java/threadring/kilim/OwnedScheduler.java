package threadring.kilim;

import java.util.concurrent.ThreadFactory;
import kilim.AffineScheduler;

/**
 * Kilim's default scheduler class (AffineScheduler: one single-thread executor per worker,
 * tasks spread round-robin) with its worker threads made by the ring's tracked factory, so the
 * ring can check that shutdown() ended them. Its TimerService thread starts only when a timer is
 * set, which no ring does.
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
}
