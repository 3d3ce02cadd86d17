package threadring.core.skynet;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The Skynet section proves it can fail: a correct tree (fork/join) passes, and fakes that answer
 * the wrong sum, leave a task behind, or run the tree on the caller's thread each fail it.
 */
class SkynetContractSelfTest {

    static final SkynetContract.Traits TASKS = new SkynetContract.Traits(true, false, false);

    /** A correct Skynet on a fork/join pool of its own; {@code fault} breaks it on purpose. */
    static final class Pool extends AbstractSkynet {
        enum Fault { NONE, WRONG_SUM, LEFT_BEHIND, CALLER }

        private final Fault fault;
        private final ForkJoinPool pool = new ForkJoinPool(2, p -> {
            var t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
            track(t);
            return t;
        }, null, false);

        Pool(Fault fault) {
            super("selftest/" + fault.name().toLowerCase());
            this.fault = fault;
        }

        final class Node extends RecursiveTask<Long> {
            final long first;
            final long leaves;
            final int branching;

            Node(long first, long leaves, int branching) {
                this.first = first;
                this.leaves = leaves;
                this.branching = branching;
            }

            @Override
            protected Long compute() {
                taskStarted();
                long sum;
                if (leaves == 1) {
                    sum = first;
                } else {
                    Node[] children = new Node[branching];
                    long each = leaves / branching;
                    for (int i = 0; i < branching; i++) {
                        children[i] = new Node(first + i * each, each, branching);
                        children[i].fork();
                    }
                    sum = 0;
                    for (Node c : children) {
                        sum += c.join();
                    }
                }
                if (!(fault == Fault.LEFT_BEHIND && first == 0 && leaves == 1)) {
                    taskEnded();
                }
                return fault == Fault.WRONG_SUM && leaves == 1 && first == 1 ? sum + 1 : sum;
            }
        }

        @Override
        protected void start(int branching, int depth) {
            Node root = new Node(0, Skynet.leaves(branching, depth), branching);
            if (fault == Fault.CALLER) {
                done(root.invoke()); // outside the pool: ForkJoinTask.invoke computes on this thread
            } else {
                pool.execute(() -> done(root.invoke()));
            }
        }

        @Override
        protected void stop() throws InterruptedException {
            pool.shutdown();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aCorrectTreePasses() {
        SkynetContract.all("selftest/pool", () -> new Pool(Pool.Fault.NONE), new SkynetContract.Traits(true, false, true));
    }

    @Test
    void aWrongSumFails() {
        assertThrows(AssertionError.class, () -> SkynetContract.sums("selftest", () -> new Pool(Pool.Fault.WRONG_SUM)));
    }

    @Test
    void aTaskLeftBehindFails() {
        assertThrows(AssertionError.class,
                () -> SkynetContract.reuseAndCleanUp("selftest", () -> new Pool(Pool.Fault.LEFT_BEHIND), TASKS));
    }

    @Test
    void aTreeOnTheCallersThreadFails() {
        assertThrows(AssertionError.class,
                () -> SkynetContract.reuseAndCleanUp("selftest", () -> new Pool(Pool.Fault.CALLER), TASKS));
    }

    @Test
    void aVirtualVariantOnPlatformThreadsFails() {
        assertThrows(AssertionError.class, () -> SkynetContract.reuseAndCleanUp("selftest",
                () -> new Pool(Pool.Fault.NONE), new SkynetContract.Traits(true, true, false)));
    }
}
