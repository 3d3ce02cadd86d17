package threadring.core.skynet;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import threadring.core.RingFactory;
import threadring.core.Variant;

/**
 * The Skynet section proves it can fail: a correct tree (fork/join) passes it, and fakes that answer
 * the wrong sum, leave a task behind, run the tree on the caller's thread, or claim virtual threads
 * and run on platform ones each fail it.
 */
class SkynetContractSelfTest {

    /** A Skynet on a fork/join pool of its own; {@code fault} breaks it on purpose. */
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
            private static final long serialVersionUID = 1L;
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
            long leaves = Skynet.leaves(branching, depth);
            if (fault == Fault.CALLER) {
                // every task on this thread: forked children would go to the common pool, whose
                // workers may start the last task on a busy machine, so the fault would not always show
                done(onTheCaller(0, leaves, branching));
            } else {
                Node root = new Node(0, leaves, branching);
                pool.execute(() -> done(root.invoke()));
            }
        }

        private long onTheCaller(long first, long leaves, int branching) {
            taskStarted();
            long sum = first;
            if (leaves > 1) {
                sum = 0;
                long each = leaves / branching;
                for (int i = 0; i < branching; i++) {
                    sum += onTheCaller(first + i * each, each, branching);
                }
            }
            taskEnded();
            return sum;
        }

        @Override
        protected void stop() throws InterruptedException {
            pool.shutdown();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    static RingFactory factory(Pool.Fault fault, boolean virtual) {
        return Variant.of("selftest/" + fault.name().toLowerCase(), "test double")
                .opens(Skynet.WORKLOAD, id -> new Pool(fault)).onVirtualThreads(virtual).build();
    }

    @Test
    void aCorrectTreePasses() {
        RingFactory f = factory(Pool.Fault.NONE, false);
        SkynetContract.sums(f);
        SkynetContract.full(f);
        SkynetContract.badArguments(f);
        SkynetContract.reuseAndCleanUp(f);
    }

    @Test
    void aWrongSumFails() {
        assertThrows(AssertionError.class, () -> SkynetContract.sums(factory(Pool.Fault.WRONG_SUM, false)));
    }

    @Test
    void aTaskLeftBehindFails() {
        assertThrows(AssertionError.class, () -> SkynetContract.reuseAndCleanUp(factory(Pool.Fault.LEFT_BEHIND, false)));
    }

    @Test
    void aTreeOnTheCallersThreadFails() {
        assertThrows(AssertionError.class, () -> SkynetContract.reuseAndCleanUp(factory(Pool.Fault.CALLER, false)));
    }

    @Test
    void aVirtualVariantOnPlatformThreadsFails() {
        assertThrows(AssertionError.class, () -> SkynetContract.onVirtualThreads(factory(Pool.Fault.NONE, true)));
    }
}
