package threadring.core.ring;

import java.util.Collection;
import threadring.core.Size;
import threadring.core.Workload;

/**
 * A ring of {@link #nodes()} nodes named 1..N, each a distinct concurrent entity of the model
 * under test. Node i hands the token to node i+1, node N back to node 1.
 *
 * <p>Nodes are created when the ring is opened and reused by every pass; {@link #close()} stops
 * them all. One pass runs at a time.
 */
public interface Ring extends AutoCloseable {

    /** The thread ring: a token passed around N nodes; timed per hop. */
    Workload<RingSize, Ring> WORKLOAD = new Workload<>("RING", "ring", "ring", "hop", Size.Scale.NS_PER_STEP,
            RingSize.class, Ring.class, new RingDraws());

    /** Number of nodes N (at least 2). */
    int nodes();

    /** Nodes, tokens in flight, stack depth and work per hop this ring was opened with. */
    RingSize shape();

    /**
     * One pass: node 1 receives {@code hops}; a node receiving v &gt; 0 hands v-1 to its
     * successor. Returns the name (1..N) of the node that received 0, i.e. {@code hops % N + 1}.
     * With T tokens ({@link RingSize}) the hops are shared out among them and the pass returns the
     * sum of the T nodes that received 0 ({@link RingSize#expected}).
     *
     * @throws IllegalArgumentException if hops &lt; 0
     * @throws IllegalStateException if the ring is closed
     */
    long pass(int hops);

    /**
     * Every thread (platform or virtual) this ring started, including pool or carrier threads
     * it owns. Virtual threads do not show up in {@code Thread.getAllStackTraces()}, so this is
     * how tests check that {@link #close()} left nothing alive.
     */
    Collection<Thread> threads();

    /** Stops every node and waits for what the ring started to end. Idempotent. */
    @Override
    void close();
}
