package threadring.bench.check;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import threadring.bench.util.Errors;
import threadring.core.EchoClient;
import threadring.core.EchoServer;
import threadring.core.FanOut;
import threadring.core.Rendezvous;
import threadring.core.Ring;
import threadring.core.RingFactory;
import threadring.core.Shape;
import threadring.core.Workload;

/**
 * One verified run of an id outside JMH, one line each: a pass of the ring, an exchange of the
 * rendezvous, a fan-out operation, or the echo server answering {@code requests} requests with
 * random bodies on {@code connections} connections, every echo compared. Each runs on a daemon
 * thread under a timeout, so that a deadlock fails instead of hanging.
 */
final class Checker {

    /** Bodies of the echo check: random, up to 4 KiB. */
    static final int ECHO_MAX_BODY = 4096;

    /** The sizes of every workload's check. */
    record Sizes(Shape shape, int hops, int values, int tasks, int delayMs, int work, int requests, int connections) {}

    private final Sizes sizes;
    private final int timeoutSeconds;
    private final PrintStream out;

    Checker(Sizes sizes, int timeoutSeconds, PrintStream out) {
        this.sizes = sizes;
        this.timeoutSeconds = timeoutSeconds;
        this.out = out;
    }

    /** The line's head: the id and what it checks. */
    String head(RingFactory f, Workload w) {
        Sizes s = sizes;
        return switch (w) {
            case RING -> f.id() + " " + s.shape() + " hops=" + s.hops();
            case RENDEZVOUS -> f.id() + " workload=rendezvous values=" + s.values();
            case FANOUT -> f.id() + " workload=fanout tasks=" + s.tasks() + " delay_ms=" + s.delayMs() + " work="
                    + s.work();
            case ECHO -> f.id() + " workload=echo requests=" + s.requests() + " connections=" + s.connections();
        };
    }

    /** What one check runs, what it must answer, and how many entities it holds at once. */
    private record Check(Callable<Long> run, long expected, int population) {}

    private Check check(RingFactory f, Workload w) {
        Sizes s = sizes;
        return switch (w) {
            case RING -> new Check(() -> {
                try (Ring ring = f.open(s.shape())) {
                    return ring.pass(s.hops());
                }
            }, s.shape().expected(s.hops()), s.shape().nodes());
            case RENDEZVOUS -> new Check(() -> {
                try (Rendezvous r = f.openRendezvous()) {
                    return r.exchange(s.values());
                }
            }, Rendezvous.expected(s.values()), 2);
            case FANOUT -> new Check(() -> {
                try (FanOut fanOut = f.openFanOut()) {
                    return fanOut.run(s.tasks(), s.delayMs(), s.work());
                }
            }, FanOut.expected(s.tasks()), s.tasks());
            case ECHO -> new Check(() -> {
                try (EchoServer server = f.openEcho()) {
                    return (long) EchoClient.run(server.port(), s.connections(), s.requests(), ECHO_MAX_BODY,
                            s.requests(), (int) Math.min(Integer.MAX_VALUE, timeoutSeconds * 1000L));
                }
            }, s.requests(), s.connections());
        };
    }

    /**
     * Runs {@code w}'s check of {@code f} and prints its line; true if it answered right in time, or
     * cannot run here at all (a limit of the machine, such as the kernel's threads, is no failure).
     */
    boolean once(RingFactory f, Workload w) {
        Check check = check(f, w);
        java.util.Optional<String> limit = f.cannotOpen(check.population());
        if (limit.isPresent()) {
            out.println(head(f, w) + " SKIP cannot run here: " + limit.get());
            return true;
        }
        CompletableFuture<long[]> result = new CompletableFuture<>();
        Thread runner = new Thread(() -> {
            try {
                long start = System.nanoTime();
                long answer = check.run().call();
                result.complete(new long[] {answer, System.nanoTime() - start});
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, "check " + f.id());
        runner.setDaemon(true); // a deadlocked ring must not keep the JVM alive
        runner.start();
        try {
            long[] r = result.get(timeoutSeconds, TimeUnit.SECONDS);
            if (w == Workload.ECHO) {
                if (r[0] != check.expected()) {
                    out.println(head(f, w) + " FAIL " + r[0] + " requests checked");
                    return false;
                }
                out.println(head(f, w) + " ok");
                return true;
            }
            String line = String.format(Locale.ROOT, "%s sum=%d ms=%.1f", head(f, w), r[0], r[1] / 1e6);
            if (r[0] != check.expected()) {
                out.println(line + " FAIL expected sum=" + check.expected());
                return false;
            }
            out.println(line + " ok");
            return true;
        } catch (TimeoutException e) {
            out.println(head(f, w) + " FAIL no answer within " + timeoutSeconds + " s"
                    + (w == Workload.ECHO ? "" : " (deadlock?)"));
        } catch (ExecutionException e) {
            out.println(head(f, w) + " FAIL " + Errors.describe(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            out.println(head(f, w) + " FAIL interrupted");
        }
        return false;
    }
}
