package threadring.kilim;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import kilim.AffineScheduler;
import kilim.Task;
import kilim.timerservice.TimerService;

/**
 * Kilim's default scheduler class (AffineScheduler: one single-thread executor per worker,
 * tasks spread round-robin) with its worker threads made by the ring's tracked factory, so the
 * ring can check that shutdown() ended them. Its timer thread, which starts only when a timer is
 * set ({@code Task.sleep}: the fan-out's tasks, a waiting echo server's connections), comes from
 * the same factory. The ring and the rendezvous start and stop their tasks through it.
 */
final class OwnedScheduler extends AffineScheduler {

    private final ThreadFactory workers;

    OwnedScheduler(int threads, ThreadFactory workers) {
        super(threads, 0);
        this.workers = workers; // the executors make their threads on first use, after this
        ownTimer();
    }

    /**
     * Gives the TimerService a timer thread of ours: Kilim makes it with a JVM-wide factory of its
     * own, so nobody would track it, and keeps it for the delays still set after shutdown(). The
     * service's executor is private and has started no thread yet (no timer is set before this).
     */
    private void ownTimer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, this);
        timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false); // shutdown() ends the thread at once
        try {
            Field proxy = TimerService.class.getDeclaredField("timerProxy");
            proxy.setAccessible(true);
            ((ScheduledExecutorService) proxy.get(timerService)).shutdown();
            proxy.set(timerService, timer);
        } catch (ReflectiveOperationException e) {
            timer.shutdown();
            throw new IllegalStateException("Kilim's TimerService keeps its executor elsewhere: " + e, e);
        }
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
