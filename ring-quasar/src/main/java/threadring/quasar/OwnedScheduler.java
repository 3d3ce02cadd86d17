package threadring.quasar;

import co.paralleluniverse.common.monitoring.MonitorType;
import co.paralleluniverse.fibers.Fiber;
import co.paralleluniverse.fibers.FiberForkJoinScheduler;
import co.paralleluniverse.fibers.FiberScheduler;
import co.paralleluniverse.strands.Strand;
import co.paralleluniverse.strands.StrandFactory;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The {@link FiberForkJoinScheduler} that one ring or rendezvous owns (created with it, shut down
 * by its close()), written once for both workloads. Its threads are tracked so that the
 * contract's "close() leaves no thread alive" covers them. Quasar gives no thread factory for
 * its pool or its timer thread, so they are found by the scheduler's unique name, which both
 * carry. (Quasar also starts, once per JVM, its default scheduler's timer thread, which no ring
 * owns or stops.)
 */
final class OwnedScheduler {

    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final String name;
    private final FiberForkJoinScheduler scheduler;
    /** The owner's thread tracking (AbstractWorkload.track). */
    private final Consumer<Thread> track;
    private final Set<Thread> seen = ConcurrentHashMap.newKeySet();

    OwnedScheduler(String id, int parallelism, Consumer<Thread> track) {
        name = id + "#" + SEQUENCE.incrementAndGet();
        this.track = track;
        // No monitoring (JMX would register an MBean per ring), no per-fiber detail.
        scheduler = new FiberForkJoinScheduler(name, parallelism, null, MonitorType.NONE, false);
        trackThreads();
    }

    FiberScheduler scheduler() {
        return scheduler;
    }

    /**
     * What an actor's spawn takes to run on this scheduler: a fiber per actor, whose uncaught
     * exception handler is {@code died}.
     */
    StrandFactory fibers(Strand.UncaughtExceptionHandler died) {
        return actor -> {
            Fiber<?> fiber = scheduler.newFiber(actor);
            fiber.setUncaughtExceptionHandler(died);
            return fiber;
        };
    }

    /** Hands every live thread of this scheduler (pool workers, timer) not seen before to the owner's tracking. */
    synchronized void trackThreads() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            String threadName = t.getName();
            // "ForkJoinPool-<name>-worker-<n>" and "FiberTimedScheduler-<name>"
            boolean ours = threadName.contains("-" + name + "-") || threadName.endsWith("-" + name);
            if (ours && seen.add(t)) {
                track.accept(t);
            }
        }
    }

    /**
     * Tracks {@code carrier}, a worker found running one of this scheduler's fibers, if it is new:
     * a cheap way to catch workers the pool starts on demand long after {@link #trackThreads}.
     */
    void trackCarrier(Thread carrier) {
        if (seen.add(carrier)) {
            track.accept(carrier);
        }
    }

    /** Stops the timer thread and the workers, and waits up to {@code timeout} for the workers. */
    void shutdown(Duration timeout) throws InterruptedException {
        trackThreads();
        scheduler.shutdown(); // the timer thread
        scheduler.getForkJoinPool().shutdown(); // the workers (shutdown() leaves them)
        scheduler.getForkJoinPool().awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
}
