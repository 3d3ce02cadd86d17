package threadring.quasar;

import co.paralleluniverse.fibers.Fiber;
import co.paralleluniverse.fibers.SuspendExecution;
import co.paralleluniverse.strands.channels.Channels;
import co.paralleluniverse.strands.channels.IntChannel;
import co.paralleluniverse.strands.channels.ReceivePort;
import java.util.concurrent.TimeUnit;
import threadring.core.ring.Hop;
import threadring.core.ring.RingSize;

/**
 * One fiber per node, each receiving from its own Quasar {@link IntChannel} and sending to its
 * successor's: a buffered (1) single-consumer primitive channel, the cheapest Quasar channel that
 * still lets a sender hand off without waiting for the receiver.
 */
final class ChannelRing extends QuasarRing {

    private static final int STOP = -1;

    private final IntChannel[] inboxes;
    private final Node[] fibers;

    ChannelRing(String id, RingSize shape, int parallelism) {
        super(id, shape, parallelism);
        int nodes = shape.nodes();
        inboxes = new IntChannel[nodes];
        for (int i = 0; i < nodes; i++) {
            inboxes[i] = newInbox();
        }
        fibers = new Node[nodes];
        for (int i = 0; i < nodes; i++) {
            fibers[i] = new Node(i + 1, inboxes[i], inboxes[(i + 1) % nodes]);
            fibers[i].setUncaughtExceptionHandler(this::nodeDied);
            fibers[i].start();
        }
        trackSchedulerThreads();
    }

    /**
     * A node's inbox, and each party's in {@link ChannelRendezvous}: buffered (1), blocking when
     * full, several producers (a predecessor and the thread injecting tokens), one consumer.
     */
    static IntChannel newInbox() {
        return Channels.newIntChannel(1, Channels.OverflowPolicy.BLOCK, false, true);
    }

    final class Node extends Fiber<Void> {
        private static final long serialVersionUID = 1L;

        private final int name;
        private final transient IntChannel in;
        private final transient IntChannel out;

        Node(int name, IntChannel in, IntChannel out) {
            super(id() + "/" + name, scheduler());
            this.name = name;
            this.in = in;
            this.out = out;
        }

        @Override
        protected Void run() throws SuspendExecution, InterruptedException {
            int depth = depth();
            int work = work();
            try {
                while (true) {
                    int t = depth == 0 ? in.receiveInt() : receive(depth); // depth 0: no extra frame to save at each wait
                    if (t > 0) {
                        Hop.work(work);
                        out.send(t - 1);
                    } else if (t == 0) {
                        finish(name);
                    } else {
                        return null;
                    }
                }
            } catch (ReceivePort.EOFException e) {
                throw closed(getName(), e);
            }
        }

        /** Waits {@code depth} (>= 1) suspendable frames deep, each saved in the fiber's own stack. */
        private int receive(int depth) throws SuspendExecution, InterruptedException, ReceivePort.EOFException {
            if (depth > 1) {
                int t = receive(depth - 1);
                return t;
            }
            return in.receiveInt();
        }
    }

    /**
     * Outside the suspendable method: Quasar 0.8.0's instrumentor fails (on a current ASM) when
     * a {@code new} in a suspendable method shares a try block with suspendable calls.
     */
    static IllegalStateException closed(String who, Exception e) {
        return new IllegalStateException(who + ": channel closed", e);
    }

    /** From a plain thread, outside any pass: the inbox is empty, so a send never waits. */
    private void offer(int node, int t) {
        if (!inboxes[node].trySend(t)) {
            throw new IllegalStateException(id() + ": inbox of node " + (node + 1) + " is full");
        }
    }

    /** From a plain thread, which a full inbox (only with several tokens) blocks until it has room. */
    @Override
    protected void send(int node, int hops) throws SuspendExecution, InterruptedException {
        inboxes[node - 1].send(hops);
    }

    @Override
    protected void stopNodes() throws Exception {
        for (int i = 0; i < fibers.length; i++) {
            offer(i, STOP);
        }
        for (Node f : fibers) {
            f.join(closeTimeout().toMillis(), TimeUnit.MILLISECONDS);
        }
    }
}
