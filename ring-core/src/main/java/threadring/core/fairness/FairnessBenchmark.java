package threadring.core.fairness;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import threadring.core.Size;
import threadring.core.WorkloadBenchmark;

/**
 * Fairness: the time of one verified run of {@code hogs} busy tasks beside a sleeping probe of
 * implementation {@code impl} (see {@link Fairness}); the probe's lateness of each run is recorded
 * for the iteration's counters. JMH settings and {@code impl}: {@link WorkloadBenchmark}.
 */
public class FairnessBenchmark extends WorkloadBenchmark {

    @Param({"4"})
    public int hogs;

    @Param({"5000"})
    public int chunks;

    @Param({"2500"})
    public int chunkWork;

    @Param({"1000"})
    public int periodUs;

    @Override
    protected Size.Timed size() {
        return new FairnessSize(hogs, chunks, chunkWork, periodUs);
    }

    @Override
    protected int steps() {
        return 1;
    }

    /** One run; a wrong sum or a probe that never woke throws, so it never reports a time. */
    @Benchmark
    public long run() {
        return step();
    }
}
