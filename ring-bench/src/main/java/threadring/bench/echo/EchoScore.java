package threadring.bench.echo;

import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import threadring.bench.data.Measured;
import threadring.bench.data.Score;
import threadring.bench.stats.Stats;

/**
 * The echo server under wrk: one entry per repetition (a fresh server JVM each, the unit of
 * repetition as the fork is for JMH), each a warm-up of {@code warmupSeconds} then
 * {@code seconds} measured; the server pinned to {@code serverCpus}, wrk to {@code wrkCpus}
 * (null: unpinned).
 */
public record EchoScore(int warmupSeconds, int seconds, String serverCpus, String wrkCpus,
        List<EchoScore.EchoRepetition> repetitions) implements Score {

    /**
     * The warm-up's connections: enough to compile the request path, few enough that the
     * server has accepted all of them. A warm-up at 10,000 connections left thousands queued in
     * the kernel's accept backlog when wrk closed them, and a slow acceptor (Pekko Streams,
     * about 100 a second here) spent the measured window accepting those dead ones.
     */
    public static final int WARMUP_CONNECTIONS = 100;
    /** The warm-up's windows and its limit, in seconds: it runs until its throughput stops rising. */
    public static final int WARMUP_WINDOW_SECONDS = 2;
    public static final int WARMUP_MAX_SECONDS = 16;
    /** The time a server has to hold its C connections before the clock starts. */
    public static final int HOLD_SECONDS = 30;
    /** How often the server is sampled under load. */
    public static final int SAMPLE_EVERY_MS = 500;

    /** Nanoseconds per request (10^9 / requests per second), one value per repetition. */
    @Override
    public List<List<Double>> nsPerStep() {
        return per(r -> 1e9 / r.requestsPerSecond());
    }

    /** Requests per second over repetitions. */
    public Stats.Summary requestsPerSecond() {
        return Stats.summarize(per(EchoRepetition::requestsPerSecond));
    }

    /** A server is read by its requests per second. */
    @Override
    public Stats.Summary reading() {
        return requestsPerSecond();
    }

    /** {@code m}'s score, where it is an echo server's. */
    public static Optional<EchoScore> of(Measured m) {
        return m.score(EchoScore.class);
    }

    /** A measure per repetition; values of 0 or less are left out (no interval on a log scale). */
    private List<List<Double>> per(ToDoubleFunction<EchoRepetition> measure) {
        return repetitions.stream().map(measure::applyAsDouble).filter(v -> v > 0 && Double.isFinite(v))
                .map(v -> List.of(v)).toList();
    }

    /** Whether any repetition served a request (else there is no cost to summarise). */
    @Override
    public boolean hasLevel() {
        return !per(EchoRepetition::requestsPerSecond).isEmpty();
    }

    /** A measure of the server under load, the median over repetitions (NaN if none has it). */
    public double load(ToDoubleFunction<ServerSample> measure) {
        return Stats.median(repetitions.stream().filter(r -> r.load() != null)
                .mapToDouble(r -> measure.applyAsDouble(r.load())).filter(x -> x >= 0));
    }

    /**
     * One echo repetition: what wrk counted in the measured window, and the server sampled idle
     * (before any load) and under load (each measure's median over samples taken every half
     * second). {@code bodyBytes}: each request's body; {@code socketErrors}: connect, read and write
     * errors; {@code timeouts}: responses later than wrk's timeout; {@code cost}: what serving and
     * loading cost in CPU (null in runs before it was read). A wrong echo or a status other than 200
     * is not here: it fails the id. {@code unclosed}: null where the server closed cleanly after its
     * measurement, else the threads its close left alive (its numbers stand, the report names them).
     */
    public record EchoRepetition(long requests, double seconds, double requestsPerSecond, int bodyBytes, Latency latencyUs,
            long socketErrors, long timeouts, ServerSample idle, ServerSample load, int warmupSeconds, EchoCost cost,
            Held held, OfferedRates ladder, String unclosed) {

        /** Whether its clock ran: the server held every connection (runs before holding was checked: yes). */
        public boolean measured() {
            return held == null || held.all();
        }
    }

    /**
     * The connections a server held before the clock started: {@code asked}, {@code held} (its open
     * files over the idle server's; -1 where this OS does not say), after {@code seconds}; how its
     * {@code burst} went (null for the open-model generator's and in older runs).
     */
    public record Held(int asked, int held, double seconds, Burst burst) {
        /** Files an idle server opens or closes by itself (class loading, the JIT): within them of C is all of C. */
        public static final int SLACK = 8;

        public Held(int asked, int held, double seconds) {
            this(asked, held, seconds, null);
        }

        public boolean all() {
            return held < 0 || held >= asked - Math.min(SLACK, asked / 10);
        }
    }

    /**
     * wrk's burst: it opens all C connections at once, and the server held {@code held} of them one
     * second later (-1: this OS does not say), while the kernel dropped {@code overflows} SYNs from
     * full listen queues (this machine's ListenOverflows; -1: unknown). Where a burst overflowed and
     * the server held fewer than C, the connections were opened again at a pace: {@code pacedThreads}
     * wrk threads of {@code pacedPerThread} connections each, started {@code pacedMs} apart, and the
     * measured load ran on those (0, 0, 0 where the burst was kept).
     */
    public record Burst(int held, long overflows, int pacedThreads, int pacedPerThread, int pacedMs) {
        public boolean paced() {
            return pacedThreads > 0;
        }
    }

    /**
     * Latency at fixed offered rates (the open-model generator, after wrk): the connections it held
     * first, each rate it offered in turn, and the connections' errors (refused, lost, a wrong
     * answer: counted; null if none). Null in a repetition whose handler waits, and in older runs.
     */
    public record OfferedRates(Held held, List<Rung> rungs, String errors) {
        /** The offered rates, requests per second: doubling from 5,000, offered in turn while sustained. */
        public static final List<Double> RATES = List.of(5_000.0, 10_000.0, 20_000.0, 40_000.0, 80_000.0, 160_000.0);
        /** A rate is sustained with every request answered and p99 at most this. */
        public static final double TARGET_P99_MS = 10;
        /** Rates up to this many times the repetition's closed-loop peak are offered. */
        public static final double HEADROOM = 1.25;
        /** The generator's cores busy at which it, not the server, may have set the latency: the climb stops there. */
        public static final double GENERATOR_BOUND_CORES = 0.90;
        /**
         * The generator's own p99 lag, as a share of the target p99, at which its lateness is a material
         * part of what a rung's p99 says: the climb stops there, and the limit is the generator's.
         */
        public static final double GENERATOR_LAG_SHARE = 0.25;
    }

    /**
     * One offered rate: {@code requests} due at {@code offered} per second, {@code answered} of them
     * (by {@code seconds} after the first was due); latency timed from when each was due, in µs; the
     * generator's own lag sending a request due on an idle connection (p99, µs: large, the generator
     * was late); its CPU over the rung's {@code wallSeconds} (null where this OS does not say); and the
     * server JVM's CPU from the rung's start to its last answer, read from /proc by the runner (null
     * where it could not, and in runs before 2026-11-30).
     */
    public record Rung(double offered, long requests, long answered, double seconds, Latency latencyUs, double lagP99Us,
            Double cpuMs, double wallSeconds, Double serverCpuMs) {

        /** The same rung with the server's CPU the runner read around it. */
        public Rung withServerCpuMs(Double ms) {
            return new Rung(offered, requests, answered, seconds, latencyUs, lagP99Us, cpuMs, wallSeconds, ms);
        }

        /** The server's CPU µs per answered request at this rate, NaN where unknown. */
        public double serverUsPerRequest() {
            return serverCpuMs == null || answered <= 0 ? Double.NaN : serverCpuMs * 1000 / answered;
        }

        /** Whether the server sustained it: every request answered, p99 within {@code targetMs}. */
        public boolean sustained(double targetMs) {
            return answered == requests && latencyUs.p99() <= targetMs * 1000;
        }

        /**
         * Whether the generator, not the server, may have set this rung's latency: its cpu at least
         * {@link OfferedRates#GENERATOR_BOUND_CORES} busy, or its own p99 lag at least
         * {@link OfferedRates#GENERATOR_LAG_SHARE} of {@code targetMs}.
         */
        public boolean generatorBound(double targetMs) {
            return generatorCores() >= OfferedRates.GENERATOR_BOUND_CORES || generatorLate(targetMs);
        }

        /** Whether the generator's own p99 lag was at least {@link OfferedRates#GENERATOR_LAG_SHARE} of {@code targetMs}. */
        public boolean generatorLate(double targetMs) {
            return lagP99Us >= OfferedRates.GENERATOR_LAG_SHARE * targetMs * 1000;
        }

        /** The generator's cores busy, NaN if unknown. */
        public double generatorCores() {
            return cpuMs == null || wallSeconds <= 0 ? Double.NaN : cpuMs / (wallSeconds * 1000);
        }
    }

    /**
     * What a repetition's load cost: the server JVM's CPU time (all its threads, ended ones
     * included) and its live threads' context switches over {@code seconds} inside the measured
     * window (read from /proc between its first and last second, when the connections are held);
     * and the load generator's CPU time over {@code generatorSeconds}: the measured window (read from
     * wrk's own /proc stat; runs before 2026-11-26 17:00: over wrk's whole run). Null parts:
     * this OS does not say.
     */
    public record EchoCost(double seconds, Double serverCpuMs, Long serverSwitches, Double generatorCpuMs,
            double generatorSeconds) {

        /** The server's cores busy, or NaN. */
        public double serverCores() {
            return serverCpuMs == null || seconds <= 0 ? Double.NaN : serverCpuMs / (seconds * 1000);
        }

        /** The generator's cores busy, or NaN. */
        public double generatorCores() {
            return generatorCpuMs == null || generatorSeconds <= 0 ? Double.NaN : generatorCpuMs / (generatorSeconds * 1000);
        }
    }

    /** wrk's latency distribution, in microseconds. */
    public record Latency(double p50, double p90, double p99, double p999, double max, double mean) {}

    /**
     * The echo server's JVM at one moment: resident memory, heap used, the live threads the server
     * tracks (platform or virtual: one per connection for the thread-per-connection models), the
     * JVM's live platform threads, and its open files (-1 where /proc is missing), which count the
     * connections it has accepted and holds whatever the model.
     */
    public record ServerSample(long rssBytes, long heapUsedBytes, int serverThreads, int jvmThreads, int openFiles) {}
}
