package threadring.core.fanout;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import threadring.core.Size;
import threadring.core.WorkloadBenchmark;

/**
 * The fan-out: the time of one verified operation of implementation {@code impl}, in which
 * {@code tasks} tasks each wait {@code delayMs} on the model's timer, run
 * {@code consumeCPU(work)} and complete (see {@link FanOut}). An operation already lasts at least
 * the delay, so it needs no sizing; the warm-up is one operation of at most
 * {@link FanOutSize#WARM_TASKS} tasks. JMH settings and {@code impl}: {@link WorkloadBenchmark}.
 */
public class FanOutBenchmark extends WorkloadBenchmark {

    @Param({"100000"})
    public int tasks;

    @Param({"100"})
    public int delayMs;

    @Param({"0"})
    public int work;

    @Override
    protected Size.Timed size() {
        return new FanOutSize(tasks, delayMs, work);
    }

    @Override
    protected int steps() {
        return 1;
    }

    /** One operation; a wrong sum throws, so a broken fan-out never reports a time. */
    @Benchmark
    public long run() {
        return step();
    }
}
