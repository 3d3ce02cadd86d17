package threadring.core.skynet;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import threadring.core.Size;
import threadring.core.WorkloadBenchmark;

/**
 * Skynet: the time of one verified tree of {@code branching}^{@code depth} leaves of
 * implementation {@code impl} (see {@link Skynet}); the runner reads it per task. The warm-up is
 * one tree of at most {@link SkynetSize#WARM_DEPTH} levels. JMH settings and {@code impl}:
 * {@link WorkloadBenchmark}.
 */
public class SkynetBenchmark extends WorkloadBenchmark {

    @Param({"10"})
    public int branching;

    @Param({"6"})
    public int depth;

    @Override
    protected Size.Timed size() {
        return new SkynetSize(branching, depth);
    }

    @Override
    protected int steps() {
        return 1;
    }

    /** One tree; a wrong sum throws, so a broken Skynet never reports a time. */
    @Benchmark
    public long tree() {
        return step();
    }
}
