package threadring.core.ring;

import threadring.core.Operation;
import threadring.core.RingFactory;
import threadring.core.WrongAnswerException;
/** The ring's arithmetic and argument checks, shared by every implementation and the runner. */
public final class Rings {

    /** The Benchmarks Game workload: 503 nodes. */
    public static final int DEFAULT_NODES = 503;
    /** The 2014 study's workload: ten million hops per pass (JMH's default when run by hand). */
    public static final int DEFAULT_HOPS = 10_000_000;

    private Rings() {}

    /** The name of the node that receives 0 when node 1 receives {@code hops}. */
    public static int expectedLast(int nodes, int hops) {
        requireNodes(nodes);
        requireHops(hops);
        return hops % nodes + 1;
    }

    public static int requireNodes(int nodes) {
        if (nodes < 2) {
            throw new IllegalArgumentException("nodes must be >= 2, was " + nodes);
        }
        return nodes;
    }

    public static int requireHops(int hops) {
        if (hops < 0) {
            throw new IllegalArgumentException("hops must be >= 0, was " + hops);
        }
        return hops;
    }

    /**
     * {@code f}'s ring of {@code shape}, all nodes started and waiting for a token.
     *
     * @throws IllegalStateException if this JVM cannot run the variant or hold that many nodes
     * @throws UnsupportedOperationException if it runs no ring
     */
    public static Ring open(RingFactory f, RingSize shape) {
        return f.open(Ring.WORKLOAD, shape);
    }

    /** {@code f}'s classic ring of {@code nodes} nodes: one token, no extra depth, no work. */
    public static Ring open(RingFactory f, int nodes) {
        return open(f, RingSize.classic(nodes));
    }

    /** Throws unless {@code last} is the right answer; returns it. */
    public static long verify(String id, int nodes, int hops, long last) {
        int expected = expectedLast(nodes, hops);
        if (last != expected) {
            throw new WrongAnswerException(id + ": nodes=" + nodes + " hops=" + hops
                    + " ended at node " + last + ", expected " + expected);
        }
        return last;
    }

    /** Throws unless {@code sum} is what a pass of {@code hops} on {@code shape} returns; returns it. */
    public static long verify(String id, RingSize shape, int hops, long sum) {
        long expected = shape.expected(hops);
        if (sum != expected) {
            throw new WrongAnswerException(id + ": " + shape + " hops=" + hops + " returned " + sum + ", expected "
                    + expected);
        }
        return sum;
    }

    /** A ring of {@code shape} opened on {@code f}: each run is a pass of its steps in hops, verified. */
    static Operation operation(RingFactory f, RingSize shape) {
        Ring ring = open(f, shape);
        return Operation.of(ring, ring::threads, hops -> verify(f.id(), shape, hops, ring.pass(hops)));
    }
}
