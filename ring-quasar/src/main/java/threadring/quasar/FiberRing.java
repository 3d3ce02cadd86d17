package threadring.quasar;

import co.paralleluniverse.fibers.Fiber;
import co.paralleluniverse.fibers.SuspendExecution;
import co.paralleluniverse.strands.Strand;
import java.util.concurrent.TimeUnit;
import threadring.core.ring.Hop;
import threadring.core.ring.RingSize;

/**
 * The 2014 shape: one fiber per node, the token in a volatile field of the receiving node's
 * {@link ParkCell}, handed over with {@link Strand#unpark} and waited for with {@link Strand#park()}.
 */
final class FiberRing extends QuasarRing {

    private static final int STOP = -1;

    private final Node[] ring;

    FiberRing(String id, RingSize shape, int parallelism) {
        super(id, shape, parallelism);
        int nodes = shape.nodes();
        ring = new Node[nodes];
        for (int i = 0; i < nodes; i++) {
            ring[i] = new Node(i + 1);
        }
        for (int i = 0; i < nodes; i++) {
            ring[i].next = ring[(i + 1) % nodes];
        }
        for (Node n : ring) {
            n.setUncaughtExceptionHandler(this::nodeDied);
            n.start();
        }
        trackSchedulerThreads();
    }

    final class Node extends Fiber<Void> {
        private static final long serialVersionUID = 1L;

        private final int name;
        private Node next;
        private final transient ParkCell inbox = new ParkCell(this);

        Node(int name) {
            super(id() + "/" + name, scheduler());
            this.name = name;
        }

        @Override
        protected Void run() throws SuspendExecution, InterruptedException {
            int depth = depth();
            int work = work();
            while (true) {
                int t;
                if (depth == 0) { // the 2014 shape: wait in this frame, so a park saves one frame
                    while ((t = inbox.poll()) == ParkCell.EMPTY) {
                        Strand.park();
                    }
                } else {
                    t = receive(depth);
                }
                if (t > 0) {
                    Hop.work(work);
                    if (!next.inbox.offer(t - 1)) {
                        next.inbox.put(t - 1);
                    }
                } else if (t == 0) {
                    finish(name);
                } else {
                    return null;
                }
            }
        }

        /** Waits {@code depth} (>= 1) suspendable frames deep, each saved in the fiber's own stack. */
        private int receive(int depth) throws SuspendExecution {
            if (depth > 1) {
                int t = receive(depth - 1);
                return t;
            }
            int t;
            while ((t = inbox.poll()) == ParkCell.EMPTY) {
                Strand.park();
            }
            return t;
        }
    }

    /** From a plain thread, where a Quasar yield is a thread's yield. */
    @Override
    protected void send(int node, int hops) throws SuspendExecution {
        ring[node - 1].inbox.put(hops);
    }

    @Override
    protected void stopNodes() throws Exception {
        for (Node n : ring) {
            n.inbox.put(STOP);
        }
        for (Node n : ring) {
            n.join(closeTimeout().toMillis(), TimeUnit.MILLISECONDS);
        }
    }
}
