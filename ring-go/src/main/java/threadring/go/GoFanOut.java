package threadring.go;

import threadring.core.fanout.FanOut;
import threadring.core.ring.RingSize;

/**
 * The fan-out in Go: a goroutine per task, each in {@code time.Sleep} for the delay, then its work
 * (JMH's consumeCPU arithmetic) and an atomic add of its number; the operation waits on a
 * {@code sync.WaitGroup}.
 */
final class GoFanOut extends GoWorkload implements FanOut {

    GoFanOut(String id) {
        super(id, "fan-out", "fanout");
    }

    @Override
    public long run(int tasks, int delayMs, int work) {
        String what = "run(tasks=" + tasks + ", delay_ms=" + delayMs + ", work=" + work + ")";
        FanOut.requireTasks(tasks);
        FanOut.requireDelay(delayMs);
        RingSize.requireWork(work);
        return ask(what, tasks + " " + delayMs + " " + work)[0];
    }
}
