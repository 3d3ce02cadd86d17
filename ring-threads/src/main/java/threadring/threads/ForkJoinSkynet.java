package threadring.threads;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import threadring.core.skynet.AbstractSkynet;
import threadring.core.skynet.Skynet;

/**
 * {@code threads/forkjoin}: the tree as Java summed trees before Loom, a {@link RecursiveTask}
 * per task on a {@link ForkJoinPool} of the Skynet's own (one worker per cpu, created at open,
 * shut down by close). A task forks its children, then joins them and adds up their answers; a
 * join whose child no other worker has stolen runs it in place, which is the point of fork/join.
 */
final class ForkJoinSkynet extends AbstractSkynet {

    private final ForkJoinPool pool;

    ForkJoinSkynet(String id) {
        super(id);
        AtomicInteger n = new AtomicInteger();
        pool = new ForkJoinPool(Runtime.getRuntime().availableProcessors(), p -> {
            ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
            t.setName(id + "#" + n.incrementAndGet());
            track(t);
            return t;
        }, null, false); // LIFO: a worker takes back the children it just forked, depth first
    }

    @Override
    protected void start(int branching, int depth) {
        Node root = new Node(0, Skynet.leaves(branching, depth), branching);
        pool.execute(() -> {
            try {
                done(root.invoke()); // in a worker: invoke() computes the root right here
            } catch (Throwable e) {
                fail(e);
            }
        });
    }

    @Override
    protected void stop() throws InterruptedException {
        pool.shutdown();
        pool.awaitTermination(closeTimeout().toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Task (first, leaves): a leaf answers its first leaf; any other task the sum of its children's answers. */
    private final class Node extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;

        private final long first;
        private final long leaves;
        private final int branching;

        Node(long first, long leaves, int branching) {
            this.first = first;
            this.leaves = leaves;
            this.branching = branching;
        }

        @Override
        protected Long compute() {
            taskStarted();
            long sum = 0;
            if (leaves == 1) {
                sum = first;
            } else {
                long each = leaves / branching;
                Node[] children = new Node[branching];
                for (int i = 0; i < branching; i++) {
                    children[i] = new Node(first + i * each, each, branching);
                    children[i].fork();
                }
                // last forked first: it is on top of this worker's deque, so join pops and runs it
                for (int i = branching - 1; i >= 0; i--) {
                    sum += children[i].join();
                }
            }
            taskEnded();
            return sum;
        }
    }
}
