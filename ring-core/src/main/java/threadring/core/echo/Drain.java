package threadring.core.echo;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * What a server on the JDK's asynchronous channels does before close() closes its connections: it
 * lets those whose clients have left end on their own EOF. Closing a channel with a pending read
 * while the JDK's EPollPort maps a burst of events (wrk closing 10,000 connections at once) can
 * leave the last event the port polled without a channel; its poll loop then polls again onto a
 * full queue, loses its "poll again" token, and the group never runs another completion: reads stay
 * pending and the group's thread never ends (Quasar: 3 of about 60 closes at 10,000 connections on
 * JDK 25, none in 150 since this wait; ZIO: 1 CI run of 2026-11-26).
 */
public final class Drain {

    /** How long no connection may end before the wait gives up on the rest. */
    public static final Duration QUIET = Duration.ofMillis(200);

    private Drain() {
    }

    /**
     * Waits while {@code open} falls: until it reads 0, or it has not fallen for {@link #QUIET}, or
     * {@code timeout} has passed.
     */
    public static void await(IntSupplier open, Duration timeout) throws InterruptedException {
        long start = System.nanoTime();
        long lastEnded = start;
        int left = open.getAsInt();
        while (left > 0 && System.nanoTime() - start < timeout.toNanos()
                && System.nanoTime() - lastEnded < QUIET.toNanos()) {
            TimeUnit.MILLISECONDS.sleep(10);
            int now = open.getAsInt();
            if (now < left) {
                lastEnded = System.nanoTime();
            }
            left = now;
        }
    }
}
