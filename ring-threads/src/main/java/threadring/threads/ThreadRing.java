package threadring.threads;

import java.util.concurrent.ThreadFactory;
import java.util.function.Supplier;
import threadring.core.ring.AbstractRing;
import threadring.core.ring.Hop;
import threadring.core.ring.RingSize;
import threadring.threads.Handoff.Mailbox;

/**
 * A ring of one thread per node, each blocked on its own {@link Mailbox}. Which threads
 * (platform or virtual) is the caller's {@link ThreadFactory}; how they block is the
 * {@link Handoff} (or another module's {@link Mailbox}). This is the only node loop for both
 * thread models. A node waits {@code depth} plain Java frames deep ({@link Hop#receive}): what a
 * blocked virtual thread's continuation freezes and thaws, and a platform thread simply keeps.
 */
public final class ThreadRing extends AbstractRing {

    private static final int STOP = -1;

    private final Mailbox[] inboxes;

    public ThreadRing(String id, RingSize shape, ThreadFactory threads, Handoff handoff) {
        this(id, shape, threads, handoff::newMailbox);
    }

    public ThreadRing(String id, RingSize shape, ThreadFactory threads, Supplier<? extends Mailbox> mailboxes) {
        super(id, shape);
        int nodes = shape.nodes();
        ThreadFactory factory = tracked(threads);
        inboxes = new Mailbox[nodes];
        for (int i = 0; i < nodes; i++) {
            inboxes[i] = mailboxes.get();
        }
        Thread[] nodeThreads = new Thread[nodes];
        for (int i = 0; i < nodes; i++) {
            int name = i + 1;
            Mailbox in = inboxes[i];
            Mailbox out = inboxes[name % nodes];
            nodeThreads[i] = factory.newThread(() -> run(name, in, out));
            in.bind(nodeThreads[i]);
        }
        for (int i = 0; i < nodes; i++) {
            try {
                nodeThreads[i].start();
            } catch (OutOfMemoryError e) { // "unable to create native thread": a limit the checks missed
                stopFirst(i);
                throw new IllegalStateException(id + ": the OS refused thread " + (i + 1) + " of " + nodes + " ("
                        + e.getMessage() + ")", e);
            }
        }
    }

    private void run(int name, Mailbox in, Mailbox out) {
        int depth = depth();
        int work = work();
        Hop.Receive receive = in::take;
        try {
            while (true) {
                int token = depth == 0 ? in.take() : Hop.receive(depth, receive);
                if (token > 0) {
                    Hop.work(work);
                    out.put(token - 1);
                } else if (token == 0) {
                    finish(name);
                } else {
                    return;
                }
            }
        } catch (Throwable e) {
            fail(e);
        }
    }

    /** Stops the first {@code started} nodes of a ring that could not start the rest. */
    private void stopFirst(int started) {
        try {
            for (int j = 0; j < started; j++) {
                inboxes[j].put(STOP);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    protected void inject(int node, int hops) throws InterruptedException {
        inboxes[node - 1].put(hops);
    }

    @Override
    protected void stop() throws InterruptedException {
        for (Mailbox inbox : inboxes) {
            inbox.put(STOP);
        }
    }
}
