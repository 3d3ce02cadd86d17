package threadring.akka;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import com.typesafe.config.Config;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/** One Apache Pekko typed actor per node (the Behaviors API); the message is the token itself. */
final class PekkoTypedRing extends ActorSystemRing {

    private static final Config CONFIG = config("pekko");

    private final ActorRef<Integer>[] nodes;
    private final ActorSystem<Void> system;

    @SuppressWarnings("unchecked")
    PekkoTypedRing(String id, int n, DispatcherSelector dispatcher) {
        super(id, n);
        nodes = (ActorRef<Integer>[]) new ActorRef<?>[n];
        CompletableFuture<Void> spawned = new CompletableFuture<>();
        // The guardian spawns the nodes, then only waits for the system to terminate.
        system = ActorSystem.create(Behaviors.<Void>setup(context -> {
            try {
                for (int i = 0; i < n; i++) {
                    nodes[i] = context.spawn(node(i + 1), "node-" + (i + 1), dispatcher);
                }
                spawned.complete(null);
            } catch (RuntimeException e) {
                spawned.completeExceptionally(e);
            }
            return Behaviors.empty();
        }), systemName, CONFIG);
        try {
            spawned.get(closeTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            close();
            throw new IllegalStateException(id + ": could not spawn " + n + " nodes", e);
        }
        trackSystemThreads();
    }

    private Behavior<Integer> node(int name) {
        int next = name % nodes.length;
        return Behaviors.receiveMessage(token -> {
            if (token > 0) {
                nodes[next].tell(token - 1);
            } else {
                finish(name);
            }
            return Behaviors.same();
        });
    }

    /** The node actors, 1..N, for tests. */
    List<ActorRef<Integer>> actors() {
        return List.of(nodes);
    }

    @Override
    protected void start(int hops) {
        nodes[0].tell(hops);
    }

    @Override
    protected CompletionStage<?> terminate() {
        system.terminate();
        return system.getWhenTerminated();
    }
}
