package threadring.akka;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * What the typed ring needs of a typed actor library. Akka 2.6 and Pekko 1.x offer the same
 * typed API under different packages: the adapter is written once for Akka ({@link AkkaTyped})
 * and the build derives Pekko's from it, and the ring itself ({@link TypedRing}) is written once.
 */
interface TypedActors {

    /** Node {@code node} (0-based) received {@code token}. */
    @FunctionalInterface
    interface Receive {
        void token(int node, int token);
    }

    /** A started ActorSystem whose guardian has spawned the node actors. */
    interface Nodes {
        void tell(int node, int token);

        /** The node actors' names, 1..N, for tests. */
        List<String> names();

        /** Starts terminating the system; the stage completes once it has terminated. */
        CompletionStage<?> terminate();
    }

    /**
     * Starts an ActorSystem named {@code system} (the ring's config over the library's
     * reference.conf) whose guardian spawns {@code nodes} actors "node-1".."node-N", each
     * handing what it receives to {@code receive}, on the default dispatcher or, with
     * {@code oneThread}, on the one-thread dispatcher; waits up to {@code timeout} for them.
     */
    Nodes start(String system, int nodes, boolean oneThread, Duration timeout, Receive receive) throws Exception;
}
