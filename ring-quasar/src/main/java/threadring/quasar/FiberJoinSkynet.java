package threadring.quasar;

import co.paralleluniverse.fibers.Fiber;
import co.paralleluniverse.fibers.SuspendExecution;
import java.util.concurrent.ExecutionException;

/**
 * {@code quasar/join}: a {@link Fiber} per task whose result is its answer; a task starts a fiber
 * per child, then joins each with {@code get()} (a fiber parks, it does not block its carrier)
 * and adds up their answers.
 */
final class FiberJoinSkynet extends QuasarSkynet {

    FiberJoinSkynet(String id, int parallelism) {
        super(id, parallelism);
    }

    @Override
    protected Fiber<?> root(int branching, long leaves) {
        return new Task(0, leaves, branching, true);
    }

    /** Task (first, leaves): its fiber's result is its answer; the root also reports it. */
    final class Task extends Fiber<Long> {
        private static final long serialVersionUID = 1L;

        private final long first;
        private final long leaves;
        private final int branching;
        private final boolean root;

        Task(long first, long leaves, int branching, boolean root) {
            super(scheduler());
            this.first = first;
            this.leaves = leaves;
            this.branching = branching;
            this.root = root;
        }

        @Override
        protected Long run() throws SuspendExecution, InterruptedException {
            started();
            long sum = 0;
            if (leaves == 1) {
                sum = first;
            } else {
                long each = leaves / branching;
                Task[] children = new Task[branching];
                for (int i = 0; i < branching; i++) {
                    children[i] = startChild(first + i * each, each, branching);
                }
                for (Task child : children) {
                    sum += answerOf(child);
                }
            }
            ended();
            if (root) {
                answered(sum);
            }
            return sum;
        }
    }

    /**
     * Starts the fiber of task (first, leaves). A plain method: Quasar 0.8.0's instrumentor takes a
     * fiber's constructor in a suspendable method for a suspension point, with the new object
     * still on the stack, and refuses it.
     */
    private Task startChild(long first, long leaves, int branching) {
        Task child = failing(new Task(first, leaves, branching, false));
        child.start();
        return child;
    }

    /** Joins {@code child}'s fiber and returns its answer. */
    private static long answerOf(Fiber<Long> child) throws SuspendExecution, InterruptedException {
        try {
            return child.get();
        } catch (ExecutionException e) {
            throw failed(e);
        }
    }

    /**
     * Outside the suspendable method: Quasar 0.8.0's instrumentor fails (on a current ASM) when
     * a {@code new} in a suspendable method shares a try block with suspendable calls.
     */
    private static IllegalStateException failed(ExecutionException e) {
        return new IllegalStateException("a child task failed", e.getCause());
    }
}
