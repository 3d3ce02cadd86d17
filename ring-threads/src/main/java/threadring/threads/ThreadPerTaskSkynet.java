package threadring.threads;

import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import threadring.core.skynet.AbstractSkynet;
import threadring.core.skynet.Skynet;

/**
 * The tree with a thread per task, written once for platform and virtual threads (the drop-in
 * claim once more): a task starts a thread for each of its children, then joins each and reads
 * its answer, which the join makes visible. Only the root's thread is tracked: every other thread
 * is joined by its parent before the parent ends, so once the root's has ended (which the run
 * waits for) every thread of the tree has, and no task pays for an insert into a shared list.
 */
public final class ThreadPerTaskSkynet extends AbstractSkynet {

    private final ThreadFactory threads;
    private final Function<Long, Optional<String>> limit;
    private Thread root;

    /**
     * {@code threads} makes each task's thread; {@code limit} says why a tree of some number of
     * tasks cannot hold a thread each here (the kernel's limits, for OS threads), so that such a
     * run fails at once instead of half-way.
     */
    public ThreadPerTaskSkynet(String id, ThreadFactory threads, Function<Long, Optional<String>> limit) {
        super(id);
        this.threads = threads;
        this.limit = limit;
    }

    /** OS threads: a run fails at once, naming the kernel's tightest limit, past it. */
    static ThreadPerTaskSkynet platform(String id) {
        return new ThreadPerTaskSkynet(id, PlatformRings.platformThreads(id), ThreadPerTaskSkynet::osLimit);
    }

    /**
     * Why a tree of {@code tasks} tasks needs more OS threads than the kernel allows here: a parent
     * starts all its children before it joins any, so the whole tree may be alive at once.
     */
    static Optional<String> osLimit(long tasks) {
        return OsThreadLimits.tooMany((int) Math.min(tasks, Integer.MAX_VALUE), "tasks");
    }

    @Override
    protected void start(int branching, int depth) {
        long tasks = Skynet.tasks(branching, depth);
        limit.apply(tasks).ifPresent(why -> {
            throw new IllegalStateException(id() + ": " + why);
        });
        Node top = new Node(0, Skynet.leaves(branching, depth), branching);
        root = threads.newThread(() -> {
            try {
                top.compute();
                done(top.sum);
            } catch (Throwable e) {
                fail(e);
            }
        });
        track(root);
        root.start();
    }

    @Override
    protected void settle() throws InterruptedException {
        Thread joined = root;
        joined.join(TimeUnit.SECONDS.toMillis(30)); // it answered: all that is left is to return
        if (joined.isAlive()) {
            throw new IllegalStateException(id() + ": the root's thread did not end 30 s after it answered");
        }
        forgetEnded();
    }

    @Override
    protected void stop() {
        // nothing shared: every run's threads have ended before it returns
    }

    /** Task (first, leaves) and, once its thread has been joined, its answer. */
    private final class Node implements Runnable {
        private final long first;
        private final long leaves;
        private final int branching;
        private long sum;

        Node(long first, long leaves, int branching) {
            this.first = first;
            this.leaves = leaves;
            this.branching = branching;
        }

        @Override
        public void run() {
            try {
                compute();
            } catch (Throwable e) {
                fail(e);
            }
        }

        void compute() throws InterruptedException {
            taskStarted();
            long answer = 0;
            if (leaves == 1) {
                answer = first;
            } else {
                long each = leaves / branching;
                Node[] children = new Node[branching];
                Thread[] running = new Thread[branching];
                for (int i = 0; i < branching; i++) {
                    children[i] = new Node(first + i * each, each, branching);
                    running[i] = threads.newThread(children[i]);
                    running[i].start();
                }
                for (int i = 0; i < branching; i++) {
                    running[i].join();
                    answer += children[i].sum;
                }
            }
            taskEnded();
            sum = answer;
        }
    }
}
