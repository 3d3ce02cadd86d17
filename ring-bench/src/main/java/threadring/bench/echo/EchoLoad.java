package threadring.bench.echo;

import com.google.gson.JsonParseException;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import threadring.bench.data.Configuration;
import threadring.bench.data.Env;
import threadring.bench.data.Json;
import threadring.bench.data.Measured;
import threadring.bench.data.Settings;
import threadring.bench.echo.EchoScore.EchoRepetition;
import threadring.bench.echo.EchoScore.ServerSample;
import threadring.bench.util.CpuList;
import threadring.bench.util.LinuxProc;
import threadring.bench.util.Processes;
import threadring.core.RingFactory;
import threadring.core.Size;

/**
 * The echo server under wrk: per id and connection count, {@code repetitions} times a fresh server
 * JVM ({@link EchoServe}, with the id's flags) pinned to its cpus, a warm-up load, then the
 * measured load while the server's memory and threads are sampled every half second. Loopback
 * only; every step has a timeout, so a server that stops answering fails its id instead of
 * hanging the sweep.
 */
public final class EchoLoad {

    /** Not JMH: the name an echo job carries in place of a benchmark (the load that measures it). */
    public static final String LOAD = EchoLoad.class.getName() + ".wrk";
    /** The system property that names the run folder a server JVM serves for. */
    static final String SERVING = "threadring.serving";

    /** The server's start, and its close at the end of a repetition, must take less than this. */
    static final Duration SERVER_TIMEOUT = Duration.ofSeconds(60);
    static final Duration SAMPLE_EVERY = Duration.ofMillis(EchoScore.SAMPLE_EVERY_MS);
    /** A warm-up window more than 5% above the best before it: still warming. */
    static final double WARMUP_RISE = 1.05;
    static final int WARMUP_WINDOW_SECONDS = EchoScore.WARMUP_WINDOW_SECONDS;
    static final int WARMUP_MAX_SECONDS = EchoScore.WARMUP_MAX_SECONDS;
    /** --quick's warm-up (windows of 1 s) goes on this long while a slow server has not answered yet. */
    static final int QUICK_WARMUP_MAX_SECONDS = 8;

    /** The warm-up's connections (see {@link EchoScore#WARMUP_CONNECTIONS}). */
    static final int WARMUP_CONNECTIONS = EchoScore.WARMUP_CONNECTIONS;

    /**
     * Where the server and wrk run: with two cpus or more, wrk on the last and the server on the
     * others (here: server on cpu 0, wrk on cpu 1); with one, both share it.
     */
    public record Placement(String serverCpus, String wrkCpus, int wrkThreads) {
        public static Placement of(String cpus) {
            List<Integer> all = cpus == null ? Env.onlineCpus() : CpuList.parse(cpus);
            if (all.size() < 2) {
                return new Placement(cpus, cpus, 1);
            }
            List<Integer> server = all.subList(0, all.size() - 1);
            return new Placement(server.stream().map(String::valueOf).collect(Collectors.joining(",")),
                    String.valueOf(all.get(all.size() - 1)), 1);
        }
    }

    /** A repetition's default warm-up and measured seconds, and the repetitions its count is planned from. */
    static final int WARMUP_SECONDS = 3;
    static final int SECONDS = 3;
    static final int REPETITIONS = 3;

    /**
     * A repetition's warm-up and measured seconds, how many repetitions (the pilot), and whether the
     * open-model generator's offered rates follow wrk's peak ({@link Ladder}).
     */
    public record Timing(int warmupSeconds, int seconds, int repetitions, boolean ladder) {
        /**
         * Default 3 + 3 s, 3 repetitions; --quick 1 + 1 s, 1, no offered rates (a smoke test); --long
         * 10 + 30 s, 3; --forks sets repetitions.
         */
        public static Timing of(Settings.Scored s) {
            int reps = s.forks() != null ? s.forks() : s.quick() ? 1 : REPETITIONS;
            if (s.quick()) {
                return new Timing(1, 1, reps, false);
            }
            if (s.longRun()) {
                return new Timing(10, 30, reps, true);
            }
            return new Timing(WARMUP_SECONDS, SECONDS, reps, true);
        }

        /** Seconds one id takes at one connection count: JVM start and close, warm-up, measured load, offered rates. */
        public double estimate() {
            // the warm-up often runs a window more; the ladder: connecting, then about four rungs and their drains
            return repetitions * (6.0 + warmupSeconds + seconds + (ladder ? Ladder.ESTIMATE_SECONDS : 0));
        }
    }

    /**
     * Why the echo server cannot be loaded with {@code connections} here, or empty: no wrk, or a
     * limit of open files ({@code ulimit -n}, -1 if unknown) too low for the server and wrk, which
     * each hold one file per connection.
     */
    public static Optional<String> cannotLoad(int connections, Optional<Path> wrk, long fileLimit) {
        if (wrk.isEmpty()) {
            return Optional.of(Wrk.MISSING);
        }
        long need = (long) connections + FILES_BESIDES_CONNECTIONS;
        if (fileLimit >= 0 && fileLimit < need) {
            return Optional.of(connections + " connections need ulimit -n of at least " + need
                    + " (the server and wrk each hold a file per connection), it is " + fileLimit
                    + ": raise it (ulimit -n " + need + ")");
        }
        return Optional.empty();
    }

    /** Files a server JVM or wrk opens besides its connections: jars, the JIT's, sockets of its own. */
    static final int FILES_BESIDES_CONNECTIONS = 1024;

    /** This JVM's limit of open files, which the server and wrk inherit; -1 if unknown. */
    public static long openFilesLimit() {
        return ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.UnixOperatingSystemMXBean unix ? unix.getMaxFileDescriptorCount() : -1;
    }

    private final String classpath;
    private final Configuration config;
    private final Path wrk;
    private final Path script;
    private final Path dir;
    private final Timing timing;
    private final Placement placement;
    private final Consumer<String> log;
    private final List<String> jvmArgs;

    /** {@code classpath}: the benchmarks jar, or any class path that holds every id and {@link EchoServe}. */
    public EchoLoad(String classpath, Configuration config, Path wrk, Path script, Path dir, Timing timing,
            Consumer<String> log) {
        this(classpath, config, wrk, script, dir, timing, log, List.of());
    }

    /** {@code jvmArgs}: the run's --jvm-arg flags, after the id's own (e.g. Loom's -Djdk.pollerMode=1 for a server). */
    public EchoLoad(String classpath, Configuration config, Path wrk, Path script, Path dir, Timing timing,
            Consumer<String> log, List<String> jvmArgs) {
        this.jvmArgs = List.copyOf(jvmArgs);
        this.classpath = classpath;
        this.config = config;
        this.wrk = wrk;
        this.script = script;
        this.dir = dir;
        this.timing = timing;
        this.placement = Placement.of(config.cpus());
        this.log = log;
    }

    /** Every repetition of {@code f} in {@code size}, one after another; the first failure ends the id. */
    public Measured measure(RingFactory f, Size.Served size) throws InterruptedException {
        List<EchoRepetition> reps = new ArrayList<>();
        for (int r = 1; r <= timing.repetitions(); r++) {
            try {
                reps.add(repetition(f, size, r));
            } catch (TooSlow e) {
                return Measured.limited(f.id(), e.getMessage());
            } catch (IllegalStateException e) {
                return Measured.failed(f.id(), e.getMessage());
            }
        }
        return measured(f.id(), reps);
    }

    /** The id's score from its repetitions. */
    public Measured measured(String id, List<EchoRepetition> reps) {
        return Measured.scored(id, new EchoScore(timing.warmupSeconds(), timing.seconds(), placement.serverCpus(),
                placement.wrkCpus(), List.copyOf(reps)));
    }

    /**
     * Repetition {@code rep} of {@code f} in {@code size}: a fresh server JVM under load.
     *
     * @throws TooSlow if the server answered nothing within its warm-up (a result, not a failure)
     * @throws IllegalStateException naming the repetition and why it failed (or that Ctrl-C stopped it)
     */
    public EchoRepetition repetition(RingFactory f, Size.Served size, int rep) throws InterruptedException {
        int connections = size.connections();
        try {
            return once(f, size, rep);
        } catch (TooSlow e) {
            log.accept("threadring: " + f.id() + " " + size.describe() + " repetition " + rep + ": " + e.getMessage());
            throw e;
        } catch (IllegalStateException | IOException | JsonParseException e) {
            if (Processes.stopping()) { // Ctrl-C killed the server or wrk: interrupted, not failed
                throw new IllegalStateException("interrupted in repetition " + rep, e);
            }
            log.accept("threadring: " + f.id() + " echo c=" + connections + " repetition " + rep + ": FAIL "
                    + e.getMessage());
            throw new IllegalStateException("repetition " + rep + ": " + e.getMessage(), e);
        }
    }

    /** One repetition: a fresh server, a warm-up load, the measured load with samples, a clean close. */
    EchoRepetition once(RingFactory f, Size.Served size, int rep) throws IOException, InterruptedException {
        int connections = size.connections();
        List<String> java = new ArrayList<>(List.of(Processes.java(config.jdk())));
        java.addAll(Processes.quietUnsafe(config.jvm().javaFeature()));
        java.addAll(f.jvmArgs());
        java.addAll(jvmArgs);
        // the run's folder on the server's command line: ps, and a test, tell whose server it is
        java.addAll(List.of("-D" + SERVING + "=" + dir, "-cp", classpath, EchoServe.class.getName(), f.id(),
                String.valueOf(size.waitMs())));
        try (Processes.Child server = Processes.start(Processes.pinned(placement.serverCpus(), java))) {
            int port = reply(server, Ask.START).port();
            ServerSample idle = reply(server, Ask.SAMPLE).sample();
            Path out = dir.resolve("wrk-" + f.id().replace('/', '-') + "-c" + connections
                    + (size.waitMs() > 0 ? "-w" + size.waitMs() : "") + "-" + rep + ".json");
            int warmedSeconds = warmUp(Math.min(connections, WARMUP_CONNECTIONS), port, out);
            LinuxProc serverProc = LinuxProc.of(server.pid());
            int idleFiles = settle(serverProc, idle.openFiles());
            List<ServerSample> samples = Collections.synchronizedList(new ArrayList<>());
            Thread sampler = new Thread(() -> sample(server, samples), "samples of " + f.id());
            sampler.setDaemon(true);
            ServerWindow window = new ServerWindow(serverProc, timing.seconds());
            HeldWindow.Outcome peak;
            try {
                // connections first, then the clock: the samplers start with the measured window
                peak = HeldWindow.run((threads, paceMs) -> Wrk.command(wrk, threads, connections,
                        HeldWindow.HOLD_SECONDS + timing.seconds() + 5, script, port, out, HeldWindow.gate(out).toString(),
                        String.valueOf(timing.seconds() * 1000), String.valueOf(paceMs)), placement.wrkThreads(),
                        HeldWindow.Pace.DEFAULT, placement.wrkCpus(), out, timing.seconds(), connections,
                        serverProc, port, idleFiles, HeldWindow.HOLD_SECONDS, () -> {
                            sampler.start();
                            window.start();
                        });
            } finally {
                sampler.interrupt();
                sampler.join(SERVER_TIMEOUT.toMillis());
                window.interrupt();
                window.join(SERVER_TIMEOUT.toMillis());
            }
            Wrk.Summary measured = peak.summary();
            if (measured == null) {
                EchoScore.Burst b = peak.held().burst();
                throw new TooSlow(String.format(Locale.ROOT, "held %,d of %,d connections after %.0f s%s (not measured "
                        + "at fewer)", peak.held().held(), connections, peak.held().seconds(), b == null || !b.paced() ? ""
                        : String.format(Locale.ROOT, ", opened at a pace (%d wrk threads of %d, %d ms apart) after a "
                        + "burst that overflowed its listen queue", b.pacedThreads(), b.pacedPerThread(), b.pacedMs())));
            }
            EchoScore.EchoCost cost = window.cost(peak.wrkCpuMs(), peak.wrkSeconds());
            String failure = measured.failure();
            if (measured.windowRequests() == 0 && measured.wrong() == 0) { // the server's JVM is ended with the repetition
                throw new TooSlow("answered none of " + connections + " held connections in the measured "
                        + timing.seconds() + " s" + (failure == null ? "" : " (" + failure + ")"));
            }
            if (failure != null) {
                throw new IllegalStateException(failure);
            }
            // latency at fixed rates where the handler answers at once (a waiting one's latency is its wait)
            EchoScore.OfferedRates ladder = size.waitMs() > 0 || !timing.ladder() ? null
                    : Ladder.run(generator(), port, connections, measured.windowRate(), serverProc);
            // a close that leaves threads behind does not undo the measurement: the repetition says so
            EchoServe.Reply closed = reply(server, Ask.CLOSE);
            String unclosed = closed.threadsLeft() == 0 ? null
                    : closed.unclosed() != null ? closed.unclosed()
                    : "close left " + closed.threadsLeft() + " of the server's threads alive";
            if (unclosed != null) {
                log.accept("threadring: " + f.id() + " " + size.describe() + " repetition " + rep + ": WARNING " + unclosed);
            }
            log.accept(String.format(Locale.ROOT, "threadring: %s %s repetition %d: %.0f requests/s on %,d "
                    + "connections held after %.1f s, p99 %.0f us, %d socket errors, %d timeouts, %d samples%s", f.id(),
                    size.describe(), rep, measured.windowRate(), connections, peak.held().seconds(),
                    measured.latencyUs().p99(), measured.socketErrors(), measured.timeouts(), samples.size(),
                    ladder == null ? "" : ", " + ladder.rungs().size() + " offered rates"));
            return new EchoRepetition(measured.windowRequests(), measured.windowSeconds(), measured.windowRate(),
                    measured.bodyBytes(), measured.latencyUs(), measured.socketErrors(), measured.timeouts(), idle,
                    median(samples), warmedSeconds, cost, peak.held(), ladder, unclosed);
        }
    }

    /** The open-model generator's command: this configuration's java, pinned to the load's cpu as wrk is. */
    private List<String> generator() {
        List<String> java = new ArrayList<>(List.of(Processes.java(config.jdk())));
        java.addAll(Processes.quietUnsafe(config.jvm().javaFeature()));
        // C1 only and one GC thread: on the load's one cpu, C2 compiling and parallel GC threads made the
        // generator itself late (its lag p99 4 ms at 5,000 requests/s; 0.15 ms so)
        java.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xms256m", "-Xmx256m"));
        java.addAll(List.of("-cp", classpath, GenerateLoad.class.getName()));
        return Processes.pinned(placement.wrkCpus(), java);
    }

    /**
     * Warms the server up until its throughput stops rising: windows of {@link #WARMUP_WINDOW_SECONDS},
     * at least the timing's warm-up seconds, then until a window is no more than 5% above the best
     * before it, at most {@link #WARMUP_MAX_SECONDS}. A fixed 3 s measured JIT-heavy servers long
     * before their steady state (Ktor CIO served 1,250 requests/s in its first 5 s on one cpu and
     * 10,500 after 20 s); fast-starting ones stop after two windows. Returns the seconds it took.
     */
    private int warmUp(int connections, int port, Path out) throws IOException, InterruptedException {
        if (timing.warmupSeconds() <= 0) {
            return 0;
        }
        int window = Math.min(WARMUP_WINDOW_SECONDS, timing.warmupSeconds());
        int most = window < WARMUP_WINDOW_SECONDS ? window : WARMUP_MAX_SECONDS; // --quick: one short window
        // but as many as a server that is still starting needs to answer at all, up to a cap
        int silentMost = Math.max(most, QUICK_WARMUP_MAX_SECONDS);
        int seconds = 0;
        double best = 0;
        while (true) {
            Wrk.Summary warm = load(connections, window, port, out);
            seconds += window;
            String failure = warm.failure();
            if (warm.requests() == 0 && warm.wrong() == 0) { // silent: still starting, or too slow
                if (seconds >= silentMost) {
                    throw new TooSlow("answered no request within its warm-up of " + seconds + " s (" + failure + ")");
                }
                continue;
            }
            if (failure != null) {
                throw new IllegalStateException("warm-up: " + failure);
            }
            double rate = warm.requestsPerSecond();
            boolean rising = rate > best * WARMUP_RISE;
            best = Math.max(best, rate);
            if (seconds >= timing.warmupSeconds() && (!rising || seconds >= most)) {
                return seconds;
            }
        }
    }

    /** The longest wait for the warm-up's connections to leave the server, and the files it may keep of them. */
    static final Duration SETTLE = Duration.ofSeconds(10);
    static final int SETTLED_FILES = 8;

    /**
     * Waits (up to {@link #SETTLE}) until the warm-up's connections are gone from the server, so that
     * the measured connections are counted from what an idle server holds; returns that count (-1:
     * this OS does not say).
     */
    private static int settle(LinuxProc server, int idleFiles) throws InterruptedException {
        long deadline = System.nanoTime() + SETTLE.toNanos();
        int files = server.openFiles();
        while (files >= 0 && files > idleFiles + SETTLED_FILES && System.nanoTime() < deadline) {
            Thread.sleep(50);
            files = server.openFiles();
        }
        return files;
    }

    /** A server that answered nothing within its warm-up: a result of its row ("too slow here"), not a failure. */
    public static final class TooSlow extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        TooSlow(String why) {
            super("too slow here: " + why);
        }
    }

    private Wrk.Summary load(int connections, int seconds, int port, Path out) throws IOException, InterruptedException {
        return Wrk.run(placement.wrkCpus(), Wrk.command(wrk, placement.wrkThreads(), connections, seconds, script,
                port, out), out, seconds);
    }

    /** Asks for a sample every half second until interrupted. */
    private static void sample(Processes.Child server, List<ServerSample> samples) {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                samples.add(reply(server, Ask.SAMPLE).sample());
                Thread.sleep(SAMPLE_EVERY.toMillis());
            }
        } catch (InterruptedException e) {
            // the load is over
        } catch (IOException | RuntimeException e) {
            // a server that stops answering fails its load, which says why
        }
    }

    /** What is asked of the server: its port once it listens, a sample, or its close. */
    enum Ask {
        START(null, "start listening"), SAMPLE("sample", "answer a sample"), CLOSE("close", "close");

        final String command;
        final String what;

        Ask(String command, String what) {
            this.command = command;
            this.what = what;
        }

        boolean answeredBy(EchoServe.Reply r) {
            return switch (this) {
                case START -> r.port() != null;
                case SAMPLE -> r.sample() != null;
                case CLOSE -> r.threadsLeft() != null;
            };
        }
    }

    /**
     * Sends the command of {@code ask} and returns the server's answer to it (an answer to an
     * earlier sample, left by an interrupted sampler, is skipped).
     *
     * @throws IllegalStateException if it answered with an error, ended, or said nothing in time
     */
    private static EchoServe.Reply reply(Processes.Child server, Ask ask) throws IOException, InterruptedException {
        synchronized (server) {
            if (ask.command != null) {
                server.send(ask.command);
            }
            long deadline = System.nanoTime() + SERVER_TIMEOUT.toNanos();
            for (String json; (json = server.nextAfter(EchoServe.PREFIX,
                    Duration.ofNanos(Math.max(1, deadline - System.nanoTime())))) != null; ) {
                EchoServe.Reply r = Json.GSON.fromJson(json, EchoServe.Reply.class);
                if (r.error() != null) {
                    throw new IllegalStateException(r.error());
                }
                if (ask.answeredBy(r)) {
                    return r;
                }
            }
            Integer exit = server.exitValue();
            throw new IllegalStateException("the server did not " + ask.what + " within " + SERVER_TIMEOUT.toSeconds()
                    + " s" + (exit != null ? " (it exited with status " + exit + ")" : "") + ": " + server.tail());
        }
    }

    /** Each measure's median over the samples (the idle sample's values if there are none). */
    static ServerSample median(List<ServerSample> samples) {
        if (samples.isEmpty()) {
            return null;
        }
        return new ServerSample(median(samples, ServerSample::rssBytes), median(samples, ServerSample::heapUsedBytes),
                (int) median(samples, s -> s.serverThreads()), (int) median(samples, s -> s.jvmThreads()),
                (int) median(samples, s -> s.openFiles()));
    }

    private static long median(List<ServerSample> samples, ToLongFunction<ServerSample> measure) {
        long[] v = samples.stream().mapToLong(measure).sorted().toArray();
        return v[v.length / 2];
    }
}
