package threadring.quasar;

import threadring.core.Shape;

import co.paralleluniverse.common.monitoring.MonitorType;
import co.paralleluniverse.fibers.FiberForkJoinScheduler;
import co.paralleluniverse.fibers.FiberScheduler;
import co.paralleluniverse.strands.Strand;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import threadring.core.AbstractRing;

/**
 * What the Quasar rings share: a {@link FiberForkJoinScheduler} of their own (created with the
 * ring, shut down by close()), whose threads are tracked so that the contract's "close() leaves
 * no thread alive" covers them. Quasar gives no thread factory for its pool or its timer thread,
 * so they are found by the scheduler's unique name, which both carry. (Quasar also starts, once
 * per JVM, its default scheduler's timer thread, which no ring owns or stops.)
 */
abstract class QuasarRing extends AbstractRing {

    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final String schedulerName;
    private final FiberForkJoinScheduler scheduler;
    private final Set<Thread> seen = new HashSet<>();
    private volatile Throwable died;

    QuasarRing(String id, Shape shape, int parallelism) {
        super(id, shape);
        schedulerName = id + "#" + SEQUENCE.incrementAndGet();
        // No monitoring (JMX would register an MBean per ring), no per-fiber detail.
        scheduler = new FiberForkJoinScheduler(schedulerName, parallelism, null, MonitorType.NONE, false);
        trackSchedulerThreads();
    }

    final FiberScheduler scheduler() {
        return scheduler;
    }

    /** Tracks every live thread that belongs to this ring's scheduler (pool workers, timer). */
    final synchronized void trackSchedulerThreads() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            String name = t.getName();
            // "ForkJoinPool-<name>-worker-<n>" and "FiberTimedScheduler-<name>"
            boolean ours = name.contains("-" + schedulerName + "-") || name.endsWith("-" + schedulerName);
            if (ours && seen.add(t)) {
                track(t);
            }
        }
    }

    /** Hands {@code hops} to node {@code node}, 1..N (only called while every node is alive). */
    protected abstract void send(int node, int hops) throws Exception;

    @Override
    protected final void inject(int node, int hops) throws Exception {
        Throwable cause = died;
        if (cause != null) {
            throw new IllegalStateException(id() + ": a node died before pass(hops=" + hops + ")", cause);
        }
        send(node, hops);
    }

    /**
     * The uncaught exception handler of every node fiber: fails the pass now, or the next one if
     * no pass is running (a dead node would otherwise hang it).
     */
    final void nodeDied(Strand node, Throwable cause) {
        died = cause;
        fail(cause);
    }

    /** Ends every node (each returns from its loop) and waits for it. */
    protected abstract void stopNodes() throws Exception;

    @Override
    protected final void stop() throws Exception {
        try {
            stopNodes();
        } finally {
            trackSchedulerThreads();
            scheduler.shutdown(); // the timer thread
            scheduler.getForkJoinPool().shutdown(); // the workers (shutdown() leaves them)
            scheduler.getForkJoinPool().awaitTermination(closeTimeout().toMillis(), TimeUnit.MILLISECONDS);
        }
    }
}
