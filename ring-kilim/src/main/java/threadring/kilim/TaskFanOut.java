package threadring.kilim;

import static threadring.core.ring.Hop.work;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import kilim.Pausable;
import kilim.Task;
import threadring.core.fanout.AbstractFanOut;

/**
 * The fan-out on Kilim: a woven Task per task that {@code Task.sleep}s on the scheduler's timer,
 * works and completes, on a scheduler of the fan-out's own (Kilim's default size, or one
 * worker); the operation waits until every task's execute() has returned.
 */
final class TaskFanOut extends AbstractFanOut {

    private final OwnedScheduler scheduler;
    private CountDownLatch ended = new CountDownLatch(0);

    TaskFanOut(String id, int threads) {
        super(id);
        Woven.require(SleepTask.class);
        scheduler = new OwnedScheduler(threads, tracked(task -> new Thread(task, id + "-worker")));
    }

    @Override
    protected void start(int tasks, int delayMs, int work) {
        ended = new CountDownLatch(tasks);
        SleepTask[] all = new SleepTask[tasks];
        for (int i = 0; i < tasks; i++) {
            all[i] = new SleepTask(this, i + 1, delayMs, work, ended);
        }
        scheduler.startAll(all);
    }

    @Override
    protected void settle() throws InterruptedException {
        if (!ended.await(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException(id() + ": " + ended.getCount() + " task(s) did not end 30 s after they "
                    + "completed");
        }
    }

    void completed(int task) {
        done(task);
    }

    void failed(Throwable e) {
        fail(e);
    }

    @Override
    protected void stop() {
        scheduler.shutdown();
    }

    /** One task: sleeps, works, completes, ends. */
    static final class SleepTask extends Task<Void> {
        private final TaskFanOut owner;
        private final int task;
        private final int delayMs;
        private final int work;
        private final CountDownLatch ended;

        SleepTask(TaskFanOut owner, int task, int delayMs, int work, CountDownLatch ended) {
            this.owner = owner;
            this.task = task;
            this.delayMs = delayMs;
            this.work = work;
            this.ended = ended;
        }

        @Override
        public void execute() throws Pausable {
            try {
                Task.sleep(delayMs);
                work(work);
                owner.completed(task);
            } catch (RuntimeException | Error e) {
                owner.failed(e);
            } finally {
                ended.countDown();
            }
        }
    }
}
