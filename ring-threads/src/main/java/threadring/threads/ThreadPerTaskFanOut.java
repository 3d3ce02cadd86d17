package threadring.threads;

import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import threadring.core.fanout.AbstractFanOut;

/**
 * The fan-out with one thread per task, written once for platform and virtual threads (the
 * drop-in claim again): each task sleeps with {@code Thread.sleep}, works, and completes; the
 * operation joins every task's thread before it returns. A thread's stack stays with its task, so
 * a task is simply a sleeping thread; what differs is what a sleeping thread costs.
 */
public final class ThreadPerTaskFanOut extends AbstractFanOut {

    private final ThreadFactory threads;
    private final IntFunction<Optional<String>> limit;
    private Thread[] running = new Thread[0];

    /**
     * {@code threads} makes each task's thread; {@code limit} says why a number of them cannot be
     * started (the kernel's limits, for OS threads), so that an operation past it fails at once.
     */
    public ThreadPerTaskFanOut(String id, ThreadFactory threads, IntFunction<Optional<String>> limit) {
        super(id);
        this.threads = tracked(threads);
        this.limit = limit;
    }

    /** OS threads: an operation fails at once, naming the kernel's tightest limit, past it. */
    static ThreadPerTaskFanOut platform(String id) {
        return new ThreadPerTaskFanOut(id, PlatformRings.platformThreads(id), n -> OsThreadLimits.tooMany(n, "tasks"));
    }

    @Override
    protected void start(int tasks, int delayMs, int work) {
        limit.apply(tasks).ifPresent(why -> {
            throw new IllegalStateException(id() + ": " + why);
        });
        running = new Thread[tasks];
        for (int i = 0; i < tasks; i++) {
            int task = i + 1;
            running[i] = threads.newThread(() -> {
                try {
                    Thread.sleep(delayMs);
                    work(work);
                    done(task);
                } catch (Throwable e) {
                    fail(e);
                }
            });
        }
        for (Thread t : running) {
            t.start();
        }
    }

    @Override
    protected void settle() throws InterruptedException {
        Thread[] joined = running;
        running = new Thread[0];
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (Thread t : joined) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (t.isAlive()) {
                throw new IllegalStateException(id() + ": a task's thread did not end 30 s after it completed");
            }
        }
        forgetEnded();
    }

    @Override
    protected void stop() {
        // nothing shared: every operation's threads are joined before it returns
    }
}
