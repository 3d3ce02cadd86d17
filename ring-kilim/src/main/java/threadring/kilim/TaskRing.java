package threadring.kilim;

import java.util.concurrent.CountDownLatch;
import kilim.Mailbox;
import threadring.core.ring.AbstractRing;
import threadring.core.ring.RingSize;

/**
 * Kilim's actor form: one woven Task per node, each blocked in get() on its own Mailbox, on a
 * scheduler the ring owns (Kilim's default size, or one thread).
 */
final class TaskRing extends AbstractRing {

    private final OwnedScheduler scheduler;
    private final Mailbox<Integer>[] inboxes;
    private final CountDownLatch ended;

    @SuppressWarnings("unchecked")
    TaskRing(String id, RingSize shape, int threads) {
        super(id, shape);
        int nodes = nodes(); // not shape.nodes(): Kilim's weaver cannot read a record
        Woven.require(NodeTask.class);
        inboxes = new Mailbox[nodes];
        for (int i = 0; i < nodes; i++) {
            inboxes[i] = new Mailbox<>();
        }
        ended = new CountDownLatch(nodes);
        scheduler = new OwnedScheduler(threads, tracked(task -> new Thread(task, id + "-worker")));
        NodeTask[] tasks = new NodeTask[nodes];
        for (int i = 0; i < nodes; i++) {
            tasks[i] = new NodeTask(this, i + 1, inboxes[i], inboxes[(i + 1) % nodes], ended);
        }
        scheduler.startAll(tasks);
    }

    void finished(int name) {
        finish(name);
    }

    void failed(Throwable e) {
        fail(e);
    }

    /** From a plain thread, so the non-pausable put; mailboxes are unbounded. */
    @Override
    protected void inject(int node, int hops) {
        if (!inboxes[node - 1].putnb(hops)) {
            throw new IllegalStateException(id() + ": node " + node + "'s mailbox refused a token");
        }
    }

    int stackDepth() {
        return depth();
    }

    int workPerHop() {
        return work();
    }

    /** Every node takes STOP and ends before the scheduler stops, so no resume is rejected. */
    @Override
    protected void stop() throws InterruptedException {
        for (Mailbox<Integer> inbox : inboxes) {
            inbox.putnb(NodeTask.STOP);
        }
        scheduler.shutdownAfter(ended, closeTimeout(), id());
    }
}
