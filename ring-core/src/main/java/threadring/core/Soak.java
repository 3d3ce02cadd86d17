package threadring.core;

import threadring.core.Workload.Size;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A soak: randomly drawn rings (nodes, tokens, depth, work, hops), rendezvous and fan-out sizes, pass after
 * pass on one implementation until its time is up, each verified and each under a timeout. The
 * contract kit's shapes are small and few, so a race that needs a million hops on a two-thread
 * scheduler (a lost wake-up) never meets them; a soak meets it. The draws come from a seed, so a
 * seed replays the same draws in the same order.
 *
 * <p>Pass sizes scale with the implementation's speed: {@link #scale} calibrates the hops and
 * values that take about a second on a classic ring or rendezvous here, rounded down to 1, 2 or
 * 5 times a power of ten (so replays get the same scale), and draws range up to ten times that.
 * It also calibrates the heaviest ring a soak draws (deepest stack, most work): where a hop is
 * nearly free (a floor loop), depth and work make it a hundred times dearer, and a draw sized
 * by the classic ring alone would run for minutes.
 * A pass that does not answer within the timeout is a failure and ends that implementation's soak
 * (its threads are stuck and cannot be closed).
 */
public final class Soak {

    /** One drawn run: a size of some workload and its steps (a ring's hops, a rendezvous's values, 1 operation). */
    public record Draw(int index, Size size, int steps) {
        /** {@code nodes=97 tokens=5 depth=9 hops=1000003}, as {@code check} prints a run. */
        public String describe() {
            return size.arguments(steps);
        }
    }

    /**
     * The soak's scale: hops of a classic ring and of the heaviest drawn ring, and rendezvous
     * values, that take about a second each here (0 for a workload it does not run).
     */
    public record Scale(int hops, int heavyHops, int values) {
        public Scale {
            if (hops < 0 || heavyHops < 0 || values < 0 || (hops > 0) != (heavyHops > 0)) {
                throw new IllegalArgumentException("bad soak scale: hops=" + hops + " heavyHops=" + heavyHops
                        + " values=" + values);
            }
        }

        /** A ring as fast with depth and work as without (the self-test's stand-ins). */
        public static Scale flat(int hops, int values) {
            return new Scale(hops, hops, values);
        }

        /**
         * Hops of a draw of {@code drawn} classic-ring hops on {@code shape}: fewer by the dearer
         * hop. A hop's cost grows linearly in depth and in work, so its cost on {@code shape} is
         * at most the classic cost plus the heavy ring's extra times the larger of the shape's
         * depth and work fractions.
         */
        int hopsOf(Size.Ring shape, int drawn) {
            double dearer = Math.max(1.0, (double) hops / heavyHops) - 1;
            double fraction = Math.max((double) shape.depth() / MAX_DEPTH, (double) shape.work() / MAX_WORK);
            return (int) Math.max(1, Math.round(drawn / (1 + dearer * fraction)));
        }
    }

    /** What one pass did: ok, a wrong answer, an error, or no answer in time. */
    public record Outcome(String id, long seed, Draw draw, long nanos, String failure) {
        public boolean ok() {
            return failure == null;
        }
    }

    /** Hears every pass as it ends. */
    @FunctionalInterface
    public interface Listener {
        void pass(Outcome outcome);
    }

    /** The largest ring a soak draws: big enough to leave the caches, small enough for OS threads. */
    static final int MAX_NODES = 2_000;
    static final int MAX_TOKENS = 16;
    static final int MAX_DEPTH = 24;
    static final int MAX_WORK = 200;
    /** Draws range up to this many times the scale (about ten seconds on a classic ring here). */
    static final int RANGE = 10;

    private Soak() {}

    /** The workloads a soak draws from: every one measured by verified passes (a server is checked, not soaked). */
    public static final java.util.Set<Workload> DRAWN = java.util.EnumSet.of(Workload.RING, Workload.RENDEZVOUS,
            Workload.FANOUT);

    /** Whether the soak draws anything for {@code f}: it runs a workload the soak draws from. */
    public static boolean draws(RingFactory f) {
        return DRAWN.stream().anyMatch(f::runs);
    }

    /** The seed of one implementation's draws: the soak's seed mixed with its id. */
    public static long seed(long seed, String id) {
        return seed ^ (id.hashCode() * 0x9E3779B97F4A7C15L);
    }

    /** Fan-out draws: up to the experiment's 100,000 tasks, waiting up to this long. */
    static final int MAX_DELAY_MS = 20;

    /**
     * Draw {@code index} of a soak of {@code scale} (a workload of scale 0 is not drawn) and, with
     * {@code fanOut}, the fan-out: rings three times as often as each other workload; half the
     * rings have one token, depth 0 or work 0; sizes are log-uniform.
     */
    public static Draw draw(Random random, int index, Scale scale, boolean fanOut) {
        int hops = scale.hops();
        int values = scale.values();
        if (hops <= 0 && values <= 0 && !fanOut) {
            throw new IllegalArgumentException("nothing to draw: no workload");
        }
        int ring = hops > 0 ? 3 : 0;
        int rendezvous = values > 0 ? 1 : 0;
        int pick = random.nextInt(ring + rendezvous + (fanOut ? 1 : 0));
        if (pick >= ring + rendezvous) {
            int work = random.nextBoolean() ? 0 : 1 + random.nextInt(MAX_WORK);
            return new Draw(index, new Size.FanOut(logUniform(random, FanOut.DEFAULT_TASKS),
                    random.nextInt(MAX_DELAY_MS + 1), work), 1);
        }
        if (pick >= ring) {
            return new Draw(index, new Size.Rendezvous(), logUniform(random, (long) values * RANGE));
        }
        int nodes = logUniform(random, MAX_NODES - 1) + 1;
        int tokens = random.nextBoolean() ? 1 : 1 + random.nextInt(Math.min(MAX_TOKENS, nodes - 1));
        int depth = random.nextBoolean() ? 0 : 1 + random.nextInt(MAX_DEPTH);
        int work = random.nextBoolean() ? 0 : 1 + random.nextInt(MAX_WORK);
        Size.Ring shape = new Size.Ring(nodes, tokens, depth, work);
        return new Draw(index, shape, scale.hopsOf(shape, logUniform(random, (long) hops * RANGE)));
    }

    /** 1..max, uniform in its logarithm. */
    static int logUniform(Random random, long max) {
        long capped = Math.min(Integer.MAX_VALUE, Math.max(1, max));
        return (int) Math.min(capped, Math.max(1, Math.round(Math.exp(random.nextDouble() * Math.log(capped)))));
    }

    /** 1, 2 or 5 times a power of ten, at most {@code n}. */
    static int roundDown(double n) {
        if (!(n >= 1)) {
            return 1;
        }
        double decade = Math.pow(10, Math.floor(Math.log10(n)));
        double mantissa = n / decade;
        return (int) Math.min(Integer.MAX_VALUE, (mantissa >= 5 ? 5 : mantissa >= 2 ? 2 : 1) * decade);
    }

    /** The heaviest ring a soak draws, at the classic ring's size. */
    static final Size.Ring HEAVY = new Size.Ring(Rings.DEFAULT_NODES, 1, MAX_DEPTH, MAX_WORK);

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

    /** {@link #scale(RingFactory, Duration, Duration)} at the longest target: a size takes about a second. */
    public static Scale scale(RingFactory f, Duration timeout) {
        return scale(f, LONGEST_TARGET, timeout);
    }

    /**
     * The soak's scale for {@code f}: each size takes about {@code target} here, rounded down to 1,
     * 2 or 5 times a power of ten.
     *
     * @throws IllegalStateException if sizing fails or hangs for longer than {@code timeout}
     */
    public static Scale scale(RingFactory f, Duration target, Duration timeout) {
        Duration budget = target.multipliedBy(3).dividedBy(10);
        CompletableFuture<Scale> result = new CompletableFuture<>();
        Thread runner = new Thread(() -> {
            try {
                int hops = 0;
                int heavyHops = 0;
                if (f.runs(Workload.RING) && f.knownIssue(Workload.RING).isEmpty()) {
                    hops = sized(Size.Ring.classic(Rings.DEFAULT_NODES), f, target, budget);
                    heavyHops = sized(HEAVY, f, target, budget);
                }
                int values = 0;
                if (f.runs(Workload.RENDEZVOUS) && f.knownIssue(Workload.RENDEZVOUS).isEmpty()) {
                    values = sized(new Size.Rendezvous(), f, target, budget);
                }
                result.complete(new Scale(hops, heavyHops, values));
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
                    + "on a classic ring (deadlock?)");
        } catch (ExecutionException e) {
            throw new IllegalStateException("sizing the soak failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sizing the soak", e);
        }
    }

    /** The steps of {@code size} that take about {@code target} here, rounded down to 1, 2 or 5 times a power of ten. */
    private static int sized(Size size, RingFactory f, Duration target, Duration budget) {
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
        boolean fanOut = f.runs(Workload.FANOUT) && f.knownIssue(Workload.FANOUT).isEmpty();
        if (scale.hops() <= 0 && scale.values() <= 0 && !fanOut) {
            return List.of(); // every workload it runs has a known issue: nothing to soak
        }
        for (int i = 1; System.nanoTime() < deadline; i++) {
            Draw d = draw(random, i, scale, fanOut);
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
    public static Outcome once(RingFactory f, long seed, Draw d, Duration timeout) {
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
