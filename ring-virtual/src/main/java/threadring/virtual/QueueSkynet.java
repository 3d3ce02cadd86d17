package threadring.virtual;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import threadring.core.skynet.AbstractSkynet;
import threadring.core.skynet.Skynet;

/**
 * {@code virtual/answer-queue}: the original's shape (a Go channel per parent) on virtual threads. A task
 * starts a virtual thread per child, each given the parent's queue; a child puts its answer
 * there and ends, and the parent takes as many answers as it has children, in whatever order
 * they come. The queue has room for every child's answer, so no child waits to hand it over.
 * Only the root's thread is tracked: a child's last act is its put, and the root's answer needs
 * every put of the tree, so once the root's thread has ended no task is left but the few
 * returning from their put.
 */
final class QueueSkynet extends AbstractSkynet {

    private final ThreadFactory threads = Thread.ofVirtual().factory();
    private Thread root;

    QueueSkynet(String id) {
        super(id);
    }

    @Override
    protected void start(int branching, int depth) {
        long leaves = Skynet.leaves(branching, depth);
        root = threads.newThread(() -> {
            try {
                done(answer(0, leaves, branching));
            } catch (Throwable e) {
                fail(e);
            }
        });
        track(root);
        root.start();
    }

    /** Task (first, leaves) in the thread that runs it: its answer, once its children have put theirs. */
    private long answer(long first, long leaves, int branching) throws InterruptedException {
        taskStarted();
        long sum = 0;
        if (leaves == 1) {
            sum = first;
        } else {
            long each = leaves / branching;
            BlockingQueue<Long> answers = new ArrayBlockingQueue<>(branching);
            for (int i = 0; i < branching; i++) {
                long childFirst = first + i * each;
                threads.newThread(() -> child(childFirst, each, branching, answers)).start();
            }
            for (int i = 0; i < branching; i++) {
                sum += answers.take();
            }
        }
        taskEnded();
        return sum;
    }

    private void child(long first, long leaves, int branching, BlockingQueue<Long> parent) {
        try {
            parent.put(answer(first, leaves, branching));
        } catch (Throwable e) {
            fail(e);
        }
    }

    @Override
    protected void settle() throws InterruptedException {
        root.join(TimeUnit.SECONDS.toMillis(30)); // it answered: all that is left is to return
        if (root.isAlive()) {
            throw new IllegalStateException(id() + ": the root's thread did not end 30 s after it answered");
        }
        forgetEnded();
    }

    @Override
    protected void stop() {
        // nothing shared: virtual threads need no pool of ours
    }
}
