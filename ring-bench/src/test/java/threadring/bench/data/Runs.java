package threadring.bench.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import threadring.bench.echo.EchoScore;
import threadring.core.Size;
import threadring.core.echo.EchoSize;
import threadring.core.fanout.FanOutSize;
import threadring.core.rendezvous.RendezvousSize;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;

/** Run records in the shape the sweep writes them, for tests of report, chart, compare and merge. */
public final class Runs {

    public static final String BENCHMARK = "threadring.x.XBenchmark.pass";

    private Runs() {}

    public static Configuration config(String label) {
        return Configuration.local(label, "/jdk", label.endsWith("all") ? null : "0",
                new Env.Jvm("Vendor", "25.0.3", 25, "VM", "25.0.3+9", "/jdk", List.of(), 2, 1 << 29));
    }

    public static Settings settings(List<String> profilers) {
        return new Settings(new Settings.Selection(List.of(), false, List.of(Ring.WORKLOAD)),
                List.of(RingSize.classic(503)), java.util.Map.of(),
                new Settings.Scored(false, false, null, Presets.MAX_FORKS, null, null, null, Presets.PASS_MS,
                        Presets.PRECISION, null, false, List.of(), null, null), List.of(), List.of(),
                profilers, Presets.PROFILING, 1L);
    }

    public static Env.Machine machine(String host) {
        return new Env.Machine("2026-01-01T00:00:00Z", "Test CPU", List.of(0, 1), "Linux amd64", "6.0", "abc123", false,
                host, host == null ? null : 24L << 30);
    }

    /** A run of complete jobs in one configuration per label, with these ids in each. */
    public static Run run(String runId, List<String> labels, Measured... measured) {
        List<Job> jobs = new ArrayList<>();
        for (String label : labels) {
            jobs.add(job(label, measured));
        }
        return new Run(Run.SCHEMA, runId, Run.State.COMPLETE, "2026-01-01T00:00:00Z", "2026-01-01T00:30:00Z",
                machine(null), settings(List.of("gc", "jfr")), null, labels.stream().map(Runs::config).toList(), jobs,
                List.of(), null, null, null, List.of());
    }

    /** The same run with other jobs. */
    public static Run withJobs(Run r, List<Job> jobs) {
        return new Run(r.schema(), r.runId(), r.state(), r.started(), r.finished(), r.machine(), r.settings(),
                r.asyncProfiler(), r.configurations(), jobs, r.cpuWork(), r.shard(), r.mergedFrom(), r.partial(), r.probes());
    }

    /** The same run with these machine probes. */
    public static Run withProbes(Run r, Probe... probes) {
        return new Run(r.schema(), r.runId(), r.state(), r.started(), r.finished(), r.machine(), r.settings(),
                r.asyncProfiler(), r.configurations(), r.jobs(), r.cpuWork(), r.shard(), r.mergedFrom(), r.partial(),
                List.of(probes));
    }

    /** A probe of {@code floor/cross-cpu}: forks of three iterations around the given fork medians, ns per handoff. */
    public static Probe probe(String label, String when, double... medians) {
        return new Probe(label, when, Probe.CROSS_CPU, Arrays.stream(medians).mapToObj(m -> List.of(m * 0.99, m,
                m * 1.01)).toList());
    }

    /** The same run, with another id, on {@code host}. */
    public static Run onHost(Run r, String runId, String host) {
        return new Run(r.schema(), runId, r.state(), r.started(), r.finished(), machine(host), r.settings(),
                r.asyncProfiler(), r.configurations(), r.jobs(), r.cpuWork(), r.shard(), r.mergedFrom(), r.partial(),
                r.probes());
    }

    /** A job of these results; its series is the first result's ({@code size}), the classic ring without one. */
    public static Job job(String label, Measured... measured) {
        Size size = measured.length > 0 && measured[0].score() != null ? SERIES.get(measured[0].score()) : null;
        return job(label, size != null ? size : RingSize.classic(503), measured);
    }

    public static Job job(String label, Size size, Measured... measured) {
        List<String> ids = Arrays.stream(measured).map(Measured::id).toList();
        return new Job(label, size.measured(Size.Timed::benchmark, x -> "threadring.bench.echo.EchoLoad.wrk"), ids, size, null,
                Job.Status.OK, null, 0, List.of(measured));
    }

    /**
     * The series of each score made here: a score does not carry its series (its job does), so the
     * factories below remember it for {@link #job(String, Measured...)}.
     */
    private static final Map<Score, Size> SERIES = Collections.synchronizedMap(new IdentityHashMap<>());

    private static Measured sized(Measured m, Size size) {
        SERIES.put(m.score(), size);
        return m;
    }

    /**
     * An id's echo server at {@code connections}: one repetition per requests/s given, with {@code
     * rssMiB} and {@code heapMiB} under load (an idle server: 40 and 10 MiB) and a thread per connection.
     */
    public static Measured echo(String id, int connections, double rssMiB, double heapMiB, double... requestsPerSecond) {
        List<EchoScore.EchoRepetition> reps = Arrays.stream(requestsPerSecond).mapToObj(rps -> new EchoScore.EchoRepetition(
                (long) (rps * 5), 5.0, rps, 128, new EchoScore.Latency(500, 900, 2_000, 4_000, 9_000, 600), 0, 0,
                new EchoScore.ServerSample(40L << 20, 10L << 20, 1, 9, 30),
                new EchoScore.ServerSample((long) (rssMiB * (1 << 20)), (long) (heapMiB * (1 << 20)), connections + 1,
                        connections + 9, connections + 30), 0, new EchoScore.EchoCost(2, 2000.0 * 0.9, (long) (rps * 2 / 100),
                                2000.0 * 0.5, 2), new EchoScore.Held(connections, connections, 0.5), null, null)).toList();
        return sized(Measured.scored(id, new EchoScore(3, 5, "0", "1", reps)), new EchoSize(connections));
    }

    /** {@code echo} measured with a handler that waits {@code waitMs} per request. */
    public static Measured waiting(Measured echo, int waitMs) {
        EchoSize size = (EchoSize) SERIES.get(echo.score());
        return sized(Measured.scored(echo.id(), echo.score()), new EchoSize(size.connections(), waitMs));
    }

    /** {@code echo} with its repetition {@code rep} (1-based) measured, then not closed cleanly for {@code why}. */
    public static Measured unclosed(Measured echo, int rep, String why) {
        EchoScore e = (EchoScore) echo.score();
        List<EchoScore.EchoRepetition> reps = new ArrayList<>(e.repetitions());
        EchoScore.EchoRepetition x = reps.get(rep - 1);
        reps.set(rep - 1, new EchoScore.EchoRepetition(x.requests(), x.seconds(), x.requestsPerSecond(), x.bodyBytes(),
                x.latencyUs(), x.socketErrors(), x.timeouts(), x.idle(), x.load(), x.warmupSeconds(), x.cost(), x.held(),
                x.ladder(), why));
        return sized(Measured.scored(echo.id(), new EchoScore(e.warmupSeconds(), e.seconds(), e.serverCpus(), e.wrkCpus(),
                List.copyOf(reps))), SERIES.get(echo.score()));
    }

    /** {@code echo} with each repetition's burst as given, in order (one per repetition). */
    public static Measured burst(Measured echo, EchoScore.Burst... bursts) {
        EchoScore e = (EchoScore) echo.score();
        List<EchoScore.EchoRepetition> reps = new ArrayList<>();
        for (int i = 0; i < e.repetitions().size(); i++) {
            EchoScore.EchoRepetition x = e.repetitions().get(i);
            reps.add(new EchoScore.EchoRepetition(x.requests(), x.seconds(), x.requestsPerSecond(), x.bodyBytes(),
                    x.latencyUs(), x.socketErrors(), x.timeouts(), x.idle(), x.load(), x.warmupSeconds(), x.cost(),
                    new EchoScore.Held(x.held().asked(), x.held().held(), x.held().seconds(), bursts[i]), x.ladder(),
                    x.unclosed()));
        }
        return sized(Measured.scored(echo.id(), new EchoScore(e.warmupSeconds(), e.seconds(), e.serverCpus(), e.wrkCpus(),
                List.copyOf(reps))), SERIES.get(echo.score()));
    }

    /** An id's rendezvous measured at 1000 values, forks of four passes around the given fork medians. */
    public static Measured rendezvous(String id, double... medians) {
        List<List<Double>> ms = Arrays.stream(medians).mapToObj(m -> Arrays.stream(
                new double[] {m * 0.98, m * 1.08, m * 0.92, m * 1.02}).mapToObj(ns -> ns * 1000 / 1e6).toList()).toList();
        return sized(Measured.scored(id, passes(new RendezvousSize().benchmark(), 1000, ms)),
                new RendezvousSize());
    }

    /** An id's fan-out of size {@code f}, forks of four operations around the given fork medians in ms. */
    public static Measured fanOut(String id, FanOutSize f, double... msMedians) {
        List<List<Double>> ms = Arrays.stream(msMedians).mapToObj(m -> Arrays.stream(
                new double[] {m * 0.98, m * 1.08, m * 0.92, m * 1.02}).boxed().toList()).toList();
        return sized(Measured.scored(id, passes(f.benchmark(), 1, ms)), f);
    }

    private static Score.Passes passes(String benchmark, int steps, List<List<Double>> ms) {
        return new Score.Passes(benchmark, steps, List.of("-Xmx512m"), null, null, forks(ms));
    }

    /** Forks of these measured passes, their warm-up not recorded. */
    public static List<Score.Fork> forks(List<List<Double>> ms) {
        return ms.stream().map(f -> new Score.Fork(null, f.stream().map(x -> new Score.Iteration(0, x, null)).toList(),
                null, null)).toList();
    }

    /**
     * An id measured at 1000 hops on 503 nodes with counters: forks of three iterations of ten
     * passes around the given fork medians (ns per hop), each iteration costing {@code cores} cores
     * busy, {@code switches} context switches and {@code bytes} bytes per hop.
     */
    public static Measured counted(String id, double cores, double switches, double bytes, double... medians) {
        List<Score.Fork> forks = new ArrayList<>();
        for (double m : medians) {
            List<Score.Iteration> its = new ArrayList<>();
            for (double f : new double[] {0.99, 1.0, 1.01}) {
                double msPerPass = m * f * 1000 / 1e6;
                double wallMs = 10 * msPerPass;
                Map<String, Double> c = new LinkedHashMap<>();
                c.put("wallMs", wallMs);
                c.put("cpuMs", wallMs * cores);
                c.put("workloadCpuMs", wallMs * cores * 0.9);
                c.put("gcCpuMs", wallMs * cores * 0.05);
                c.put("jitCpuMs", wallMs * cores * 0.02);
                c.put("voluntarySwitches", (double) Math.round(switches * 10_000 * 0.75));
                c.put("involuntarySwitches", (double) Math.round(switches * 10_000 * 0.25));
                c.put("allocatedBytes", (double) Math.round(bytes * 10_000));
                c.put("stealMs", 0.0);
                c.put("migrations", 0.0);
                its.add(new Score.Iteration(10, msPerPass, c));
            }
            forks.add(new Score.Fork(List.of(), its, null, null));
        }
        return sized(Measured.scored(id, new Score.Passes(BENCHMARK, 1000, List.of(), 500, null, forks)),
                RingSize.classic(503));
    }

    /** A run of one configuration with a job per group of measured ids (e.g. a ring job and a rendezvous job). */
    public static Run runOfJobs(String runId, String label, List<List<Measured>> groups) {
        return withJobs(run(runId, List.of(label)), groups.stream().map(g -> job(label, g.toArray(Measured[]::new)))
                .toList());
    }

    /** An id measured at 1000 hops on 503 nodes: {@code nsPerHop[fork][pass]}. */
    public static Measured measured(String id, double[]... nsPerHop) {
        return measured(id, 503, nsPerHop);
    }

    public static Measured measured(String id, int nodes, double[]... nsPerHop) {
        return measured(id, RingSize.classic(nodes), nsPerHop);
    }

    public static Measured measured(String id, RingSize shape, double[]... nsPerHop) {
        List<List<Double>> ms = Arrays.stream(nsPerHop)
                .map(f -> Arrays.stream(f).mapToObj(ns -> ns * 1000 / 1e6).toList()).toList();
        return sized(Measured.scored(id, passes(BENCHMARK, 1000, ms)), shape);
    }

    /**
     * Forks of four passes around the given fork medians, each pass within 8% of its fork's
     * median: about the spread of passes inside one JVM on the 2-core machine.
     */
    public static Measured forks(String id, double... medians) {
        return forksAt(id, 503, medians);
    }

    public static Measured forksAt(String id, int nodes, double... medians) {
        return forksOn(id, RingSize.classic(nodes), medians);
    }

    public static Measured forksOn(String id, RingSize shape, double... medians) {
        double[][] passes = new double[medians.length][];
        for (int f = 0; f < medians.length; f++) {
            double m = medians[f];
            passes[f] = new double[] {m * 0.98, m * 1.08, m * 0.92, m * 1.02};
        }
        return measured(id, shape, passes);
    }

    public static Measured failed(String id, String error) {
        return Measured.failed(id, error);
    }

    public static Measured withProfile(Measured m, double msPerPass, double bytesPerOp, String hot) {
        return m.withProfile(new Profile(List.of("gc", "jfr"), List.of(msPerPass, msPerPass), bytesPerOp,
                msPerPass / 10, List.of(new Profile.HotMethod(hot, 42.5)), 400, 0L, List.of("profiles/x/profile.jfr"),
                null));
    }

    /** The same run with every pass multiplied by {@code factor}. */
    public static Run scaled(Run run, String runId, double factor) {
        List<Job> jobs = run.jobs().stream().map(j -> new Job(j.configuration(), j.benchmark(), j.ids(), j.size(),
                j.steps(), j.status(), j.reason(), j.exitStatus(), j.results().stream().map(m -> m.passes().isEmpty() ? m
                        : new Measured(m.id(), new Score.Passes(m.passes().orElseThrow().benchmark(),
                                m.passes().orElseThrow().steps(), m.passes().orElseThrow().jvmArgs(),
                                m.passes().orElseThrow().iterationMs(), m.passes().orElseThrow().pilot(),
                                forks(m.passes().orElseThrow().msPerPass().stream()
                                        .map(f -> f.stream().map(x -> x * factor).toList()).toList())), m.profile(),
                                m.error(), m.limit()))
                        .toList()))
                .toList();
        Run scaled = withJobs(run, jobs);
        return new Run(scaled.schema(), runId, scaled.state(), scaled.started(), scaled.finished(), scaled.machine(),
                scaled.settings(), scaled.asyncProfiler(), scaled.configurations(), jobs, scaled.cpuWork(),
                scaled.shard(), scaled.mergedFrom(), scaled.partial(), scaled.probes());
    }

    public static Path write(Path results, Run run) throws IOException {
        Path dir = Files.createDirectories(results.resolve(run.runId()));
        RunFile.write(dir, run);
        return dir;
    }

    /** The committed runs' folder, from a module's working directory. */
    public static final Path COMMITTED = Path.of("..", "docs", "results");

    /** Committed runs by id, read from their run.json. */
    public static List<Run> committed(List<String> ids) throws IOException {
        List<Run> runs = new ArrayList<>();
        for (String id : ids) {
            runs.add(RunFile.read(COMMITTED.resolve(id)));
        }
        return runs;
    }
}
