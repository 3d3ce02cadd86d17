package threadring.core.skynet;

import java.util.Collection;
import threadring.core.Operation;
import threadring.core.RingFactory;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.WrongAnswerException;

/**
 * The fifth workload, the "Skynet 1M concurrency microbenchmark" (atemerev/skynet, 2016; OpenJDK's
 * loom micro-benchmarks carry one): one run is one tree of tasks. The root task spawns
 * {@code branching} children, each of them spawns {@code branching} more, down to {@code depth}
 * levels below the root; the L = branching^depth tasks at the bottom are the leaves. Leaf k
 * (0-based, left to right) returns k; every other task returns the sum of its children's answers,
 * which it gets by joining them (or from a channel or mailbox they answer on); the root's answer,
 * L(L-1)/2, is the run's. Every task is a concurrent entity of the model under test (a virtual
 * thread, a fiber, an actor, a coroutine, a fork/join task), created by its parent during the run:
 * what is measured is creating, scheduling and joining many short tasks.
 *
 * <p>A task is named by its first leaf and its number of leaves: the root is (0, L); child i
 * (0-based) of task (first, leaves) is (first + i * leaves / branching, leaves / branching); a task
 * of one leaf is a leaf and returns its first leaf.
 *
 * <p>What the tasks share (a scheduler, an actor system, a pool) is created when the workload is
 * opened and reused by every run; {@link #close()} stops it. One run at a time.
 */
public interface Skynet extends AutoCloseable {

    /** Skynet: a tree of tasks spawned and joined; timed per task (leaf and inner tasks counted). */
    Workload<SkynetSize, Skynet> WORKLOAD = new Workload<>("SKYNET", "skynet", "skynet", "task",
            Size.Scale.NS_PER_STEP, SkynetSize.class, Skynet.class, SkynetDraws.DRAWS);

    /** The original's shape: 10 children per task, 6 levels, 10^6 leaves. */
    int DEFAULT_BRANCHING = 10;
    int DEFAULT_DEPTH = 6;
    /** The largest tree a run may ask for: 10^8 leaves (the scale series goes to 10^7). */
    long MAX_LEAVES = 100_000_000L;

    /**
     * One tree of {@code branching}^{@code depth} leaves: returns the root's sum, {@link #expected}.
     *
     * @throws IllegalArgumentException if branching &lt; 2, depth &lt; 0 or the tree has more than
     *     {@link #MAX_LEAVES} leaves, naming the value
     * @throws IllegalStateException if it is closed, or a task failed
     */
    long run(int branching, int depth);

    /** Every thread (platform or virtual) it started and still tracks: its pools, carriers, dispatchers. */
    Collection<Thread> threads();

    /** Stops what the tasks share and waits for it to end. Idempotent. */
    @Override
    void close();

    /** The number of leaves, branching^depth, after checking both. */
    static long leaves(int branching, int depth) {
        require(branching, depth);
        long l = 1;
        for (int i = 0; i < depth; i++) {
            l *= branching;
        }
        return l;
    }

    /** Every task of the tree, leaves and inner tasks and the root: 1 + B + ... + B^D. */
    static long tasks(int branching, int depth) {
        require(branching, depth);
        long all = 0;
        long level = 1;
        for (int i = 0; i <= depth; i++) {
            all += level;
            level *= branching;
        }
        return all;
    }

    /** What the root answers: 0 + 1 + ... + (L - 1) = L(L-1)/2. */
    static long expected(int branching, int depth) {
        long l = leaves(branching, depth);
        return l * (l - 1) / 2;
    }

    /**
     * @throws IllegalArgumentException unless branching &gt;= 2, depth &gt;= 0 and branching^depth &lt;=
     *     {@link #MAX_LEAVES}, naming the value
     */
    static void require(int branching, int depth) {
        if (branching < 2) {
            throw new IllegalArgumentException("branching must be >= 2, was " + branching);
        }
        if (depth < 0) {
            throw new IllegalArgumentException("depth must be >= 0, was " + depth);
        }
        double leaves = Math.pow(branching, depth);
        if (leaves > MAX_LEAVES) {
            throw new IllegalArgumentException("branching^depth must be <= " + MAX_LEAVES + " leaves, was "
                    + branching + "^" + depth);
        }
    }

    /** {@code f}'s Skynet, ready for its first tree. */
    static Skynet open(RingFactory f) {
        return f.open(WORKLOAD, new SkynetSize(DEFAULT_BRANCHING, DEFAULT_DEPTH));
    }

    /**
     * {@code f}'s Skynet opened for trees of {@code size}: each step of a run is one whole tree,
     * verified (a run returns the last tree's sum); the warm-up is one tree of at most
     * {@link SkynetSize#WARM_DEPTH} levels.
     */
    static Operation operation(RingFactory f, SkynetSize size) {
        Skynet skynet = open(f);
        return Operation.of(skynet, skynet::threads, trees -> {
            long sum = 0;
            for (int i = 0; i < trees; i++) {
                sum = verify(f.id(), size, skynet.run(size.branching(), size.depth()));
            }
            return sum;
        }, trees -> verify(f.id(), size.warm(), skynet.run(size.branching(), size.warm().depth())));
    }

    /** Throws unless {@code sum} is what a tree of {@code size} answers; returns it. */
    static long verify(String id, SkynetSize size, long sum) {
        long expected = expected(size.branching(), size.depth());
        if (sum != expected) {
            throw new WrongAnswerException(id + ": " + size.describe() + " summed to " + sum + ", expected " + expected);
        }
        return sum;
    }
}
