package threadring.kilim;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import kilim.Mailbox;
import threadring.core.AbstractRing;

/**
 * Kilim's actor form: one woven Task per node, each blocked in get() on its own Mailbox, on a
 * scheduler the ring owns (Kilim's default size, or one thread).
 */
final class TaskRing extends AbstractRing {

    private final OwnedScheduler scheduler;
    private final Mailbox<Integer>[] inboxes;
    private final CountDownLatch ended;

    @SuppressWarnings("unchecked")
    TaskRing(String id, int nodes, int threads) {
        super(id, nodes);
        Woven.require(NodeTask.class);
        inboxes = new Mailbox[nodes];
        for (int i = 0; i < nodes; i++) {
            inboxes[i] = new Mailbox<>();
        }
        ended = new CountDownLatch(nodes);
        scheduler = new OwnedScheduler(threads, tracked(task -> new Thread(task, id + "-worker")));
        try {
            for (int i = 0; i < nodes; i++) {
                NodeTask node = new NodeTask(this, i + 1, inboxes[i], inboxes[(i + 1) % nodes], ended);
                node.setScheduler(scheduler);
                node.start();
            }
        } catch (RuntimeException | Error e) {
            scheduler.shutdown();
            throw e;
        }
    }

    void finished(int name) {
        finish(name);
    }

    void failed(Throwable e) {
        fail(e);
    }

    /** From a plain thread, so the non-pausable put: the first mailbox is empty between passes. */
    @Override
    protected void start(int hops) {
        if (!inboxes[0].putnb(hops)) {
            throw new IllegalStateException(id() + ": node 1's mailbox is full at the start of a pass");
        }
    }

    /** Every node takes STOP and ends before the scheduler stops, so no resume is rejected. */
    @Override
    protected void stop() throws InterruptedException {
        try {
            for (Mailbox<Integer> inbox : inboxes) {
                inbox.putnb(NodeTask.STOP);
            }
            if (!ended.await(closeTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException(id() + ": " + ended.getCount() + " node(s) did not take STOP within "
                        + closeTimeout());
            }
        } finally {
            scheduler.shutdown();
        }
    }
}
