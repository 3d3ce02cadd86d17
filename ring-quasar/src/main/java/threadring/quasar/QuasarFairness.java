package threadring.quasar;

import co.paralleluniverse.fibers.Fiber;
import co.paralleluniverse.fibers.SuspendExecution;
import co.paralleluniverse.strands.Strand;
import java.util.concurrent.TimeUnit;
import threadring.core.fairness.AbstractFairness;

/**
 * Fairness on Quasar fibers, on a two-thread FiberForkJoinScheduler of its own: a fiber per hog
 * looping over its chunks (the {@code -yield} form calls {@code Fiber.yield()} after each) and a
 * probe fiber that {@code Strand.sleep}s on the scheduler's timer; the run joins every fiber. A
 * fiber is not preempted: a hog keeps its worker until it parks or yields.
 */
final class QuasarFairness extends AbstractFairness {

    static final int PARALLELISM = 2;

    private final OwnedScheduler owned;
    private final boolean yielding;
    private Fiber<?>[] fibers = new Fiber<?>[0];

    QuasarFairness(String id, boolean yielding) {
        super(id);
        this.yielding = yielding;
        owned = new OwnedScheduler(id, PARALLELISM, this::track);
    }

    @Override
    protected void start(int hogs, int chunks, int chunkWork, int periodUs) {
        fibers = new Fiber<?>[hogs + 1];
        for (int h = 0; h < hogs; h++) {
            fibers[h] = started(new Hog(chunks, chunkWork));
        }
        fibers[hogs] = started(new Probe(periodUs));
        owned.trackThreads(); // the pool starts its workers on demand
    }

    private Fiber<?> started(Fiber<?> f) {
        f.setUncaughtExceptionHandler((strand, e) -> fail(e));
        return f.start();
    }

    @Override
    protected void settle() throws Exception {
        Fiber<?>[] joined = fibers;
        fibers = new Fiber<?>[0];
        for (Fiber<?> f : joined) {
            f.join();
        }
    }

    @Override
    protected void stop() throws Exception {
        owned.shutdown(closeTimeout());
    }

    // plain methods the fibers' run() calls: the base's bookkeeping is not suspendable
    private void hogEnded(long chunks) {
        hogDone(chunks);
    }

    private boolean busy() {
        return hogsRunning();
    }

    private void wokeFor(long due) {
        woke(due);
    }

    private void probeEnded() {
        probeDone();
    }

    final class Hog extends Fiber<Void> {
        private static final long serialVersionUID = 1L;
        private final int chunks;
        private final int work;

        Hog(int chunks, int work) {
            super(owned.scheduler());
            this.chunks = chunks;
            this.work = work;
        }

        @Override
        protected Void run() throws SuspendExecution, InterruptedException {
            for (int c = 0; c < chunks; c++) {
                AbstractFairness.chunk(work);
                if (yielding) {
                    Fiber.yield();
                }
            }
            hogEnded(chunks);
            return null;
        }
    }

    final class Probe extends Fiber<Void> {
        private static final long serialVersionUID = 1L;
        private final int periodUs;

        Probe(int periodUs) {
            super(owned.scheduler());
            this.periodUs = periodUs;
        }

        @Override
        protected Void run() throws SuspendExecution, InterruptedException {
            do {
                long due = AbstractFairness.due(periodUs);
                Strand.sleep(periodUs, TimeUnit.MICROSECONDS);
                wokeFor(due);
            } while (busy());
            probeEnded();
            return null;
        }
    }
}
