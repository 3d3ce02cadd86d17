package threadring.quasar;

import threadring.core.Hop;
import threadring.core.Shape;

import co.paralleluniverse.fibers.Fiber;
import co.paralleluniverse.fibers.SuspendExecution;
import co.paralleluniverse.strands.Strand;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * The 2014 shape: one fiber per node, the token in a volatile field of the receiving node, handed
 * over with {@link Strand#unpark} and waited for with {@link Strand#park()}.
 */
final class FiberRing extends QuasarRing {

    private static final int EMPTY = Integer.MIN_VALUE;
    private static final int STOP = -1;

    private final Node[] ring;

    FiberRing(String id, Shape shape, int parallelism) {
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
        private volatile int token = EMPTY;
        private transient volatile Strand waitingSender;
        private static final AtomicIntegerFieldUpdater<Node> TOKEN =
                AtomicIntegerFieldUpdater.newUpdater(Node.class, "token");

        Node(int name) {
            super(id() + "/" + name, scheduler());
            this.name = name;
        }

        @Override
        protected Void run() throws SuspendExecution, InterruptedException {
            int depth = depth();
            int work = work();
            while (true) {
                int t = receive(depth);
                if (t > 0) {
                    Hop.work(work);
                    next.put(t - 1);
                } else if (t == 0) {
                    finish(name);
                } else {
                    return null;
                }
            }
        }

        /** Waits {@code depth} suspendable frames deep, each saved in the fiber's own stack. */
        private int receive(int depth) throws SuspendExecution {
            if (depth > 0) {
                int t = receive(depth - 1);
                return t;
            }
            int t;
            while ((t = token) == EMPTY) {
                Strand.park();
            }
            token = EMPTY;
            Strand sender = waitingSender;
            if (sender != null) {
                Strand.unpark(sender);
            }
            return t;
        }

        /**
         * A sender that finds a token still waiting (only with several tokens) waits for the slot:
         * the predecessor's fiber registers and parks until the receiver empties it; the thread
         * injecting a pass's tokens retries with Thread.yield, which holds up no fiber.
         */
        void put(int t) throws SuspendExecution {
            if (!claim(t)) {
                if (Strand.isCurrentFiber()) {
                    waitingSender = Strand.currentStrand();
                    while (!claim(t)) {
                        Strand.park();
                    }
                    waitingSender = null;
                } else {
                    while (!claim(t)) {
                        Thread.yield();
                    }
                }
            }
            Strand.unpark(this);
        }

        /** Not suspendable: Quasar's instrumentor cannot tell a VarHandle call from a suspendable one. */
        private boolean claim(int t) {
            return TOKEN.compareAndSet(this, EMPTY, t);
        }
    }

    /** From a plain thread, where a Quasar yield is a thread's yield. */
    @Override
    protected void send(int node, int hops) throws SuspendExecution {
        ring[node - 1].put(hops);
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
