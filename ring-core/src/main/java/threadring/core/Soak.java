package threadring.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A soak: randomly drawn sizes of every workload an implementation runs (each workload's own
 * {@link Draws}: rings of drawn nodes, tokens, depth, work and hops, rendezvous values, fan-outs,
 * Skynet trees), pass after pass on one implementation until its time is up, each verified and
 * each under a timeout. The
 * contract kit's shapes are small and few, so a race that needs a million hops on a two-thread
 * scheduler (a lost wake-up) never meets them; a soak meets it. The draws come from a seed, so a
 * seed replays the same draws in the same order.
 *
 * <p>Pass sizes scale with the implementation's speed: {@link #scale} has each workload size its
 * draws on it (steps that take about a second here, rounded down to 1, 2 or 5 times a power of
 * ten, so replays get the same scale; draws range up to ten times that).
 * A pass that does not answer within the timeout is a failure and ends that implementation's soak
 * (its threads are stuck and cannot be closed).
 */
public final class Soak {

    /** The soak's scale for one implementation: each drawn workload's sized draws (none: nothing to soak). */
    public record Scale(List<Draws.Sized> parts) {
        public boolean empty() {
            return parts.isEmpty();
        }

        /** "hops=2000000 heavy=20000, values=5000000". */
        public String describe() {
            return String.join(", ", parts.stream().map(Draws.Sized::describe).toList());
        }
    }

    /** What one pass did: ok, a wrong answer, an error, or no answer in time. */
    public record Outcome(String id, long seed, Draws.Draw draw, long nanos, String failure) {
        public boolean ok() {
            return failure == null;
        }
    }

    /** Hears every pass as it ends. */
    @FunctionalInterface
    public interface Listener {
        void pass(Outcome outcome);
    }

    /** Draws range up to this many times the scale (about ten seconds on a classic ring here). */
    public static final int RANGE = 10;

    private Soak() {}

    /** Whether the soak draws anything for {@code f}: it runs one of {@code workloads} that has draws. */
    public static boolean draws(RingFactory f, List<Workload<?, ?>> workloads) {
        return workloads.stream().anyMatch(w -> w.draws() != null && f.runs(w));
    }

    /** The seed of one implementation's draws: the soak's seed mixed with its id. */
    public static long seed(long seed, String id) {
        return seed ^ (id.hashCode() * 0x9E3779B97F4A7C15L);
    }

    /** Draw {@code index} of a soak of {@code scale}: a workload picked by weight, then its draw. */
    public static Draws.Draw draw(Random random, int index, Scale scale) {
        if (scale.empty()) {
            throw new IllegalArgumentException("nothing to draw: no workload");
        }
        int total = scale.parts().stream().mapToInt(Draws.Sized::weight).sum();
        int pick = random.nextInt(total);
        for (Draws.Sized s : scale.parts()) {
            if (pick < s.weight()) {
                return s.draw(random, index);
            }
            pick -= s.weight();
        }
        throw new IllegalStateException("unreachable");
    }

    /** 1..max, uniform in its logarithm. */
    public static int logUniform(Random random, long max) {
        long capped = Math.min(Integer.MAX_VALUE, Math.max(1, max));
        return (int) Math.min(capped, Math.max(1, Math.round(Math.exp(random.nextDouble() * Math.log(capped)))));
    }

    /** 1, 2 or 5 times a power of ten, at most {@code n}. */
    public static int roundDown(double n) {
        if (!(n >= 1)) {
            return 1;
        }
        double decade = Math.pow(10, Math.floor(Math.log10(n)));
        double mantissa = n / decade;
        return (int) Math.min(Integer.MAX_VALUE, (mantissa >= 5 ? 5 : mantissa >= 2 ? 2 : 1) * decade);
    }

    /** A drawn pass takes up to {@link #RANGE} times the sizing target: a tenth of an id's share keeps it inside. */
    static final Duration LONGEST_TARGET = Duration.ofSeconds(1);
    static final Duration SHORTEST_TARGET = Duration.ofMillis(50);

    /**
     * The sizing target for a soak of {@code share} per id: a tenth of it, between
     * {@link #SHORTEST_TARGET} and {@link #LONGEST_TARGET}, so that sizing and the last drawn
     * pass (up to {@link #RANGE} targets) do not make the soak several times longer than asked.
     */
    public static Duration target(Duration share) {
        long ms = share.toMillis() / RANGE;
        return Duration.ofMillis(Math.max(SHORTEST_TARGET.toMillis(), Math.min(LONGEST_TARGET.toMillis(), ms)));
    }

    /** {@link #scale(RingFactory, List, Duration, Duration)} at the longest target: a size takes about a second. */
    public static Scale scale(RingFactory f, List<Workload<?, ?>> workloads, Duration timeout) {
        return scale(f, workloads, LONGEST_TARGET, timeout);
    }

    /**
     * The soak's scale for {@code f}: each of {@code workloads} it runs with no known issue sizes
     * its draws on it, each size taking about {@code target} here.
     *
     * @throws IllegalStateException if sizing fails or hangs for longer than {@code timeout}
     */
    public static Scale scale(RingFactory f, List<Workload<?, ?>> workloads, Duration target, Duration timeout) {
        Duration budget = target.multipliedBy(3).dividedBy(10);
        CompletableFuture<Scale> result = new CompletableFuture<>();
        Thread runner = new Thread(() -> {
            try {
                List<Draws.Sized> parts = new ArrayList<>();
                for (Workload<?, ?> w : workloads) {
                    if (w.draws() != null && f.runs(w) && f.knownIssue(w).isEmpty()) {
                        w.draws().sized(f, target, budget).ifPresent(parts::add);
                    }
                }
                result.complete(new Scale(List.copyOf(parts)));
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, "soak sizing " + f.id());
        runner.setDaemon(true);
        runner.start();
        try {
            return result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException("no answer within " + timeout.toSeconds() + " s while sizing the soak "
                    + "(deadlock?)");
        } catch (ExecutionException e) {
            throw new IllegalStateException("sizing the soak failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sizing the soak", e);
        }
    }

    /** The steps of {@code size} that take about {@code target} here, rounded down to 1, 2 or 5 times a power of ten. */
    public static int sized(Size size, RingFactory f, Duration target, Duration budget) {
        try (Operation op = size.open(f)) {
            return roundDown(Calibration.steps(Calibration.of(op), target, budget).steps());
        }
    }

    /**
     * Soaks {@code f} with draws from {@code seed} until {@code seconds} have passed or a pass
     * fails; every pass is reported to {@code listener}. Returns the failures (at most one).
     */
    public static List<Outcome> run(RingFactory f, long seed, Duration time, Duration passTimeout, Scale scale,
            Listener listener) {
        long deadline = System.nanoTime() + time.toNanos();
        Random random = new Random(seed(seed, f.id()));
        List<Outcome> failures = new ArrayList<>();
        if (scale.empty()) {
            return List.of(); // every workload it runs has a known issue: nothing to soak
        }
        for (int i = 1; System.nanoTime() < deadline; i++) {
            Draws.Draw d = draw(random, i, scale);
            if (f.cannotOpen(d.size().population()).isPresent()) {
                continue; // more tasks than this model can hold here (OS threads): not a failure
            }
            Outcome o = once(f, seed, d, passTimeout);
            listener.pass(o);
            if (!o.ok()) {
                failures.add(o);
                break;
            }
        }
        return failures;
    }

    /** One drawn run on a freshly opened workload, on a daemon thread so that a hang cannot keep the JVM. */
    public static Outcome once(RingFactory f, long seed, Draws.Draw d, Duration timeout) {
        CompletableFuture<Long> result = new CompletableFuture<>();
        long[] nanos = new long[1];
        Thread runner = new Thread(() -> {
            try {
                try (Operation op = d.size().open(f)) {
                    long t0 = System.nanoTime();
                    op.run(d.steps());
                    nanos[0] = System.nanoTime() - t0;
                }
                result.complete(nanos[0]);
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, "soak " + f.id());
        runner.setDaemon(true);
        runner.start();
        try {
            return new Outcome(f.id(), seed, d, result.get(timeout.toMillis(), TimeUnit.MILLISECONDS), null);
        } catch (TimeoutException e) {
            return new Outcome(f.id(), seed, d, timeout.toNanos(), "no answer within " + timeout.toSeconds()
                    + " s (deadlock?)");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            return new Outcome(f.id(), seed, d, nanos[0], cause.getClass().getSimpleName() + ": " + cause.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(f.id(), seed, d, 0, "interrupted");
        }
    }
}
