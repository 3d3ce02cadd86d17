package threadring.core.skynet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import threadring.core.ContractKit;
import threadring.core.Loom;
import threadring.core.RingFactory;

/**
 * The Skynet section of the contract kit ({@link ContractKit} runs these checks, under the same
 * timeouts and in the same child JVMs, for every factory that runs Skynet): answers against the
 * closed form on small shapes and on the original's 10^6 leaves, bad arguments, and runs in a row
 * audited ({@link AbstractSkynet#audited}): exactly the tree's tasks started, none left running,
 * none on the caller's thread (on virtual threads for a variant declared on them), and close()
 * stopping what the Skynet tracks. A floor, whose tree is a plain recursion, starts no task.
 */
public final class SkynetContract {

    /** Small shapes, each checked against the closed form: {branching, depth}. */
    static final int[][] SHAPES = {{2, 0}, {2, 1}, {2, 5}, {3, 4}, {10, 2}, {7, 3}, {10, 3}};
    /** The original's tree: 10^6 leaves. */
    static final int DEPTH = Skynet.DEFAULT_DEPTH;
    /** A tree of 10^6 leaves on a busy 2-core box takes seconds; a deadlock fails here instead of hanging. */
    static final Duration FULL_TIMEOUT = Duration.ofSeconds(120);

    public static final List<ContractKit.Check> CHECKS = List.of(
            new ContractKit.Check("skynet sums of small trees (branching 2-10, depth 0-5)", ContractKit.TIMEOUT,
                    SkynetContract::sums),
            new ContractKit.Check(String.format(Locale.ROOT, "one skynet of %,d leaves answers 499,999,500,000",
                    Skynet.leaves(Skynet.DEFAULT_BRANCHING, DEPTH)), FULL_TIMEOUT, SkynetContract::full,
                    f -> f.cannotOpen((int) Skynet.tasks(Skynet.DEFAULT_BRANCHING, DEPTH)).map(why -> "skipped: " + why)),
            new ContractKit.Check("skynet bad arguments fail at once, naming the value; a closed skynet refuses",
                    ContractKit.TIMEOUT, SkynetContract::badArguments),
            new ContractKit.Check("skynet trees in a row start exactly their tasks, leave none running, run none on the "
                    + "caller's thread; close() stops the rest", ContractKit.TIMEOUT, SkynetContract::reuseAndCleanUp),
            new ContractKit.Check("skynet: " + ContractKit.ON_VIRTUAL_THREADS, ContractKit.TIMEOUT,
                    SkynetContract::onVirtualThreads, ContractKit::unlessOnVirtualThreads));

    private SkynetContract() {}

    public static void sums(RingFactory f) {
        try (Skynet s = Skynet.open(f)) {
            for (int[] shape : SHAPES) {
                assertEquals(Skynet.expected(shape[0], shape[1]), s.run(shape[0], shape[1]),
                        f.id() + ": skynet branching=" + shape[0] + " depth=" + shape[1]);
            }
        }
    }

    public static void full(RingFactory f) {
        try (Skynet s = Skynet.open(f)) {
            assertEquals(499_999_500_000L, s.run(Skynet.DEFAULT_BRANCHING, DEPTH), f.id() + ": skynet branching=10 depth=6");
        }
    }

    public static void badArguments(RingFactory f) {
        Skynet s = Skynet.open(f);
        try {
            assertNames(assertThrows(IllegalArgumentException.class, () -> s.run(1, 3)), "branching", "1");
            assertNames(assertThrows(IllegalArgumentException.class, () -> s.run(10, -1)), "depth", "-1");
            assertNames(assertThrows(IllegalArgumentException.class, () -> s.run(10, 9)), "branching^depth", "10^9");
            assertEquals(Skynet.expected(2, 2), s.run(2, 2), f.id() + ": runs after refused arguments");
        } finally {
            s.close();
        }
        s.close(); // idempotent
        assertThrows(IllegalStateException.class, () -> s.run(2, 2), f.id() + ": a closed skynet refuses to run");
    }

    public static void reuseAndCleanUp(RingFactory f) {
        Skynet s = Skynet.open(f);
        List<Thread> threads;
        try {
            assertTrue(s instanceof AbstractSkynet, () -> f.id() + ": " + s.getClass().getName()
                    + " does not extend AbstractSkynet, so the kit cannot audit its tasks");
            AbstractSkynet audited = ((AbstractSkynet) s).audited();
            for (int[] shape : new int[][] {{10, 3}, {4, 5}, {10, 3}}) {
                audited.resetAudit();
                assertEquals(Skynet.expected(shape[0], shape[1]), s.run(shape[0], shape[1]),
                        f.id() + ": skynet branching=" + shape[0] + " depth=" + shape[1]);
                AbstractSkynet.Audit a = audited.audit();
                if (!audited.startsTasks()) {
                    assertEquals(0, a.started(), f.id() + ": a floor starts no task");
                    continue;
                }
                assertEquals(Skynet.tasks(shape[0], shape[1]), a.started(), f.id() + ": tasks started by a tree of "
                        + shape[0] + "^" + shape[1] + " leaves (every task, leaves and inner ones and the root)");
                assertEquals(0, a.running(), f.id() + ": tasks still running after the run returned (left behind)");
                assertTrue(a.peak() >= 1, f.id() + ": no task ran");
                Thread t = a.lastTaskThread();
                assertFalse(t == Thread.currentThread(), f.id() + ": its tasks ran on the caller's thread, not the "
                        + "model's scheduler");
            }
            threads = List.copyOf(s.threads());
        } finally {
            s.close();
        }
        assertTrue(threads.stream().noneMatch(Thread::isAlive), () -> f.id() + ": threads alive after close(): "
                + threads.stream().filter(Thread::isAlive).map(Thread::getName).toList());
    }

    /** A variant declared on virtual threads runs its tasks on them (10^3 leaves, audited). */
    public static void onVirtualThreads(RingFactory f) {
        try (Skynet s = Skynet.open(f)) {
            AbstractSkynet audited = ((AbstractSkynet) s).audited();
            assertEquals(Skynet.expected(10, 3), s.run(10, 3), f.id() + ": skynet branching=10 depth=3");
            Thread t = audited.audit().lastTaskThread();
            assertTrue(t != null && Loom.isVirtual(t), () -> f.id() + ": declared on virtual threads, but a task ran "
                    + "on the platform thread '" + (t == null ? "none" : t.getName()) + "'");
        }
    }

    private static void assertNames(IllegalArgumentException e, String what, String value) {
        assertTrue(e.getMessage() != null && e.getMessage().contains(what) && e.getMessage().contains(value),
                () -> "the message should name " + what + " and " + value + ": " + e.getMessage());
    }
}
