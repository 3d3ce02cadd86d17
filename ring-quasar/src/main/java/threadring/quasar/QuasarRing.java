package threadring.quasar;

import co.paralleluniverse.fibers.FiberScheduler;
import co.paralleluniverse.strands.Strand;
import threadring.core.ring.AbstractRing;
import threadring.core.ring.RingSize;

/**
 * What the Quasar rings share: a fiber scheduler of their own ({@link OwnedScheduler}, created
 * with the ring, shut down by close()), and a node's death failing the pass.
 */
abstract class QuasarRing extends AbstractRing {

    private final OwnedScheduler owned;
    private volatile Throwable died;

    QuasarRing(String id, RingSize shape, int parallelism) {
        super(id, shape);
        owned = new OwnedScheduler(id, parallelism, this::track);
    }

    final FiberScheduler scheduler() {
        return owned.scheduler();
    }

    final OwnedScheduler owned() {
        return owned;
    }

    /** Tracks every live thread that belongs to this ring's scheduler (pool workers, timer). */
    final void trackSchedulerThreads() {
        owned.trackThreads();
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
            owned.shutdown(closeTimeout());
        }
    }
}
