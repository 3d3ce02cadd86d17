package threadring.akka;

import java.util.List;
import java.util.concurrent.CompletionStage;

/** One typed actor per node, on Akka or Pekko (a {@link TypedActors}); the message is the token itself. */
final class TypedRing extends ActorSystemRing {

    private final TypedActors.Nodes nodes;

    TypedRing(String id, int n, TypedActors actors, boolean oneThread) {
        super(id, n);
        try {
            nodes = actors.start(systemName, n, oneThread, closeTimeout(), this::receive);
        } catch (Exception e) {
            throw new IllegalStateException(id + ": could not spawn " + n + " nodes", e);
        }
        trackSystemThreads();
    }

    /** Node {@code node} (0-based) hands token-1 to its successor, or ends the pass. */
    private void receive(int node, int token) {
        if (token > 0) {
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
    protected void start(int hops) {
        nodes.tell(0, hops);
    }

    @Override
    protected CompletionStage<?> terminate() {
        return nodes.terminate();
    }
}
