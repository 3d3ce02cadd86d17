package threadring.bench;

import threadring.core.Shape;
import threadring.core.Workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import threadring.bench.RunFile.Configuration;
import threadring.bench.RunFile.Job;
import threadring.bench.RunFile.Measured;
import threadring.bench.RunFile.Profile;
import threadring.bench.RunFile.Run;
import threadring.bench.RunFile.Score;
import threadring.bench.RunFile.Settings;
import threadring.bench.RunFile.State;
import threadring.bench.RunFile.Status;

/** Run records in the shape the sweep writes them, for tests of report, chart and compare. */
final class Runs {

    static final String BENCHMARK = "threadring.x.XBenchmark.pass";

    private Runs() {}

    static Configuration config(String label) {
        return new Configuration(label, "/jdk", label.endsWith("all") ? null : "0",
                new Env.Jvm("Vendor", "25.0.3", 25, "VM", "25.0.3+9", "/jdk", List.of(), 2, 1 << 29));
    }

    static Settings settings(List<String> profilers) {
        return new Settings(List.of(), null, false, List.of(), List.of(), List.of(), null, null, null, profilers,
                RunCommand.PROFILING, List.of(), List.of(), List.of(), List.of(), null, null, false, false,
                RunCommand.PASS_MS, List.of(), List.of(), List.of());
    }

    /** A run of complete jobs in one configuration per label, with these ids in each. */
    static Run run(String runId, List<String> labels, Measured... measured) {
        List<Job> jobs = new ArrayList<>();
        for (String label : labels) {
            jobs.add(job(label, measured));
        }
        return new Run(RunFile.SCHEMA, runId, State.COMPLETE, "2026-01-01T00:00:00Z", "2026-01-01T00:30:00Z",
                new Env.Machine("2026-01-01T00:00:00Z", "Test CPU", List.of(0, 1), "Linux amd64", "6.0", "abc123", false),
                settings(List.of("gc", "jfr")), null, labels.stream().map(Runs::config).toList(), jobs);
    }

    static Job job(String label, Measured... measured) {
        List<String> ids = Arrays.stream(measured).map(Measured::id).toList();
        if (measured.length > 0 && measured[0].echo() != null) {
            return new Job(label, Catalog.ECHO_BENCHMARK, ids, 0, 0, Status.OK, null, null, List.of(measured), null,
                    null, null, Workload.ECHO, null, null, null, measured[0].echo().connections());
        }
        if (measured.length > 0 && measured[0].score() != null
                && measured[0].score().workload() == Workload.FANOUT) {
            RunFile.FanOutSize f = measured[0].score().fanOut();
            return new Job(label, Catalog.FANOUT_BENCHMARK, ids, 0, 0, Status.OK, null, 0, List.of(measured), null, null,
                    f.work(), Workload.FANOUT, null, f.tasks(), f.delayMs());
        }
        if (measured.length > 0 && measured[0].score() != null
                && measured[0].score().workload() == Workload.RENDEZVOUS) {
            return new Job(label, Catalog.RENDEZVOUS_BENCHMARK, ids, 0, 0, Status.OK, null, 0, List.of(measured), null,
                    null, null, Workload.RENDEZVOUS, measured[0].score().values());
        }
        Shape shape = measured.length == 0 || measured[0].score() == null ? Shape.classic(503)
                : measured[0].score().shape();
        return new Job(label, BENCHMARK, ids, shape.nodes(), hops(measured), Status.OK, null, 0, List.of(measured),
                shape.tokens(), shape.depth(), shape.work(), Workload.RING, null);
    }

    private static int hops(Measured... measured) {
        return measured.length == 0 || measured[0].score() == null ? 1000 : measured[0].score().hops();
    }

    /**
     * An id's echo server at {@code connections}: one repetition per requests/s given, with {@code
     * rssMiB} and {@code heapMiB} under load (an idle server: 40 and 10 MiB) and a thread per connection.
     */
    static Measured echo(String id, int connections, double rssMiB, double heapMiB, double... requestsPerSecond) {
        List<RunFile.EchoRepetition> reps = Arrays.stream(requestsPerSecond).mapToObj(rps -> new RunFile.EchoRepetition(
                (long) (rps * 5), 5.0, rps, 128, new RunFile.Latency(500, 900, 2_000, 4_000, 9_000, 600), 0, 0,
                new RunFile.ServerSample(40L << 20, 10L << 20, 1, 9, 30),
                new RunFile.ServerSample((long) (rssMiB * (1 << 20)), (long) (heapMiB * (1 << 20)), connections + 1,
                        connections + 9, connections + 30))).toList();
        return new Measured(id, null, null, null, new RunFile.EchoScore(connections, 3, 5, "0", "1", reps));
    }

    /** An id's rendezvous measured at 1000 values, forks of four passes around the given fork medians. */
    static Measured rendezvous(String id, double... medians) {
        List<List<Double>> ms = Arrays.stream(medians).mapToObj(m -> Arrays.stream(
                new double[] {m * 0.98, m * 1.08, m * 0.92, m * 1.02}).mapToObj(ns -> ns * 1000 / 1e6).toList()).toList();
        return new Measured(id, new Score(Catalog.RENDEZVOUS_BENCHMARK, 0, 0, 1, List.of("-Xmx512m"), ms, null, null,
                null, Workload.RENDEZVOUS, 1000, null, null), null, null);
    }

    /** An id's fan-out of size {@code f}, forks of four operations around the given fork medians in ms. */
    static Measured fanOut(String id, RunFile.FanOutSize f, double... msMedians) {
        List<List<Double>> ms = Arrays.stream(msMedians).mapToObj(m -> Arrays.stream(
                new double[] {m * 0.98, m * 1.08, m * 0.92, m * 1.02}).boxed().toList()).toList();
        return new Measured(id, new Score(Catalog.FANOUT_BENCHMARK, 0, 0, 1, List.of("-Xmx512m"), ms, null, null,
                f.work(), Workload.FANOUT, null, null, null, f.tasks(), f.delayMs()), null, null);
    }

    /** A run of one configuration with a job per group of measured ids (e.g. a ring job and a rendezvous job). */
    static Run runOfJobs(String runId, String label, List<List<Measured>> groups) {
        List<Job> jobs = groups.stream().map(g -> job(label, g.toArray(Measured[]::new))).toList();
        Run base = run(runId, List.of(label));
        return new Run(base.schema(), runId, base.state(), base.started(), base.finished(), base.machine(),
                base.settings(), base.asyncProfiler(), base.configurations(), jobs);
    }

    /** An id measured at 1000 hops on 503 nodes: {@code nsPerHop[fork][pass]}. */
    static Measured measured(String id, double[]... nsPerHop) {
        return measured(id, 503, nsPerHop);
    }

    static Measured measured(String id, int nodes, double[]... nsPerHop) {
        return measured(id, Shape.classic(nodes), nsPerHop);
    }

    static Measured measured(String id, Shape shape, double[]... nsPerHop) {
        List<List<Double>> ms = Arrays.stream(nsPerHop)
                .map(f -> Arrays.stream(f).mapToObj(ns -> ns * 1000 / 1e6).toList()).toList();
        return new Measured(id, new Score(BENCHMARK, shape.nodes(), 1000, 1, List.of("-Xmx512m"), ms, shape.tokens(),
                shape.depth(), shape.work(), Workload.RING, null, null, null), null, null);
    }

    /**
     * Forks of four passes around the given fork medians, each pass within 8% of its fork's
     * median: about the spread of passes inside one JVM on the 2-core machine.
     */
    static Measured forks(String id, double... medians) {
        return forksAt(id, 503, medians);
    }

    static Measured forksAt(String id, int nodes, double... medians) {
        return forksOn(id, Shape.classic(nodes), medians);
    }

    static Measured forksOn(String id, Shape shape, double... medians) {
        double[][] passes = new double[medians.length][];
        for (int f = 0; f < medians.length; f++) {
            double m = medians[f];
            passes[f] = new double[] {m * 0.98, m * 1.08, m * 0.92, m * 1.02};
        }
        return measured(id, shape, passes);
    }

    static Measured failed(String id, String error) {
        return new Measured(id, null, null, error);
    }

    static Measured withProfile(Measured m, double msPerPass, double bytesPerOp, String hot) {
        return m.withProfile(new Profile(List.of("gc", "jfr"), List.of(msPerPass, msPerPass), bytesPerOp, msPerPass / 10,
                List.of(new RunFile.HotMethod(hot, 42.5)), 400, List.of("profiles/x/profile.jfr"), null));
    }

    /** The same run with every pass multiplied by {@code factor}. */
    static Run scaled(Run run, String runId, double factor) {
        List<Job> jobs = run.jobs().stream().map(j -> new Job(j.configuration(), j.benchmark(), j.ids(), j.nodes(), j.hops(),
                j.status(), j.reason(), j.exitStatus(), j.results().stream().map(m -> m.score() == null ? m
                        : new Measured(m.id(), new Score(m.score().benchmark(), m.score().nodes(), m.score().hops(),
                                m.score().warmups(), m.score().jvmArgs(), m.score().msPerPass().stream()
                                        .map(f -> f.stream().map(x -> x * factor).toList()).toList(),
                                m.score().tokens(), m.score().depth(), m.score().work(), m.score().workload(),
                                m.score().values(), m.score().iterationMs(), m.score().forkLog(), m.score().tasks(),
                                m.score().delayMs()),
                                m.profile(), m.error())).toList(), j.tokens(), j.depth(), j.work(), j.workload(),
                j.values(), j.tasks(), j.delayMs())).toList();
        return new Run(run.schema(), runId, run.state(), run.started(), run.finished(), run.machine(), run.settings(),
                run.asyncProfiler(), run.configurations(), jobs);
    }

    static Path write(Path results, Run run) throws IOException {
        Path dir = Files.createDirectories(results.resolve(run.runId()));
        RunFile.write(dir, run);
        return dir;
    }
}
