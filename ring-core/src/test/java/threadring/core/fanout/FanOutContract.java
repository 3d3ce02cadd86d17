package threadring.core.fanout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import threadring.core.ContractKit;
import threadring.core.RingFactory;

/**
 * The fan-out half of the contract kit: {@link RingContract} runs these checks, under the same
 * timeouts and in the same child JVMs, for every factory that {@link RingFactory#runs} the
 * fan-out.
 */
public final class FanOutContract {

    /** Tasks per operation, each size with no wait and with a short one. */
    static final int[] TASKS = {0, 1, 2, 1000};
    static final int[] DELAYS_MS = {0, 5};
    /** One operation of the experiment's size. */
    static final int MANY = 100_000;

    /** The wait of {@link #waits}, and the clock tick a timer may round it by. */
    static final int WAIT_MS = 50;
    static final int CLOCK_TICK_MS = 1;

    /** The wait of the concurrency check: serial tasks would take {@link #CONCURRENT} x this. */
    static final int CONCURRENT = 1000;
    static final int CONCURRENT_DELAY_MS = 50;
    /** Concurrent tasks must end within a tenth of what serial ones would take. */
    static final Duration CONCURRENT_LIMIT = Duration.ofMillis((long) CONCURRENT * CONCURRENT_DELAY_MS / 10);

    /** The fan-out checks ({@link FanOutContract}), for factories that run it. */
    public static final List<ContractKit.Check> CHECKS = List.of(
            new ContractKit.Check("fan-out sums for tasks 0, 1, 2, 1000 (delay 0 and 5 ms)", ContractKit.TIMEOUT, FanOutContract::sums),
            new ContractKit.Check(String.format(Locale.ROOT, "one fan-out of %,d tasks", MANY), ContractKit.TIMEOUT,
                    FanOutContract::many, f -> f.cannotOpen(MANY).or(() -> f.knownIssue(FanOut.WORKLOAD))
                            .map(why -> "skipped: " + why)),
            new ContractKit.Check("a fan-out never returns before its delay", ContractKit.TIMEOUT, FanOutContract::waits),
            new ContractKit.Check(String.format(Locale.ROOT, "%,d tasks waiting %d ms end within %d ms (they wait at once)",
                    CONCURRENT, CONCURRENT_DELAY_MS,
                    CONCURRENT_LIMIT.toMillis()), ContractKit.TIMEOUT, FanOutContract::concurrent),
            new ContractKit.Check("operations in a row leave nothing alive, close() stops the rest", ContractKit.TIMEOUT,
                    FanOutContract::reuseAndCleanUp),
            new ContractKit.Check("fan-out bad arguments fail at once, naming the value", ContractKit.TIMEOUT, FanOutContract::badArguments),
            new ContractKit.Check("fan-out: " + ContractKit.ON_VIRTUAL_THREADS, ContractKit.TIMEOUT,
                    FanOutContract::onVirtualThreads, ContractKit::unlessOnVirtualThreads));

    private FanOutContract() {}

    /** The last task ends on a virtual thread, for a variant declared on them (100 tasks, 1 ms). */
    public static void onVirtualThreads(RingFactory f) {
        try (FanOut fanOut = FanOut.open(f)) {
            assertEquals(FanOut.expected(100), fanOut.run(100, 1, 0), f.id() + ": fanout tasks=100");
            ContractKit.assertEndedOnVirtualThread(f, fanOut);
        }
    }

    public static void sums(RingFactory f) {
        try (FanOut fanOut = FanOut.open(f)) {
            for (int delay : DELAYS_MS) {
                for (int tasks : TASKS) {
                    assertEquals(FanOut.expected(tasks), fanOut.run(tasks, delay, 1),
                            f.id() + ": fanout tasks=" + tasks + " delay_ms=" + delay);
                }
            }
        }
    }

    /** The experiment's size (skipped where the variant cannot hold that many tasks, e.g. OS threads). */
    public static void many(RingFactory f) {
        try (FanOut fanOut = FanOut.open(f)) {
            assertEquals(FanOut.expected(MANY), fanOut.run(MANY, 5, 0), f.id() + ": fanout tasks=" + MANY);
        }
    }

    /**
     * No operation ends before its tasks' wait: a fan-out that never sleeps fails here. One tick of
     * the millisecond clock is allowed: a timer on {@code System.currentTimeMillis} (Kilim's) wakes
     * when the clock reads the deadline, which can be up to 1 ms early on {@code nanoTime}.
     */
    public static void waits(RingFactory f) {
        try (FanOut fanOut = FanOut.open(f)) {
            for (int tasks : new int[] {1, 100}) {
                long t0 = System.nanoTime();
                fanOut.run(tasks, WAIT_MS, 0);
                long micros = (System.nanoTime() - t0) / 1_000;
                assertTrue(micros >= (WAIT_MS - CLOCK_TICK_MS) * 1_000L, f.id() + ": tasks=" + tasks + " delay_ms="
                        + WAIT_MS + " returned after " + micros / 1000.0 + " ms");
            }
        }
    }

    /**
     * The tasks wait at once: a fan-out that sleeps its tasks one after another fails here. Only the
     * operation is held to the limit (stopped there): opening and closing a runtime on a busy
     * machine may take seconds of their own, under the check's whole timeout.
     */
    public static void concurrent(RingFactory f) {
        try (FanOut fanOut = FanOut.open(f)) {
            fanOut.run(10, 1, 0); // started up
            long sum = assertTimeoutPreemptively(CONCURRENT_LIMIT, () -> fanOut.run(CONCURRENT, CONCURRENT_DELAY_MS, 0),
                    () -> f.id() + ": " + CONCURRENT + " tasks waiting " + CONCURRENT_DELAY_MS + " ms each did not finish "
                            + "within " + CONCURRENT_LIMIT.toMillis() + " ms, serial would take "
                            + CONCURRENT * CONCURRENT_DELAY_MS);
            assertEquals(FanOut.expected(CONCURRENT), sum);
        }
    }

    /**
     * Operations in a row on one fan-out; what an operation started is gone when it returns (a
     * second operation leaves no more live threads than the first), and close() stops the rest.
     */
    public static void reuseAndCleanUp(RingFactory f) {
        FanOut fanOut = FanOut.open(f);
        assertEquals(FanOut.expected(1000), fanOut.run(1000, 5, 0));
        long afterFirst = alive(fanOut).size();
        assertTrue(afterFirst < 1000, () -> f.id() + ": " + afterFirst + " threads alive after an operation of 1000 "
                + "tasks: " + alive(fanOut));
        assertEquals(FanOut.expected(1000), fanOut.run(1000, 5, 0));
        assertEquals(FanOut.expected(7), fanOut.run(7, 0, 3));
        List<Thread> afterMore = alive(fanOut);
        assertTrue(afterMore.size() <= afterFirst + 2, () -> f.id() + ": live threads grew from " + afterFirst + " to "
                + afterMore.size() + " over two more operations: " + afterMore);
        fanOut.close();
        List<Thread> left = alive(fanOut);
        assertTrue(left.isEmpty(), () -> f.id() + ": fan-out alive after close(): " + left);
        fanOut.close(); // idempotent
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> fanOut.run(7, 0, 0),
                f.id() + ": run after close()");
        assertMentions(e, "closed", "tasks=7");
    }

    public static void badArguments(RingFactory f) {
        try (FanOut fanOut = FanOut.open(f)) {
            assertMentions(assertThrows(IllegalArgumentException.class, () -> fanOut.run(-1, 0, 0)), "tasks", "-1");
            assertMentions(assertThrows(IllegalArgumentException.class, () -> fanOut.run(1, -5, 0)), "delay_ms", "-5");
            assertMentions(assertThrows(IllegalArgumentException.class, () -> fanOut.run(1, 0, -2)), "work", "-2");
            assertEquals(28, fanOut.run(7, 0, 0), f.id() + ": a rejected operation must leave the fan-out usable");
        }
    }

    private static List<Thread> alive(FanOut fanOut) {
        return fanOut.threads().stream().filter(Thread::isAlive).collect(Collectors.toList());
    }

    private static void assertMentions(Exception e, String... words) {
        String message = String.valueOf(e.getMessage());
        for (String w : words) {
            if (!message.contains(w)) {
                fail("message should name '" + w + "': " + message);
            }
        }
    }
}
