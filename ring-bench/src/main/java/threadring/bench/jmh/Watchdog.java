package threadring.bench.jmh;

import java.time.Duration;

/**
 * Ends a hung id: when no JMH iteration has ended for {@code limit} (a fork's start and setup
 * included), it kills this JVM's child processes, JMH's forks, so JMH fails the id and the job
 * goes on with the next. JMH's own timeout only interrupts, which a spinning benchmark ignores
 * (cats-effect's work-stealing pool once spun for minutes in a fan-out).
 */
final class Watchdog implements AutoCloseable {
    private final String id;
    private final Duration limit;
    private final Thread thread;
    private volatile long last = System.nanoTime();
    private volatile String fired;
    private volatile boolean closed;

    Watchdog(String id, Duration limit) {
        this.id = id;
        this.limit = limit;
        thread = new Thread(this::watch, "watchdog " + id);
        thread.setDaemon(true);
        thread.start();
    }

    /** An iteration ended. */
    void progress() {
        last = System.nanoTime();
    }

    /** Why it killed the forks, or null. */
    String fired() {
        return fired;
    }

    private void watch() {
        while (!closed) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            if (!closed && System.nanoTime() - last > limit.toNanos()) {
                fired = id + ": no JMH iteration ended within " + limit.toMinutes() + " min (hung?); its fork was "
                        + "killed";
                System.out.println("threadring: " + fired);
                ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
                last = System.nanoTime();
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
