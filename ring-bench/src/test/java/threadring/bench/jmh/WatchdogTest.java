package threadring.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** When the watchdog fires, what it says, and that it ends this JVM's child processes (a JMH fork's stand-in). */
class WatchdogTest {

    /** Polls until the watchdog fired, at most {@code seconds} (it checks once a second). */
    private static String awaitFired(Watchdog w, int seconds) throws InterruptedException {
        for (int i = 0; i < seconds * 10 && w.fired() == null; i++) {
            Thread.sleep(100);
        }
        return w.fired();
    }

    @Test
    void noProgressPastTheLimitKillsTheChildrenAndSaysWhy() throws Exception {
        Process child = new ProcessBuilder("sleep", "120").start();
        try {
            String fired;
            try (Watchdog w = new Watchdog("x/hung", Duration.ZERO)) {
                fired = awaitFired(w, 30);
            }
            assertEquals("x/hung: no JMH iteration ended within 0 min (hung?); its fork was killed", fired);
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the child process was not killed");
        } finally {
            child.destroyForcibly();
        }
    }

    @Test
    void withinTheLimitItDoesNotFire() throws Exception {
        Process child = new ProcessBuilder("sleep", "120").start();
        try (Watchdog w = new Watchdog("x/busy", Duration.ofMinutes(10))) {
            w.progress();
            assertNull(awaitFired(w, 2));
            assertFalse(child.waitFor(0, TimeUnit.SECONDS));
            assertTrue(child.isAlive());
        } finally {
            child.destroyForcibly();
        }
    }

    @Test
    void aClosedWatchdogNeverFires() throws Exception {
        Watchdog w = new Watchdog("x/done", Duration.ZERO);
        w.close();
        assertNull(awaitFired(w, 2));
    }
}
