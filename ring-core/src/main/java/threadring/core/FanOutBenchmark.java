package threadring.core;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The fan-out: the time of one verified operation of implementation {@code impl}, in which
 * {@code tasks} tasks each wait {@code delayMs} on the model's timer, run
 * {@code consumeCPU(work)} and complete (see {@link FanOut}). An operation already lasts at least
 * the delay, so it needs no sizing. JMH settings and {@code impl}: {@link WorkloadBenchmark}.
 */
public class FanOutBenchmark extends WorkloadBenchmark {

    /** Tasks of the short, verified operation at setup (same delay and work). */
    static final int WARM_TASKS = 1_000;

    @Param({"100000"})
    public int tasks;

    @Param({"100"})
    public int delayMs;

    @Param({"0"})
    public int work;

    private String id;
    private FanOut fanOut;

    @Setup(Level.Trial)
    public void open() {
        RingFactory factory = factory();
        id = factory.id();
        fanOut = factory.openFanOut();
        int warm = Math.min(tasks, WARM_TASKS);
        FanOut.verify(id, warm, fanOut.run(warm, delayMs, work));
        tenure();
    }

    /** One operation; a wrong sum throws, so a broken fan-out never reports a time. */
    @Benchmark
    public long run() {
        return FanOut.verify(id, tasks, fanOut.run(tasks, delayMs, work));
    }

    @TearDown(Level.Trial)
    public void close() {
        if (fanOut != null) {
            fanOut.close();
        }
    }
}
