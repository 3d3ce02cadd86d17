package threadring.core;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The one experiment of this suite: the time of one verified pass of {@code hops} hops around a
 * ring of {@code nodes} nodes of implementation {@code impl}, with {@code tokens} tokens in
 * flight, nodes waiting {@code depth} frames deep and {@code work} units of CPU work per hop (the
 * defaults are the classic ring). The runner sets {@code impl} (every
 * registered id, one at a time) and appends the id's own JVM flags ({@link RingFactory#jvmArgs})
 * to the forks; by hand: {@code java -jar benchmarks.jar -p impl=virtual/park}, and for ids that
 * need flags also {@code -jvmArgsAppend "..."} (the ring refuses to run without them).
 *
 * <p>One operation is one pass (a pass is already 10^6-10^7 handoffs), so the mode is
 * single-shot: every sample is a whole pass, and there is no loop around it for JMH to amortise.
 * Three forks, because JVMs disagree far more than passes inside one JVM do (fork medians of one
 * row here ranged 75-195 ns/hop, passes inside each fork within 10%); the runner's statistics
 * treat each fork as one observation. One warm-up pass after the setup's short one is enough for
 * C2; four measured passes give each fork's median. The heap is the runner's to choose (it grows
 * with the ring: ring-bench's Heap); JMH run by hand uses the JVM's default.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(3)
@Warmup(iterations = 1)
@Measurement(iterations = 4)
public class RingBenchmark {

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

    /**
     * The implementation id, e.g. {@code virtual/park}: the runner or {@code -p impl=} sets it; the
     * default only says so, since JMH needs one.
     */
    @Param({UNSET})
    public String impl;

    static final String UNSET = "unset";

    private String id;
    private Shape shape;
    private long expected;
    private Ring ring;

    @Setup(Level.Trial)
    public void open() {
        if (UNSET.equals(impl)) {
            throw new IllegalStateException("no implementation: run with -p impl=<id> (ids: benchmark.sh list), "
                    + "or through benchmark.sh");
        }
        id = impl;
        RingFactory factory = RingFactories.load().require(id);
        factory.unsupportedReason().ifPresent(reason -> {
            throw new IllegalStateException(reason);
        });
        shape = new Shape(nodes, tokens, depth, work);
        expected = shape.expected(hops);
        ring = factory.open(shape);
        int warm = Math.min(hops, WARM_HOPS);
        Rings.verify(id, shape, warm, ring.pass(warm));
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
