package threadring.quasar;

import co.paralleluniverse.fibers.Fiber;
import co.paralleluniverse.fibers.SuspendExecution;
import co.paralleluniverse.strands.channels.Channels;
import co.paralleluniverse.strands.channels.LongChannel;
import co.paralleluniverse.strands.channels.LongSendPort;
import co.paralleluniverse.strands.channels.ReceivePort;

/**
 * {@code quasar/answer-channel}: the original's channels on Quasar. A task is a fiber; a parent makes a
 * {@link LongChannel} for its children's answers (room for each, several senders, one receiver),
 * starts a fiber per child with it, and receives as many answers as it has children, in whatever
 * order they come; a child sends its answer and ends.
 */
final class ChannelSkynet extends QuasarSkynet {

    ChannelSkynet(String id, int parallelism) {
        super(id, parallelism);
    }

    @Override
    protected Fiber<?> root(int branching, long leaves) {
        return new Task(0, leaves, branching, null);
    }

    /** Task (first, leaves), answering on its parent's channel; the root ({@code parent} null) reports its answer. */
    final class Task extends Fiber<Void> {
        private static final long serialVersionUID = 1L;

        private final long first;
        private final long leaves;
        private final int branching;
        private final transient LongSendPort parent;

        Task(long first, long leaves, int branching, LongSendPort parent) {
            super(scheduler());
            this.first = first;
            this.leaves = leaves;
            this.branching = branching;
            this.parent = parent;
        }

        @Override
        protected Void run() throws SuspendExecution, InterruptedException {
            started();
            long sum;
            if (leaves == 1) {
                sum = first;
            } else {
                long each = leaves / branching;
                LongChannel answers = Channels.newLongChannel(branching, Channels.OverflowPolicy.BLOCK, false, true);
                for (int i = 0; i < branching; i++) {
                    startChild(first + i * each, each, branching, answers);
                }
                sum = receiveAll(answers, branching);
            }
            ended();
            if (parent == null) {
                answered(sum);
            } else {
                parent.send(sum);
            }
            return null;
        }
    }

    /**
     * Starts the fiber of task (first, leaves) answering on {@code parent}. A plain method: Quasar
     * 0.8.0's instrumentor takes a fiber's constructor in a suspendable method for a suspension
     * point, with the new object still on the stack, and refuses it.
     */
    private void startChild(long first, long leaves, int branching, LongSendPort parent) {
        failing(new Task(first, leaves, branching, parent)).start();
    }

    /** The sum of {@code n} answers received on {@code answers}. */
    private static long receiveAll(LongChannel answers, int n) throws SuspendExecution, InterruptedException {
        long sum = 0;
        try {
            for (int i = 0; i < n; i++) {
                sum += answers.receiveLong();
            }
        } catch (ReceivePort.EOFException e) {
            throw ChannelRing.closed("a task's channel", e);
        }
        return sum;
    }
}
