package threadring.quasar;

import co.paralleluniverse.fibers.Fiber;
import co.paralleluniverse.fibers.SuspendExecution;
import co.paralleluniverse.strands.Strand;
import threadring.core.fanout.AbstractFanOut;
import threadring.core.ring.Hop;

/**
 * The fan-out on Quasar fibers: a fiber per task that {@code Strand.sleep}s on the scheduler's
 * timer, works and completes, on a FiberForkJoinScheduler of the fan-out's own (one or two
 * threads); the operation joins every fiber before it returns.
 */
final class SleepFanOut extends AbstractFanOut {

    private final OwnedScheduler owned;
    private Fiber<?>[] fibers = new Fiber<?>[0];

    SleepFanOut(String id, int parallelism) {
        super(id);
        owned = new OwnedScheduler(id, parallelism, this::track);
    }

    @Override
    protected void start(int tasks, int delayMs, int work) {
        fibers = new Fiber<?>[tasks];
        for (int i = 0; i < tasks; i++) {
            Task t = new Task(i + 1, delayMs, work);
            t.setUncaughtExceptionHandler((strand, e) -> fail(e));
            fibers[i] = t.start();
        }
        owned.trackThreads(); // the pool starts its workers on demand
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

    /** Reports a task's completion (a plain method: the fiber's run() calls it). */
    private void complete(int task) {
        done(task);
    }

    final class Task extends Fiber<Void> {
        private static final long serialVersionUID = 1L;

        private final int task;
        private final int delayMs;
        private final int work;

        Task(int task, int delayMs, int work) {
            super(owned.scheduler());
            this.task = task;
            this.delayMs = delayMs;
            this.work = work;
        }

        @Override
        protected Void run() throws SuspendExecution, InterruptedException {
            Strand.sleep(delayMs);
            Hop.work(work);
            complete(task);
            return null;
        }
    }
}
