package threadring.core.fairness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import threadring.core.ContractKit;
import threadring.core.RingFactory;

/**
 * The fairness section of the contract kit ({@link ContractKit} runs these checks, under the same
 * timeouts and in the same child JVMs, for every factory that runs it): the hogs' chunks counted
 * whole, a probe that woke at least once and never before it was due, on small and default runs;
 * bad arguments; runs in a row; close() stopping what it tracks.
 */
public final class FairnessContract {

    /** Small runs, each verified: {hogs, chunks, chunkWork, periodUs}. */
    static final int[][] RUNS = {{1, 0, 0, 1_000}, {1, 10, 100, 500}, {3, 200, 1_000, 1_000}, {8, 50, 2_000, 2_000},
            {4, 1_000, 500, 100}};

    public static final List<ContractKit.Check> CHECKS = List.of(
            new ContractKit.Check("fairness runs count every hog's every chunk; the probe wakes at least once, "
                    + "never early", ContractKit.TIMEOUT, FairnessContract::answers),
            new ContractKit.Check("fairness bad arguments fail at once, naming the value; a closed fairness refuses",
                    ContractKit.TIMEOUT, FairnessContract::badArguments),
            new ContractKit.Check("fairness runs in a row, then close() stops what it tracks", ContractKit.TIMEOUT,
                    FairnessContract::reuseAndCleanUp));

    private FairnessContract() {}

    /** One verified run of {@code size}: its sum, its probe's wake-ups. */
    static void check(RingFactory f, Fairness s, int hogs, int chunks, int work, int periodUs) {
        FairnessSize size = new FairnessSize(hogs, chunks, work, periodUs);
        long sum = s.run(hogs, chunks, work, periodUs);
        long[] lateness = s.lateness();
        assertEquals(Fairness.expected(hogs, chunks), sum, f.id() + ": " + size.describe() + ": the hogs' chunks");
        assertTrue(lateness.length >= 1, f.id() + ": " + size.describe() + ": the probe never woke");
        assertTrue(Arrays.stream(lateness).allMatch(l -> l >= 0), () -> f.id() + ": " + size.describe()
                + ": the probe woke before it was due: " + Arrays.toString(lateness));
    }

    public static void answers(RingFactory f) {
        try (Fairness s = Fairness.open(f)) {
            for (int[] r : RUNS) {
                check(f, s, r[0], r[1], r[2], r[3]);
            }
            FairnessSize d = FairnessSize.classic(Runtime.getRuntime().availableProcessors());
            check(f, s, d.hogs(), d.chunks() / 10, d.chunkWork(), d.periodUs());
        }
    }

    public static void badArguments(RingFactory f) {
        Fairness s = Fairness.open(f);
        try {
            assertNames(assertThrows(IllegalArgumentException.class, () -> s.run(0, 10, 10, 1_000)), "hogs", "0");
            assertNames(assertThrows(IllegalArgumentException.class, () -> s.run(2, -1, 10, 1_000)), "chunks", "-1");
            assertNames(assertThrows(IllegalArgumentException.class, () -> s.run(2, 10, -5, 1_000)), "chunk_work", "-5");
            assertNames(assertThrows(IllegalArgumentException.class, () -> s.run(2, 10, 10, 0)), "period_us", "0");
            check(f, s, 2, 10, 10, 1_000);
        } finally {
            s.close();
        }
        s.close(); // idempotent
        assertThrows(IllegalStateException.class, () -> s.run(2, 10, 10, 1_000), f.id() + ": a closed fairness refuses to run");
    }

    public static void reuseAndCleanUp(RingFactory f) {
        Fairness s = Fairness.open(f);
        List<Thread> threads;
        try {
            for (int i = 0; i < 3; i++) {
                check(f, s, 3, 300, 1_000, 1_000);
            }
            threads = List.copyOf(s.threads());
        } finally {
            s.close();
        }
        assertTrue(threads.stream().noneMatch(Thread::isAlive), () -> f.id() + ": threads alive after close(): "
                + threads.stream().filter(Thread::isAlive).map(Thread::getName).toList());
    }

    private static void assertNames(IllegalArgumentException e, String what, String value) {
        assertTrue(e.getMessage() != null && e.getMessage().contains(what) && e.getMessage().contains(value),
                () -> "the message should name " + what + " and " + value + ": " + e.getMessage());
    }
}
