package threadring.core.skynet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Supplier;
import threadring.core.Loom;

/**
 * The Skynet section of the contract kit: what every implementation of {@link Skynet} must do,
 * checked on an opener of it. {@code tasks}: whether its runs are trees of tasks (false only for
 * the floor, a plain recursion); {@code virtual}: whether the variant is declared on virtual
 * threads; {@code fullTree}: whether it can hold the default tree of 10^6 leaves here.
 */
public final class SkynetContract {

    /** Small shapes, each checked against the closed form: {branching, depth}. */
    static final int[][] SHAPES = {{2, 0}, {2, 1}, {2, 5}, {3, 4}, {10, 2}, {7, 3}, {10, 3}};

    private SkynetContract() {}

    /** What an implementation is, for the checks that depend on it. */
    public record Traits(boolean tasks, boolean virtual, boolean fullTree) {}

    /** Every check of the section, in order. */
    public static void all(String id, Supplier<? extends Skynet> open, Traits traits) {
        sums(id, open);
        if (traits.fullTree()) {
            full(id, open);
        }
        badArguments(id, open);
        reuseAndCleanUp(id, open, traits);
    }

    /** Every small shape answers its closed form, in one opened instance, in a row. */
    public static void sums(String id, Supplier<? extends Skynet> open) {
        try (Skynet s = open.get()) {
            for (int[] shape : SHAPES) {
                assertEquals(Skynet.expected(shape[0], shape[1]), s.run(shape[0], shape[1]),
                        id + ": skynet branching=" + shape[0] + " depth=" + shape[1]);
            }
        }
    }

    /** The original's tree: 10^6 leaves, 499,999,500,000. */
    public static void full(String id, Supplier<? extends Skynet> open) {
        try (Skynet s = open.get()) {
            assertEquals(499_999_500_000L, s.run(Skynet.DEFAULT_BRANCHING, Skynet.DEFAULT_DEPTH),
                    id + ": skynet branching=10 depth=6");
        }
    }

    /** Bad arguments fail at once and name the value; a closed Skynet refuses to run. */
    public static void badArguments(String id, Supplier<? extends Skynet> open) {
        Skynet s = open.get();
        try {
            assertNames(assertThrows(IllegalArgumentException.class, () -> s.run(1, 3)), "branching", "1");
            assertNames(assertThrows(IllegalArgumentException.class, () -> s.run(10, -1)), "depth", "-1");
            assertNames(assertThrows(IllegalArgumentException.class, () -> s.run(10, 9)), "branching^depth", "10^9");
            assertEquals(Skynet.expected(2, 2), s.run(2, 2), id + ": runs after refused arguments");
        } finally {
            s.close();
        }
        s.close(); // idempotent
        assertThrows(IllegalStateException.class, () -> s.run(2, 2), id + ": a closed skynet refuses to run");
    }

    /**
     * Runs in a row, audited: each starts exactly the tree's tasks, leaves none running, runs them
     * off the caller's thread (on virtual threads, for a variant declared on them); close() stops
     * every thread it tracks.
     */
    public static void reuseAndCleanUp(String id, Supplier<? extends Skynet> open, Traits traits) {
        Skynet s = open.get();
        List<Thread> threads;
        try {
            assertTrue(s instanceof AbstractSkynet, () -> id + ": " + s.getClass().getName()
                    + " does not extend AbstractSkynet, so the kit cannot audit its tasks");
            AbstractSkynet audited = ((AbstractSkynet) s).audited();
            for (int[] shape : new int[][] {{10, 3}, {4, 5}, {10, 3}}) {
                audited.resetAudit();
                assertEquals(Skynet.expected(shape[0], shape[1]), s.run(shape[0], shape[1]),
                        id + ": skynet branching=" + shape[0] + " depth=" + shape[1]);
                AbstractSkynet.Audit a = audited.audit();
                if (!traits.tasks()) {
                    assertEquals(0, a.started(), id + ": a floor starts no task");
                    continue;
                }
                assertEquals(Skynet.tasks(shape[0], shape[1]), a.started(), id + ": tasks started by a tree of "
                        + shape[0] + "^" + shape[1] + " leaves (every task, leaves and inner ones and the root)");
                assertEquals(0, a.running(), id + ": tasks still running after the run returned (left behind)");
                assertTrue(a.peak() >= 1, id + ": no task ran");
                Thread t = a.lastTaskThread();
                assertFalse(t == Thread.currentThread(), id + ": its tasks ran on the caller's thread, not the "
                        + "model's scheduler");
                if (traits.virtual()) {
                    assertTrue(Loom.isVirtual(t), id + ": declared on virtual threads, but a task ran on the platform "
                            + "thread '" + t.getName() + "'");
                }
            }
            threads = List.copyOf(s.threads());
        } finally {
            s.close();
        }
        assertTrue(threads.stream().noneMatch(Thread::isAlive), () -> id + ": threads alive after close(): "
                + threads.stream().filter(Thread::isAlive).map(Thread::getName).toList());
    }

    private static void assertNames(IllegalArgumentException e, String what, String value) {
        assertTrue(e.getMessage() != null && e.getMessage().contains(what) && e.getMessage().contains(value),
                () -> "the message should name " + what + " and " + value + ": " + e.getMessage());
    }
}
