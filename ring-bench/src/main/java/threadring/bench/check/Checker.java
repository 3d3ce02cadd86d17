package threadring.bench.check;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import threadring.bench.util.Errors;
import threadring.core.Operation;
import threadring.core.RingFactory;
import threadring.core.Size;

/**
 * One verified run of an id outside JMH, one line each: the id's workload of one size opened,
 * run once for its steps (a ring's hops, a rendezvous's values, one fan-out operation, an echo
 * server's requests with random bodies, every echo compared) and closed. Each runs on a daemon
 * thread under a timeout, so that a deadlock fails instead of hanging.
 */
final class Checker {

    private final int timeoutSeconds;
    private final PrintStream out;

    Checker(int timeoutSeconds, PrintStream out) {
        this.timeoutSeconds = timeoutSeconds;
        this.out = out;
    }

    /** The line's head: the id and what it checks, e.g. {@code virtual/park nodes=503 hops=1000000}. */
    static String head(RingFactory f, Size size, int steps) {
        return f.id() + " " + size.arguments(steps);
    }

    /**
     * Runs {@code f}'s check of {@code size} and prints its line; true if it answered right in time,
     * or cannot run here at all (a limit of the machine, such as the kernel's threads, is no failure).
     */
    boolean once(RingFactory f, Size size, int steps) {
        String head = head(f, size, steps);
        Optional<String> limit = f.cannotOpen(size.population());
        if (limit.isPresent()) {
            out.println(head + " SKIP cannot run here: " + limit.get());
            return true;
        }
        CompletableFuture<long[]> result = new CompletableFuture<>();
        Thread runner = new Thread(() -> {
            try (Operation op = size.open(f)) {
                long start = System.nanoTime();
                long answer = op.run(steps);
                result.complete(new long[] {answer, System.nanoTime() - start});
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, "check " + f.id());
        runner.setDaemon(true); // a deadlocked ring must not keep the JVM alive
        runner.start();
        try {
            long[] r = result.get(timeoutSeconds, TimeUnit.SECONDS);
            // a server's line says it answered; the others give their answer and time
            out.println(size.measured(t -> String.format(Locale.ROOT, "%s sum=%d ms=%.1f", head, r[0], r[1] / 1e6),
                    s -> head) + " ok");
            return true;
        } catch (TimeoutException e) {
            out.println(head + " FAIL no answer within " + timeoutSeconds + " s"
                    + size.measured(t -> " (deadlock?)", s -> ""));
        } catch (ExecutionException e) {
            out.println(head + " FAIL " + Errors.describe(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            out.println(head + " FAIL interrupted");
        }
        return false;
    }
}
