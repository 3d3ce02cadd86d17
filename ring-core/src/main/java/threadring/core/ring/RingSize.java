package threadring.core.ring;

import java.util.Optional;
import threadring.core.Operation;
import threadring.core.RingFactory;
import threadring.core.Size;
import threadring.core.Workload;

/**
 * A ring: {@code nodes} nodes, {@code tokens} tokens in flight, each node waiting
 * {@code depth} frames deep in its own stack, and {@code work} units of
 * {@code Blackhole.consumeCPU} per hop. {@link #classic} is the Benchmarks Game ring.
 *
 * <p>Token k (0-based) starts at node {@code 1 + floor(k*N/T)} and carries {@code floor(H/T)}
 * hops, one more for k &lt; H mod T, so that a pass is H hops in all; a pass returns the sum
 * of the names of the nodes where the tokens reached 0 (for T = 1, the Benchmarks Game answer).
 */
public record RingSize(int nodes, int tokens, int depth, int work) implements Size.Timed {

    @Override
    public Workload<RingSize, Ring> workload() {
        return Ring.WORKLOAD;
    }


    /** Deeper than any real call chain a node would wait in, shallow enough for any thread's stack. */
    public static final int MAX_DEPTH = 1_000;
    /** About a millisecond of consumeCPU per hop: far beyond the 3.8 us the jdk-dev analysis used. */
    public static final int MAX_WORK = 1_000_000;

    public RingSize {
        Rings.requireNodes(nodes);
        if (tokens < 1 || tokens >= nodes) {
            throw new IllegalArgumentException("tokens must be >= 1 and < nodes (" + nodes + "), was " + tokens);
        }
        if (depth < 0 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("depth must be >= 0 and <= " + MAX_DEPTH + ", was " + depth);
        }
        requireWork(work);
    }

    /** One token, no extra frames, no work: the classic thread ring. */
    public static RingSize classic(int nodes) {
        return new RingSize(nodes, 1, 0, 0);
    }

    /** @throws IllegalArgumentException unless 0 &lt;= work &lt;= {@link #MAX_WORK} */
    public static int requireWork(int work) {
        if (work < 0 || work > MAX_WORK) {
            throw new IllegalArgumentException("work must be >= 0 and <= " + MAX_WORK + ", was " + work);
        }
        return work;
    }

    /** The node (1..N) where token k starts. */
    public int start(int k) {
        return 1 + (int) ((long) k * nodes / tokens);
    }

    /** Hops token k carries in a pass of {@code hops} hops. */
    public int hops(int hops, int k) {
        return hops / tokens + (k < hops % tokens ? 1 : 0);
    }

    /** What a pass of {@code hops} hops returns: the sum of the nodes where the tokens reach 0. */
    public long expected(int hops) {
        Rings.requireHops(hops);
        long sum = 0;
        for (int k = 0; k < tokens; k++) {
            sum += (int) ((start(k) - 1 + (long) hops(hops, k)) % nodes) + 1;
        }
        return sum;
    }

    @Override
    public String describe() {
        return "ring " + this;
    }

    @Override
    public String describe(String steps) {
        return describe() + " hops=" + steps;
    }

    @Override
    public String arguments(int steps) {
        return this + " hops=" + steps;
    }

    @Override
    public String file(String steps) {
        return steps + "-n" + nodes + "-t" + tokens + "-d" + depth + "-w" + work;
    }

    @Override
    public String benchmark() {
        return RingBenchmark.class.getName() + ".pass";
    }

    @Override
    public Optional<String> stepsParameter() {
        return Optional.of("hops");
    }

    @Override
    public int population() {
        return nodes;
    }

    @Override
    public Operation open(RingFactory f) {
        return Rings.operation(f, this);
    }

    /** {@code nodes=N}, then the parameters that differ from the classic ring. */
    @Override
    public String toString() {
        return "nodes=" + nodes + (tokens != 1 ? " tokens=" + tokens : "") + (depth != 0 ? " depth=" + depth : "")
                + (work != 0 ? " work=" + work : "");
    }
}
