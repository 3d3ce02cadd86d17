package threadring.threads;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import threadring.core.fanout.AbstractFanOut;

/**
 * The platform-thread idiom for many timers: a {@link ScheduledThreadPoolExecutor} of one thread
 * per cpu, created with the fan-out; each task is scheduled after the delay, works and completes.
 * No task holds a thread while it waits.
 */
final class ScheduledFanOut extends AbstractFanOut {

    private final ScheduledThreadPoolExecutor pool;

    ScheduledFanOut(String id) {
        super(id);
        pool = new ScheduledThreadPoolExecutor(Runtime.getRuntime().availableProcessors(),
                tracked(PlatformRings.platformThreads(id)));
    }

    @Override
    protected void start(int tasks, int delayMs, int work) {
        for (int i = 1; i <= tasks; i++) {
            int task = i;
            pool.schedule(() -> {
                try {
                    work(work);
                    done(task);
                } catch (Throwable e) {
                    fail(e);
                }
            }, delayMs, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    protected void stop() throws InterruptedException {
        pool.shutdownNow();
        pool.awaitTermination(10, TimeUnit.SECONDS);
    }
}
