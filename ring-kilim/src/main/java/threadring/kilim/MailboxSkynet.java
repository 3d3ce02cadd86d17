package threadring.kilim;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import kilim.Mailbox;
import kilim.Pausable;
import kilim.Task;
import threadring.core.skynet.AbstractSkynet;
import threadring.core.skynet.Skynet;

/**
 * Skynet on Kilim's actor form: a woven Task per task on a scheduler the Skynet owns (Kilim's
 * default size, or one worker). A parent makes a Mailbox with room for each child's answer,
 * starts a Task per child with it, and gets as many answers as it has children, in whatever
 * order they come; a child puts its answer and ends. The run ends once the root's execute() has
 * returned; every other task's last act is its put, which the root's answer needed.
 */
final class MailboxSkynet extends AbstractSkynet {

    private final OwnedScheduler scheduler;
    private CountDownLatch rootEnded = new CountDownLatch(0);

    MailboxSkynet(String id, int threads) {
        super(id);
        Woven.require(TreeTask.class);
        scheduler = new OwnedScheduler(threads, tracked(task -> new Thread(task, id + "-worker")));
    }

    @Override
    protected void start(int branching, int depth) {
        rootEnded = new CountDownLatch(1);
        scheduler.startAll(new TreeTask(this, 0, Skynet.leaves(branching, depth), branching, null));
    }

    /** Starts the Task of (first, leaves) answering on {@code parent} (a plain method: nothing here pauses). */
    void startChild(long first, long leaves, int branching, Mailbox<Long> parent) {
        new TreeTask(this, first, leaves, branching, parent).setScheduler(scheduler).start();
    }

    void started() {
        taskStarted();
    }

    void ended() {
        taskEnded();
    }

    void answered(long sum) {
        done(sum);
    }

    void failed(Throwable e) {
        fail(e);
    }

    void rootReturned() {
        rootEnded.countDown();
    }

    @Override
    protected void settle() throws InterruptedException {
        if (!rootEnded.await(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException(id() + ": the root task did not end 30 s after it answered");
        }
    }

    @Override
    protected void stop() {
        scheduler.shutdown(); // no task is left: each run waited for its root, the last to end
    }

    /** Task (first, leaves), answering in its parent's mailbox; the root ({@code parent} null) reports its answer. */
    static final class TreeTask extends Task<Void> {
        private final MailboxSkynet owner;
        private final long first;
        private final long leaves;
        private final int branching;
        private final Mailbox<Long> parent;

        TreeTask(MailboxSkynet owner, long first, long leaves, int branching, Mailbox<Long> parent) {
            this.owner = owner;
            this.first = first;
            this.leaves = leaves;
            this.branching = branching;
            this.parent = parent;
        }

        @Override
        public void execute() throws Pausable {
            try {
                owner.started();
                long sum = 0;
                if (leaves == 1) {
                    sum = first;
                } else {
                    long each = leaves / branching;
                    Mailbox<Long> answers = new Mailbox<>(branching, branching);
                    for (int i = 0; i < branching; i++) {
                        owner.startChild(first + i * each, each, branching, answers);
                    }
                    for (int i = 0; i < branching; i++) {
                        sum += answers.get();
                    }
                }
                owner.ended();
                if (parent == null) {
                    owner.answered(sum);
                } else {
                    parent.put(sum);
                }
            } catch (RuntimeException | Error e) {
                owner.failed(e);
            } finally {
                if (parent == null) {
                    owner.rootReturned();
                }
            }
        }
    }
}
