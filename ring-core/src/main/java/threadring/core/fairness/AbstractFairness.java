package threadring.core.fairness;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.infra.Blackhole;
import threadring.core.AbstractWorkload;

/**
 * What every fairness shares ({@link AbstractWorkload}): argument checks, the closed state, one run
 * at a time, failures that end a run instead of hanging it, thread tracking, and the probe's
 * bookkeeping. Subclasses start the hogs and the probe on the model ({@link #start}): each hog runs
 * its chunks with {@link #chunk} (the yielding forms yield between them) and ends with
 * {@link #hogDone}; the probe, until {@link #hogsRunning} is false, takes a {@link #due} time,
 * sleeps the period the model's way, says {@link #woke}, and ends with {@link #probeDone}. It wakes
 * at least once: it sleeps before it first asks whether the hogs are done.
 */
public abstract class AbstractFairness extends AbstractWorkload implements Fairness {

    private final AtomicInteger running = new AtomicInteger();
    private long[] lateness = new long[64];
    private int wakes;
    private long firstDue;
    private volatile long[] last = new long[0];

    protected AbstractFairness(String id) {
        super(id, "fairness");
    }

    /**
     * Starts {@code hogs} hogs of {@code chunks} chunks of {@code chunkWork} units, and the probe that
     * sleeps {@code periodUs} µs at a time; called once per run, from the thread that called {@link #run}.
     */
    protected abstract void start(int hogs, int chunks, int chunkWork, int periodUs) throws Exception;

    /** One chunk of a hog's work: {@code consumeCPU(work)}, no allocation, no blocking. */
    public static void chunk(int work) {
        Blackhole.consumeCPU(work);
    }

    /** A hog ends, having run {@code chunks} chunks. */
    protected final void hogDone(long chunks) {
        running.decrementAndGet();
        endPart(chunks);
    }

    /** Whether a hog of the current run is still running: the probe sleeps again while one is. */
    protected final boolean hogsRunning() {
        return running.get() > 0;
    }

    /** When the probe's next wake-up is due, {@code periodUs} from now (System.nanoTime's clock); taken before it sleeps. */
    public static long due(int periodUs) {
        return System.nanoTime() + periodUs * 1_000L;
    }

    /**
     * The probe woke for the wake-up due at {@code dueNanos}: its lateness is now minus then. The first
     * wake-up is due one period after the run started, not after the probe first ran: a probe that
     * cannot start while the hogs hold every carrier is late by that wait too.
     */
    protected final void woke(long dueNanos) {
        long late = System.nanoTime() - (wakes == 0 ? Math.min(dueNanos, firstDue) : dueNanos);
        if (wakes == lateness.length) {
            lateness = Arrays.copyOf(lateness, 2 * wakes);
        }
        lateness[wakes++] = late;
    }

    /** The probe ends: the hogs are done, its wake-ups are the run's. */
    protected final void probeDone() {
        last = Arrays.copyOf(lateness, wakes);
        endPart(0);
    }

    @Override
    public final long[] lateness() {
        return last.clone();
    }

    @Override
    public final synchronized long run(int hogs, int chunks, int chunkWork, int periodUs) {
        String what = "run(hogs=" + hogs + ", chunks=" + chunks + ", chunk_work=" + chunkWork + ", period_us="
                + periodUs + ")";
        if (closed()) {
            throw new IllegalStateException(id() + ": " + what + " on a closed fairness");
        }
        Fairness.require(hogs, chunks, chunkWork, periodUs);
        running.set(hogs);
        wakes = 0;
        last = new long[0];
        firstDue = System.nanoTime() + periodUs * 1_000L;
        return runAndSettle(what, hogs + 1, () -> start(hogs, chunks, chunkWork, periodUs));
    }

    @Override
    public String toString() {
        return id() + "[fairness" + (closed() ? ", closed" : "") + "]";
    }
}
