package threadring.core;

import threadring.core.Workload.Size;
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
    public static long verify(String id, Size.Ring shape, int hops, long sum) {
        long expected = shape.expected(hops);
        if (sum != expected) {
            throw new WrongAnswerException(id + ": " + shape + " hops=" + hops + " returned " + sum + ", expected "
                    + expected);
        }
        return sum;
    }

    /** A ring of {@code shape} opened on {@code f}: each run is a pass of its steps in hops, verified. */
    static Operation operation(RingFactory f, Size.Ring shape) {
        Ring ring = f.open(shape);
        return Operation.of(ring, ring::threads, hops -> verify(f.id(), shape, hops, ring.pass(hops)));
    }

    /** A ring that ended a pass at the wrong node. */
    public static final class WrongAnswerException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        WrongAnswerException(String message) {
            super(message);
        }
    }
}
