package threadring.akka;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import com.typesafe.config.Config;
import java.util.List;
import java.util.concurrent.CompletionStage;
import threadring.core.ring.Hop;
import threadring.core.ring.RingSize;

/** One classic Akka actor per node ({@code AbstractActor}, the style of the 2014 study). */
final class AkkaClassicRing extends ActorSystemRing {

    /** Also the classic rendezvous's. */
    static final Config CONFIG = OwnedSystem.config("akka");

    private final ActorRef[] nodes;
    private final ActorSystem system;

    AkkaClassicRing(String id, RingSize shape, String dispatcher) {
        super(id, shape);
        int n = shape.nodes();
        system = ActorSystem.create(owned.name, CONFIG);
        nodes = new ActorRef[n];
        for (int i = 0; i < n; i++) {
            nodes[i] = system.actorOf(Node.props(this, i + 1).withDispatcher(dispatcher), "node-" + (i + 1));
        }
        owned.trackThreads();
    }

    static final class Node extends AbstractActor {
        private final AkkaClassicRing ring;
        private final int name;

        private Node(AkkaClassicRing ring, int name) {
            this.ring = ring;
            this.name = name;
        }

        static Props props(AkkaClassicRing ring, int name) {
            return Props.create(Node.class, () -> new Node(ring, name));
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(Integer.class, this::onToken).build();
        }

        /** No stack survives between messages: the handler makes its depth of calls, then works, then sends. */
        private void onToken(Integer token) {
            if (token > 0) {
                Hop.call(ring.depth(), ring.work());
                ring.nodes[name % ring.nodes.length].tell(token - 1, getSelf());
            } else {
                ring.finish(name);
            }
        }
    }

    /** The node actors, 1..N, for tests. */
    List<ActorRef> actors() {
        return List.of(nodes);
    }

    @Override
    protected void inject(int node, int hops) {
        nodes[node - 1].tell(hops, ActorRef.noSender());
    }

    @Override
    protected CompletionStage<?> terminate() {
        return terminate(system);
    }

    /** Starts terminating a classic system (the ring's or the rendezvous's); completes once it has. */
    static CompletionStage<?> terminate(ActorSystem system) {
        system.terminate();
        return system.getWhenTerminated().toCompletableFuture();
    }
}
