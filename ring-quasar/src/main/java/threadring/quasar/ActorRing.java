package threadring.quasar;

import co.paralleluniverse.actors.ActorRef;
import co.paralleluniverse.actors.BasicActor;
import co.paralleluniverse.fibers.SuspendExecution;
import java.util.concurrent.TimeUnit;
import threadring.core.ring.Hop;
import threadring.core.ring.RingSize;

/**
 * One Quasar actor per node (a {@link BasicActor} on a fiber, default unbounded mailbox), each
 * sending the token to its successor's {@link ActorRef}: the 2014 "Quasar actors" row.
 */
final class ActorRing extends QuasarRing {

    private static final Integer STOP = -1;

    private final Node[] actors;
    private final ActorRef<Integer>[] refs;

    @SuppressWarnings({"unchecked", "rawtypes"})
    ActorRing(String id, RingSize shape, int parallelism) {
        super(id, shape, parallelism);
        int nodes = shape.nodes();
        actors = new Node[nodes];
        refs = new ActorRef[nodes];
        for (int i = 0; i < nodes; i++) {
            actors[i] = new Node(i + 1);
        }
        for (int i = 0; i < nodes; i++) {
            refs[i] = actors[i].spawn(owned().fibers(this::nodeDied));
        }
        // A ref exists once its actor is spawned; an actor reads next only after a message that
        // was sent after this loop, so the write is visible to it.
        for (int i = 0; i < nodes; i++) {
            actors[i].next = refs[(i + 1) % nodes];
        }
        trackSchedulerThreads();
    }

    final class Node extends BasicActor<Integer, Void> {
        private static final long serialVersionUID = 1L;

        private final int name;
        private transient ActorRef<Integer> next;

        Node(int name) {
            super(id() + "/" + name);
            this.name = name;
        }

        /**
         * A Quasar actor is a fiber that blocks in receive(), so unlike Akka's it keeps its stack
         * between messages: it waits {@code depth} suspendable frames deep.
         */
        @Override
        protected Void doRun() throws InterruptedException, SuspendExecution {
            int depth = depth();
            int work = work();
            while (true) {
                int t = depth == 0 ? receive() : receive(depth); // depth 0: no extra frame to save at each wait
                if (t > 0) {
                    Hop.work(work);
                    next.send(t - 1);
                } else if (t == 0) {
                    finish(name);
                } else {
                    return null;
                }
            }
        }

        private int receive(int depth) throws InterruptedException, SuspendExecution {
            if (depth > 1) {
                int t = receive(depth - 1);
                return t;
            }
            return receive();
        }
    }

    /** From a plain thread; mailboxes are unbounded, so this never waits. */
    private void offer(int node, Integer t) {
        if (!refs[node].trySend(t)) {
            throw new IllegalStateException(id() + ": mailbox of node " + (node + 1) + " refused a message");
        }
    }

    @Override
    protected void send(int node, int hops) {
        offer(node - 1, hops);
    }

    @Override
    protected void stopNodes() throws Exception {
        for (int i = 0; i < refs.length; i++) {
            offer(i, STOP);
        }
        for (Node a : actors) {
            a.join(closeTimeout().toMillis(), TimeUnit.MILLISECONDS);
        }
    }
}
