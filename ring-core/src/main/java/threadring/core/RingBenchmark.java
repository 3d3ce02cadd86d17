package threadring.core;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The ring: the time of one verified pass of {@code hops} hops around a ring of {@code nodes}
 * nodes of implementation {@code impl}, with {@code tokens} tokens in flight, nodes waiting
 * {@code depth} frames deep and {@code work} units of CPU work per hop (the defaults are the
 * classic ring). JMH settings and {@code impl}: {@link WorkloadBenchmark}.
 */
public class RingBenchmark extends WorkloadBenchmark {

    /** Hops of the short, verified pass at setup that warms the JIT before the first sample. */
    static final int WARM_HOPS = 20_000;

    @Param({"503"})
    public int nodes;

    @Param({"10000000"})
    public int hops;

    /** Tokens in flight (1: the classic ring); see {@link Shape}. */
    @Param({"1"})
    public int tokens;

    /** Frames each node waits below its loop (0: none); see {@link Shape}. */
    @Param({"0"})
    public int depth;

    /** consumeCPU units per hop (0: none); see {@link Shape}. */
    @Param({"0"})
    public int work;

    private String id;
    private Shape shape;
    private long expected;
    private Ring ring;

    @Setup(Level.Trial)
    public void open() {
        RingFactory factory = factory();
        id = factory.id();
        shape = new Shape(nodes, tokens, depth, work);
        expected = shape.expected(hops);
        ring = factory.open(shape);
        int warm = Math.min(hops, WARM_HOPS);
        Rings.verify(id, shape, warm, ring.pass(warm));
        tenure();
    }

    /** One pass; a wrong answer throws, so a broken ring never reports a time. */
    @Benchmark
    public long pass() {
        long sum = ring.pass(hops);
        if (sum != expected) {
            Rings.verify(id, shape, hops, sum);
        }
        return sum;
    }

    @TearDown(Level.Trial)
    public void close() {
        if (ring != null) {
            ring.close();
        }
    }
}
