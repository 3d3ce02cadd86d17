package threadring.kilim;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import kilim.Pausable;
import kilim.Scheduler;
import kilim.Task;
import threadring.core.fairness.AbstractFairness;

/**
 * Fairness on Kilim: a woven Task per hog looping over its chunks (the {@code -yield} form calls
 * {@code Task.yield()} after each) and a probe Task that {@code Task.sleep}s on the scheduler's timer,
 * on a scheduler of its own of Kilim's default size; the run waits until every task's execute() has
 * returned. Task.sleep counts whole milliseconds: the probe's period is rounded up to one. Its timer
 * reads System.currentTimeMillis, so a sleep may end up to a millisecond before its due time by
 * System.nanoTime; the probe then yields until that time, so no wake-up is counted early.
 */
final class TaskFairness extends AbstractFairness {

    private final OwnedScheduler scheduler;
    private final boolean yielding;
    private CountDownLatch ended = new CountDownLatch(0);

    TaskFairness(String id, boolean yielding) {
        super(id);
        Woven.require(Hog.class);
        Woven.require(Probe.class);
        this.yielding = yielding;
        scheduler = new OwnedScheduler(Scheduler.defaultNumberThreads, tracked(task -> new Thread(task, id + "-worker")));
    }

    @Override
    protected void start(int hogs, int chunks, int chunkWork, int periodUs) {
        ended = new CountDownLatch(hogs + 1);
        Task<?>[] all = new Task<?>[hogs + 1];
        for (int h = 0; h < hogs; h++) {
            all[h] = new Hog(this, chunks, chunkWork, yielding, ended);
        }
        all[hogs] = new Probe(this, Math.max(1, (periodUs + 999) / 1000), ended);
        scheduler.startAll(all);
    }

    @Override
    protected void settle() throws InterruptedException {
        if (!ended.await(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException(id() + ": " + ended.getCount() + " task(s) did not end 30 s after the run");
        }
    }

    @Override
    protected void stop() {
        scheduler.shutdown();
    }

    void hogEnded(long chunks) {
        hogDone(chunks);
    }

    boolean busy() {
        return hogsRunning();
    }

    void wokeFor(long due) {
        woke(due);
    }

    void probeEnded() {
        probeDone();
    }

    void failed(Throwable e) {
        fail(e);
    }

    /** One hog: its chunks, then it ends. */
    static final class Hog extends Task<Void> {
        private final TaskFairness owner;
        private final int chunks;
        private final int work;
        private final boolean yielding;
        private final CountDownLatch ended;

        Hog(TaskFairness owner, int chunks, int work, boolean yielding, CountDownLatch ended) {
            this.owner = owner;
            this.chunks = chunks;
            this.work = work;
            this.yielding = yielding;
            this.ended = ended;
        }

        @Override
        public void execute() throws Pausable {
            try {
                for (int c = 0; c < chunks; c++) {
                    AbstractFairness.chunk(work);
                    if (yielding) {
                        Task.yield();
                    }
                }
                owner.hogEnded(chunks);
            } catch (RuntimeException | Error e) {
                owner.failed(e);
            } finally {
                ended.countDown();
            }
        }
    }

    /** The probe: sleeps, says when it woke, until the hogs are done. */
    static final class Probe extends Task<Void> {
        private final TaskFairness owner;
        private final int periodMs;
        private final CountDownLatch ended;

        Probe(TaskFairness owner, int periodMs, CountDownLatch ended) {
            this.owner = owner;
            this.periodMs = periodMs;
            this.ended = ended;
        }

        @Override
        public void execute() throws Pausable {
            try {
                do {
                    long due = AbstractFairness.due(periodMs * 1000);
                    Task.sleep(periodMs);
                    while (System.nanoTime() < due) {
                        Task.yield();
                    }
                    owner.wokeFor(due);
                } while (owner.busy());
                owner.probeEnded();
            } catch (RuntimeException | Error e) {
                owner.failed(e);
            } finally {
                ended.countDown();
            }
        }
    }
}
