package threadring.bench.jmh;

import java.time.Duration;
import java.util.function.Consumer;
import org.openjdk.jmh.runner.RunnerException;

/**
 * JMH runs one benchmark at a time on a machine: a run that finds another holding JMH's lock
 * ({@code /tmp/jmh.lock}) stops at once ("Another JMH instance might be running"), and a sweep beside
 * a test's or another sweep's JMH run lost every fork that way, each saying nothing (2026-11-30). The
 * other run holds the lock only while one of its forks runs, so a fork here waits for it instead, at
 * most {@link #WAIT}, saying so once; what it measures then shares the machine with that run, as with
 * any load beside it.
 */
final class JmhLock {

    /** The longest a fork waits for another JMH run's lock. */
    static final Duration WAIT = Duration.ofMinutes(30);
    /** How often it tries again. */
    static final Duration RETRY = Duration.ofSeconds(1);

    /** A JMH run. */
    @FunctionalInterface
    interface Run<T> {
        T run() throws RunnerException;
    }

    private JmhLock() {}

    /** {@code run}, again each {@link #RETRY} while another JMH run holds the lock, for at most {@code wait}. */
    static <T> T waiting(Run<T> run, Duration wait, Consumer<String> say) throws RunnerException {
        long deadline = System.nanoTime() + wait.toNanos();
        boolean said = false;
        while (true) {
            try {
                return run.run();
            } catch (RunnerException e) {
                if (!heldElsewhere(e) || System.nanoTime() >= deadline) {
                    throw e;
                }
                if (!said) {
                    say.accept("threadring: another JMH run on this machine holds JMH's lock: waiting for it (at most "
                            + wait.toMinutes() + " min)");
                    said = true;
                }
                try {
                    Thread.sleep(RETRY.toMillis());
                } catch (InterruptedException stop) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /** Whether JMH refused to run because another run holds its lock. */
    static boolean heldElsewhere(RunnerException e) {
        return e.getMessage() != null && e.getMessage().contains("Another JMH instance might be running");
    }
}
