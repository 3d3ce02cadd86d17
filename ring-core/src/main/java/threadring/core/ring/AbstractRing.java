package threadring.core.ring;

import java.time.Duration;
import threadring.core.AbstractWorkload;

/**
 * What every ring shares and no ring should get wrong on its own: argument checks, the closed
 * state, one pass at a time, sharing a pass out among its tokens, the pass's completion, and
 * tracking of the threads it starts ({@link AbstractWorkload}). Subclasses only hand a token to a
 * node ({@link #inject}), stop their nodes ({@link #stop}) and report each token's end from the
 * node that received 0 ({@link #finish}).
 */
public abstract class AbstractRing extends AbstractWorkload implements Ring {

    private final RingSize shape;

    protected AbstractRing(String id, RingSize shape) {
        super(id, "ring");
        this.shape = shape;
    }

    /** A classic ring (one token, no depth, no work) of {@code nodes} nodes. */
    protected AbstractRing(String id, int nodes) {
        this(id, RingSize.classic(Rings.requireNodes(nodes)));
    }

    /**
     * Hands {@code hops} to node {@code node} (1..N). Called once per token and pass, from the
     * thread calling pass(); tokens already injected may be moving, so with several tokens a
     * node's inbox can meet this and its predecessor at once.
     */
    protected abstract void inject(int node, int hops) throws Exception;

    /**
     * How long close() waits for the ring's threads to end before it reports them (and how long
     * rings wait for their nodes to start): 30 s plus 100 us per node, so that a ring of 10^6
     * nodes on a slow machine is not cut short.
     */
    @Override
    protected Duration closeTimeout() {
        return Duration.ofSeconds(30).plusNanos(100_000L * shape.nodes());
    }

    /** Called by the node that received 0: ends its token, and the pass once every token has ended. */
    protected final void finish(int name) {
        endPart(name);
    }

    /** Stack depth each node waits at (see {@link RingSize}). */
    protected final int depth() {
        return shape.depth();
    }

    /** consumeCPU units per hop (see {@link RingSize}). */
    protected final int work() {
        return shape.work();
    }

    @Override
    public final int nodes() {
        return shape.nodes();
    }

    @Override
    public final RingSize shape() {
        return shape;
    }

    @Override
    public final long pass(int hops) {
        String what = "pass(hops=" + hops + ")";
        if (closed()) {
            throw new IllegalStateException(id() + ": " + what + " on a closed ring");
        }
        Rings.requireHops(hops);
        return run(what, shape.tokens(), () -> {
            for (int k = 0; k < shape.tokens(); k++) {
                inject(shape.start(k), shape.hops(hops, k));
            }
        });
    }

    @Override
    public String toString() {
        return id() + "[" + shape + (closed() ? ", closed" : "") + "]";
    }
}
