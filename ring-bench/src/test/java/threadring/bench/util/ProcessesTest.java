package threadring.bench.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class ProcessesTest {

    @Test
    void statusAndOutput() throws Exception {
        Processes.Exit exit = Processes.capture(List.of("sh", "-c", "echo one; echo two >&2; exit 3"),
                Duration.ofSeconds(30));
        assertEquals(3, exit.status());
        assertFalse(exit.timedOut());
        assertEquals(List.of("one", "two"), exit.output());
    }

    /** The timeout fires while the process is still writing (reading to the end first would hang). */
    @Test
    void theTimeoutKillsAProcessThatKeepsTalking() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        long start = System.nanoTime();
        Processes.Exit exit = Processes.stream(List.of("sh", "-c", "while true; do echo tick; sleep 0.05; done"),
                Duration.ofSeconds(1), seen::add);
        assertTrue(exit.timedOut());
        assertEquals(-1, exit.status());
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toSeconds() < 15);
        assertFalse(seen.isEmpty(), "lines arrive while the process runs");
        assertTrue(exit.output().size() <= Processes.TAIL);
    }

    /** A child's own children die with it (JMH forks under a killed JMH child). */
    @Test
    void aTimeoutKillsTheChildsChildrenToo() throws Exception {
        Processes.Exit exit = Processes.capture(List.of("sh", "-c", "sleep 300 & echo $!; wait"), Duration.ofSeconds(5));
        assertTrue(exit.timedOut());
        long grandchild = Long.parseLong(exit.output().get(0).trim());
        // killed at once, but a zombie counts as alive until it is reaped
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (ProcessHandle.of(grandchild).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertFalse(ProcessHandle.of(grandchild).map(ProcessHandle::isAlive).orElse(false), "sleep 300 survived");
    }

    /**
     * A child that ignores SIGINT at first, as wrk does until its threads have started, still ends:
     * the SIGINT is sent again (once, it would be lost and the child would run on).
     */
    @Test
    void aChildThatIgnoresItsFirstSigintEndsOnALaterOne() throws Exception {
        // env resets SIGINT to its default first: a shell cannot trap a signal ignored when it started
        String script = "trap '' INT; echo ignoring; sleep 1; trap 'exit 7' INT; echo listening;"
                + " while :; do sleep 0.1; done";
        try (Processes.Child child = Processes.start(List.of("env", "--default-signal=INT", "sh", "-c", script))) {
            assertEquals("", child.nextAfter("ignoring", Duration.ofSeconds(30)));
            java.util.OptionalInt sent = child.interruptUntilEnded(Duration.ofMillis(200), Duration.ofSeconds(60));
            assertTrue(sent.isPresent(), "the child still runs after a minute of SIGINTs");
            assertTrue(sent.getAsInt() > 1, "the first SIGINT, sent while ignored, ended it");
            assertEquals(7, child.exitValue());
        }
    }

    @Test
    void pinnedPrefixesTaskset() {
        assertEquals(List.of("taskset", "-c", "0-1", "java"), Processes.pinned("0-1", List.of("java")));
        assertEquals(List.of("java"), Processes.pinned(null, List.of("java")));
    }
}
