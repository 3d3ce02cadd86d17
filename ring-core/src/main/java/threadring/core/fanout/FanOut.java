package threadring.core.fanout;

import java.util.Collection;
import threadring.core.Operation;
import threadring.core.RingFactory;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.WrongAnswerException;

/**
 * The third workload, from the 2023 jdk-dev thread "Virtual Threads performance": one operation
 * starts T tasks of the model under test; task i (1..T) waits D ms on the model's own timer or
 * sleep, runs {@code Blackhole.consumeCPU(W)} and completes with i; the operation returns their
 * sum T(T+1)/2 once every task has completed and is gone. Here many tasks wait at once and then
 * each does a little work: the question is how close a model comes to the ideal D + T*w/P.
 *
 * <p>What the tasks share (a scheduler, a timer, an actor system) is created when the fan-out is
 * opened and reused by every operation; {@link #close()} stops it. One operation runs at a time.
 */
public interface FanOut extends AutoCloseable {

    /** The fan-out: T tasks each wait D ms, work and complete; timed per operation. */
    Workload<FanOutSize, FanOut> WORKLOAD = new Workload<>("FANOUT", "fanout", "fan-out", "operation",
            Size.Scale.MS_PER_OPERATION, FanOutSize.class, FanOut.class, FanOutDraws.DRAWS);

    /** The jdk-dev experiment's size: 100,000 tasks. */
    int DEFAULT_TASKS = 100_000;
    /** The jdk-dev experiment's wait: 100 ms. */
    int DEFAULT_DELAY_MS = 100;
    /**
     * No wait may be longer than ten minutes: a footprint reading of a model whose million tasks take
     * minutes to start needs them asleep that long (a timed run caps it lower, see {@link #MAX_TIMED_DELAY_MS}).
     */
    int MAX_DELAY_MS = 600_000;
    /** No timed operation waits longer than a minute: an operation is one JMH operation. */
    int MAX_TIMED_DELAY_MS = 60_000;

    /**
     * One operation: tasks 1..{@code tasks} each wait {@code delayMs}, consume {@code work} and
     * complete with their number; returns the sum of those numbers, {@link #expected}.
     *
     * @throws IllegalArgumentException if tasks &lt; 0, delayMs &lt; 0 or &gt; {@link #MAX_DELAY_MS},
     *     or work is out of {@link threadring.core.ring.RingSize}'s range
     * @throws IllegalStateException if it is closed, or a task failed
     */
    long run(int tasks, int delayMs, int work);

    /** Every thread (platform or virtual) it started and still tracks: its pools, carriers, timers. */
    Collection<Thread> threads();

    /** Stops what it shares and waits for it to end. Idempotent. */
    @Override
    void close();

    /** {@code f}'s fan-out, ready for its first operation. */
    static FanOut open(RingFactory f) {
        return f.open(WORKLOAD, new FanOutSize(DEFAULT_TASKS, DEFAULT_DELAY_MS, 0));
    }

    /** The sum of 1..tasks. */
    static long expected(int tasks) {
        requireTasks(tasks);
        return (long) tasks * (tasks + 1) / 2;
    }

    static int requireTasks(int tasks) {
        if (tasks < 0) {
            throw new IllegalArgumentException("tasks must be >= 0, was " + tasks);
        }
        return tasks;
    }

    static int requireDelay(int delayMs) {
        if (delayMs < 0 || delayMs > MAX_DELAY_MS) {
            throw new IllegalArgumentException("delay_ms must be >= 0 and <= " + MAX_DELAY_MS + ", was " + delayMs);
        }
        return delayMs;
    }

    /**
     * {@code f}'s fan-out opened for operations of {@code size}: each step of a run is one
     * operation, verified (a run returns the last one's sum); the warm-up is one operation of at
     * most {@link FanOutSize#WARM_TASKS} tasks.
     */
    static Operation operation(RingFactory f, FanOutSize size) {
        FanOut fanOut = open(f);
        FanOutSize warm = size.warm();
        return Operation.of(fanOut, fanOut::threads, operations -> {
            long sum = 0;
            for (int i = 0; i < operations; i++) {
                sum = verify(f.id(), size.tasks(), fanOut.run(size.tasks(), size.delayMs(), size.work()));
            }
            return sum;
        }, operations -> verify(f.id(), warm.tasks(), fanOut.run(warm.tasks(), size.delayMs(), size.work())));
    }

    /** Throws unless {@code sum} is what an operation of {@code tasks} tasks returns; returns it. */
    static long verify(String id, int tasks, long sum) {
        long expected = expected(tasks);
        if (sum != expected) {
            throw new WrongAnswerException(id + ": fanout tasks=" + tasks + " summed to " + sum + ", expected "
                    + expected);
        }
        return sum;
    }
}
