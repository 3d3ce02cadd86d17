package threadring.quasar;

import co.paralleluniverse.fibers.Fiber;
import co.paralleluniverse.fibers.SuspendExecution;
import co.paralleluniverse.strands.Strand;
import java.util.concurrent.TimeUnit;

/**
 * The 2014 shape: one fiber per node, the token in a volatile field of the receiving node, handed
 * over with {@link Strand#unpark} and waited for with {@link Strand#park()}.
 */
final class FiberRing extends QuasarRing {

    private static final int EMPTY = Integer.MIN_VALUE;
    private static final int STOP = -1;

    private final Node[] ring;

    FiberRing(String id, int nodes, int parallelism) {
        super(id, nodes, parallelism);
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
        private volatile int token = EMPTY;

        Node(int name) {
            super(id() + "/" + name, scheduler());
            this.name = name;
        }

        @Override
        protected Void run() throws SuspendExecution, InterruptedException {
            while (true) {
                int t;
                while ((t = token) == EMPTY) {
                    Strand.park();
                }
                token = EMPTY;
                if (t > 0) {
                    next.token = t - 1;
                    Strand.unpark(next);
                } else if (t == 0) {
                    finish(name);
                } else {
                    return null;
                }
            }
        }

        void put(int t) {
            token = t;
            Strand.unpark(this);
        }
    }

    @Override
    protected void inject(int hops) {
        ring[0].put(hops);
    }

    @Override
    protected void stopNodes() throws Exception {
        for (Node n : ring) {
            n.put(STOP);
        }
        for (Node n : ring) {
            n.join(closeTimeout().toMillis(), TimeUnit.MILLISECONDS);
        }
    }
}
