package threadring.core;

/**
 * What a ring is opened with besides its implementation: {@code nodes} nodes, {@code tokens}
 * tokens in flight, each node waiting {@code depth} frames deep in its own stack, and {@code work}
 * units of {@code Blackhole.consumeCPU} per hop. {@link #classic} is the Benchmarks Game ring.
 *
 * <p>Token k (0-based) starts at node {@code 1 + floor(k*N/T)} and carries {@code floor(H/T)}
 * hops, one more for k &lt; H mod T, so that a pass is H hops in all; a pass returns the sum of
 * the names of the nodes where the tokens reached 0 (for T = 1, the Benchmarks Game answer).
 */
public record Shape(int nodes, int tokens, int depth, int work) {

    /** Deeper than any real call chain a node would wait in, shallow enough for any thread's stack. */
    public static final int MAX_DEPTH = 1_000;
    /** About a millisecond of consumeCPU per hop: far beyond the 3.8 us the jdk-dev analysis used. */
    public static final int MAX_WORK = 1_000_000;

    public Shape {
        Rings.requireNodes(nodes);
        if (tokens < 1 || tokens >= nodes) {
            throw new IllegalArgumentException("tokens must be >= 1 and < nodes (" + nodes + "), was " + tokens);
        }
        if (depth < 0 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("depth must be >= 0 and <= " + MAX_DEPTH + ", was " + depth);
        }
        if (work < 0 || work > MAX_WORK) {
            throw new IllegalArgumentException("work must be >= 0 and <= " + MAX_WORK + ", was " + work);
        }
    }

    /** One token, no extra frames, no work: the classic thread ring. */
    public static Shape classic(int nodes) {
        return new Shape(nodes, 1, 0, 0);
    }

    public boolean isClassic() {
        return tokens == 1 && depth == 0 && work == 0;
    }

    /** The node (1..N) where token k starts. */
    public int start(int k) {
        return 1 + (int) ((long) k * nodes / tokens);
    }

    /** Hops token k carries in a pass of {@code hops} hops. */
    public int hops(int hops, int k) {
        return hops / tokens + (k < hops % tokens ? 1 : 0);
    }

    /** The node where token k reaches 0. */
    public int last(int hops, int k) {
        return (int) ((start(k) - 1 + (long) hops(hops, k)) % nodes) + 1;
    }

    /** What a pass of {@code hops} hops returns: the sum of every token's last node. */
    public long expected(int hops) {
        Rings.requireHops(hops);
        long sum = 0;
        for (int k = 0; k < tokens; k++) {
            sum += last(hops, k);
        }
        return sum;
    }

    /** {@code nodes=N}, then the parameters that differ from the classic ring. */
    @Override
    public String toString() {
        return "nodes=" + nodes + (tokens != 1 ? " tokens=" + tokens : "") + (depth != 0 ? " depth=" + depth : "")
                + (work != 0 ? " work=" + work : "");
    }
}
