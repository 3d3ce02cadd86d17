package threadring.core.fanout;

import org.openjdk.jmh.infra.Blackhole;
import threadring.core.AbstractWorkload;
import threadring.core.ring.RingSize;

/**
 * What every fan-out shares ({@link AbstractWorkload}): argument checks, the closed state, one
 * operation at a time, failures that end an operation instead of hanging it, and thread
 * tracking. Subclasses start the tasks ({@link #start}); each task reports its number through
 * {@link #done} (from any thread), and the operation waits for all of them, then for
 * {@link #settle} (joining what must be gone).
 */
public abstract class AbstractFanOut extends AbstractWorkload implements FanOut {

    protected AbstractFanOut(String id) {
        super(id, "fan-out");
    }

    /**
     * Starts tasks 1..{@code tasks}: each waits {@code delayMs} with the model's own timer, calls
     * {@link #work(int)} and then {@link #done} with its number. Called once per operation.
     */
    protected abstract void start(int tasks, int delayMs, int work) throws Exception;

    /** Called by task {@code task} when it completes. */
    protected final void done(int task) {
        endPart(task);
    }

    /** A task's CPU work: {@code consumeCPU(work)}, nothing for 0. */
    protected static void work(int work) {
        if (work > 0) {
            Blackhole.consumeCPU(work);
        }
    }

    @Override
    public final synchronized long run(int tasks, int delayMs, int work) {
        String what = "run(tasks=" + tasks + ", delay_ms=" + delayMs + ", work=" + work + ")";
        if (closed()) {
            throw new IllegalStateException(id() + ": " + what + " on a closed fan-out");
        }
        FanOut.requireTasks(tasks);
        FanOut.requireDelay(delayMs);
        RingSize.requireWork(work);
        return runAndSettle(what, tasks, () -> start(tasks, delayMs, work));
    }

    @Override
    public String toString() {
        return id() + "[fan-out" + (closed() ? ", closed" : "") + "]";
    }
}
