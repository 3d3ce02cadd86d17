package threadring.core;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The machine's single-thread speed ({@code probe/speed}): one thread walking a ring of 503 nodes
 * kept in an int[] of successors, one dependent load per hop, as {@code floor/loop} does: ns per
 * hop. No other thread, no handoff, no allocation: it moves only with the cpu the thread runs on
 * (a shared VM's clock, its neighbours' load), and so do the one-thread rows, so the runner
 * measures it at the start, the middle and the end of a run, and {@code compare} divides
 * one-thread rows by it when it moved between two runs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(3)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 3, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class SpeedProbeBenchmark {

    /** The classic ring's nodes (the ring's own constant is its package's: the shared package names no workload). */
    static final int NODES = 503;
    static final int HOPS = 1_000_000;

    private final int[] next = new int[NODES];

    public SpeedProbeBenchmark() {
        for (int i = 0; i < NODES; i++) {
            next[i] = (i + 1) % NODES;
        }
    }

    /** {@link #HOPS} hops from node 1; the node reached is checked, so no hop can be skipped. */
    @Benchmark
    @OperationsPerInvocation(HOPS)
    public int hop() {
        int node = 0;
        for (int i = 0; i < HOPS; i++) {
            node = next[node];
        }
        if (node != HOPS % NODES) {
            throw new IllegalStateException("probe/speed ended at node " + (node + 1) + ", expected "
                    + (HOPS % NODES + 1));
        }
        return node;
    }
}
