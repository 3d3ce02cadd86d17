package threadring.core.fanout;

import java.util.Optional;
import threadring.core.Operation;
import threadring.core.RingFactory;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.ring.RingSize;

/**
 * A fan-out: {@code tasks} tasks per operation, each waiting {@code delayMs} and running
 * {@code work} units of consumeCPU. One step is one operation.
 */
public record FanOutSize(int tasks, int delayMs, int work) implements Size.Timed {

    @Override
    public Workload<FanOutSize, FanOut> workload() {
        return FanOut.WORKLOAD;
    }

    /** Tasks of the short, verified operation that warms a fan-out up (same delay and work). */
    public static final int WARM_TASKS = 1_000;

    public FanOutSize {
        FanOut.requireTasks(tasks);
        FanOut.requireDelay(delayMs);
        RingSize.requireWork(work);
    }

    /** The same fan-out at most {@link #WARM_TASKS} tasks large. */
    public FanOutSize warm() {
        return new FanOutSize(Math.min(tasks, WARM_TASKS), delayMs, work);
    }

    /** Each task's consumeCPU, whose cost the fan-out's ideal time needs. */
    @Override
    public int cpuWork() {
        return work;
    }

    @Override
    public String describe() {
        return "fanout " + this;
    }

    @Override
    public String arguments(int steps) {
        return "workload=fanout " + this;
    }

    @Override
    public String file(String steps) {
        return "fanout-t" + tasks + "-d" + delayMs + "-w" + work;
    }

    @Override
    public String benchmark() {
        return FanOutBenchmark.class.getName() + ".run";
    }

    @Override
    public Optional<String> stepsParameter() {
        return Optional.empty();
    }

    @Override
    public int population() {
        return tasks;
    }

    /** Each step is one operation of this size (see {@link FanOut#operation}). */
    @Override
    public Operation open(RingFactory f) {
        return FanOut.operation(f, this);
    }

    @Override
    public String toString() {
        return "tasks=" + tasks + " delay_ms=" + delayMs + " work=" + work;
    }
}
