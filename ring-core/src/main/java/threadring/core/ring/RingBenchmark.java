package threadring.core.ring;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import threadring.core.Size;
import threadring.core.WorkloadBenchmark;

/**
 * The ring: the time of one verified pass of {@code hops} hops around a ring of {@code nodes}
 * nodes of implementation {@code impl}, with {@code tokens} tokens in flight, nodes waiting
 * {@code depth} frames deep and {@code work} units of CPU work per hop (the defaults are the
 * classic ring; see {@link RingSize}). JMH settings and {@code impl}: {@link WorkloadBenchmark}.
 */
public class RingBenchmark extends WorkloadBenchmark {

    @Param({"503"})
    public int nodes;

    @Param({"10000000"})
    public int hops;

    /** Tokens in flight (1: the classic ring). */
    @Param({"1"})
    public int tokens;

    /** Frames each node waits below its loop (0: none). */
    @Param({"0"})
    public int depth;

    /** consumeCPU units per hop (0: none). */
    @Param({"0"})
    public int work;

    @Override
    protected Size.Timed size() {
        return new RingSize(nodes, tokens, depth, work);
    }

    @Override
    protected int steps() {
        return hops;
    }

    /** One pass; a wrong answer throws, so a broken ring never reports a time. */
    @Benchmark
    public long pass() {
        return step();
    }
}
