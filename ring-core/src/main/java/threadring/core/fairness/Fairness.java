package threadring.core.fairness;

import java.util.Collection;
import threadring.core.Operation;
import threadring.core.RingFactory;
import threadring.core.Samples;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.WrongAnswerException;

/**
 * The sixth workload: does a waiting task run on time beside busy ones? One run starts {@code hogs}
 * busy tasks and one probe together on the model's scheduler. Each hog runs {@code chunks} chunks of
 * {@code Blackhole.consumeCPU(chunkWork)} (no allocation, no blocking) and reports how many it ran;
 * the probe sleeps {@code periodUs} microseconds with the model's own sleep or timer, again and again
 * until every hog is done, and records each wake-up's lateness (when it ran minus when it was due).
 * The run returns the hogs' chunks, {@code hogs x chunks}; the probe must have woken at least once.
 * A model that preempts (the kernel's threads, Go) lets the probe wake on time; one that only
 * switches where a task blocks or yields may leave it waiting until the hogs are done, unless the
 * hogs yield (each model's {@code -yield} form yields after every chunk by the model's idiom).
 *
 * <p>What the tasks share is created when the workload is opened and reused by every run;
 * {@link #close()} stops it. One run at a time.
 */
public interface Fairness extends AutoCloseable {

    /** Fairness: busy tasks beside a probe that sleeps; timed per operation, the probe's lateness recorded. */
    Workload<FairnessSize, Fairness> WORKLOAD = new Workload<>("FAIRNESS", "fairness", "fairness", "operation",
            Size.Scale.MS_PER_OPERATION, FairnessSize.class, Fairness.class, FairnessDraws.DRAWS);

    /** The chunks each hog runs by default: about 50 ms of work here. */
    int DEFAULT_CHUNKS = 5_000;
    /** consumeCPU units of one chunk: about 10 µs here. */
    int DEFAULT_CHUNK_WORK = 2_500;
    /** How long the probe sleeps each time, in microseconds: a millisecond, a heartbeat's tick. */
    int DEFAULT_PERIOD_US = 1_000;
    /** The most hogs, chunks and units a run may ask for. */
    int MAX_HOGS = 10_000;
    int MAX_CHUNKS = 10_000_000;
    int MAX_CHUNK_WORK = 1_000_000;
    /** The longest sleep: a second. */
    int MAX_PERIOD_US = 1_000_000;
    /** Where the probe's lateness goes, for the counters read at each iteration's boundaries. */
    String LATENESS = "lateness";

    /**
     * One run: returns the hogs' chunks, {@code hogs x chunks}.
     *
     * @throws IllegalArgumentException if hogs, chunks, chunkWork or periodUs is out of range, naming it
     * @throws IllegalStateException if it is closed, or a task failed
     */
    long run(int hogs, int chunks, int chunkWork, int periodUs);

    /** The probe's wake-ups in the last run: each one's lateness in nanoseconds, in order. */
    long[] lateness();

    /** Every thread (platform or virtual) it started and still tracks. */
    Collection<Thread> threads();

    /** Stops what the tasks share and waits for it to end. Idempotent. */
    @Override
    void close();

    /** What a run answers: every hog's every chunk. */
    static long expected(int hogs, int chunks) {
        require(hogs, chunks, 0, 1);
        return (long) hogs * chunks;
    }

    /** @throws IllegalArgumentException naming the argument out of range and its value */
    static void require(int hogs, int chunks, int chunkWork, int periodUs) {
        if (hogs < 1 || hogs > MAX_HOGS) {
            throw new IllegalArgumentException("hogs must be >= 1 and <= " + MAX_HOGS + ", was " + hogs);
        }
        if (chunks < 0 || chunks > MAX_CHUNKS) {
            throw new IllegalArgumentException("chunks must be >= 0 and <= " + MAX_CHUNKS + ", was " + chunks);
        }
        if (chunkWork < 0 || chunkWork > MAX_CHUNK_WORK) {
            throw new IllegalArgumentException("chunk_work must be >= 0 and <= " + MAX_CHUNK_WORK + ", was "
                    + chunkWork);
        }
        if (periodUs < 1 || periodUs > MAX_PERIOD_US) {
            throw new IllegalArgumentException("period_us must be >= 1 and <= " + MAX_PERIOD_US + ", was " + periodUs);
        }
    }

    /** {@code f}'s fairness, ready for its first run. */
    static Fairness open(RingFactory f) {
        return f.open(WORKLOAD, FairnessSize.classic(Runtime.getRuntime().availableProcessors()));
    }

    /**
     * {@code f}'s fairness opened for runs of {@code size}: each step is one verified run, whose
     * probe's lateness goes to {@link Samples} as {@link #LATENESS}; the warm-up is one run of at
     * most {@link FairnessSize#WARM_CHUNKS} chunks a hog.
     */
    static Operation operation(RingFactory f, FairnessSize size) {
        Fairness fairness = f.open(WORKLOAD, size);
        return Operation.of(fairness, fairness::threads, runs -> {
            long sum = 0;
            for (int i = 0; i < runs; i++) {
                sum = verify(f.id(), size, fairness.run(size.hogs(), size.chunks(), size.chunkWork(), size.periodUs()),
                        fairness.lateness());
                Samples.record(LATENESS, fairness.lateness());
            }
            return sum;
        }, runs -> verify(f.id(), size.warm(), fairness.run(size.hogs(), size.warm().chunks(), size.chunkWork(),
                size.periodUs()), fairness.lateness()));
    }

    /**
     * Throws unless {@code sum} is the hogs' every chunk, the probe woke at least once and no
     * wake-up came before it was due; returns the sum.
     */
    static long verify(String id, FairnessSize size, long sum, long[] lateness) {
        long expected = expected(size.hogs(), size.chunks());
        if (sum != expected) {
            throw new WrongAnswerException(id + ": " + size.describe() + " summed to " + sum + ", expected " + expected);
        }
        if (lateness.length == 0) {
            throw new WrongAnswerException(id + ": " + size.describe() + ": the probe never woke");
        }
        for (long late : lateness) {
            if (late < 0) {
                throw new WrongAnswerException(id + ": " + size.describe() + ": the probe woke " + (-late)
                        + " ns before it was due");
            }
        }
        return sum;
    }
}
