package threadring.akka;

import java.util.List;
import java.util.concurrent.CompletionStage;
import threadring.core.ring.Hop;
import threadring.core.ring.RingSize;

/** One typed actor per node, on Akka or Pekko (a {@link TypedActors}); the message is the token itself. */
final class TypedRing extends ActorSystemRing {

    private final TypedActors.Nodes nodes;

    TypedRing(String id, RingSize shape, TypedActors actors, Dispatcher on) {
        super(id, shape);
        int n = shape.nodes();
        try {
            nodes = actors.start(owned.name, n, i -> "node-" + (i + 1), on, closeTimeout(), this::receive);
        } catch (Exception e) {
            throw new IllegalStateException(id + ": could not spawn " + n + " nodes", e);
        }
        owned.trackThreads();
    }

    /**
     * Node {@code node} (0-based) hands token-1 to its successor, or ends its token. No stack
     * survives between messages: the handler makes its depth of calls, then works, then sends.
     */
    private void receive(int node, int token) {
        if (token > 0) {
            Hop.call(depth(), work());
            nodes.tell((node + 1) % nodes(), token - 1);
        } else {
            finish(node + 1);
        }
    }

    /** The node actors' names, 1..N, for tests. */
    List<String> actorNames() {
        return nodes.names();
    }

    @Override
    protected void inject(int node, int hops) {
        nodes.tell(node - 1, hops);
    }

    @Override
    protected CompletionStage<?> terminate() {
        return nodes.terminate();
    }
}
