package threadring.bench;

import java.util.ArrayList;
import threadring.core.Rings;
import threadring.core.Shape;
import threadring.core.Workload;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import com.google.gson.annotations.SerializedName;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The run directory's one schema. {@code run.json} holds a {@link Run}: the environment, what the
 * sweep did, and every measurement. A JMH child writes its job's {@link JobResult} (same
 * records) next to it, which the sweep folds into run.json. Everything is written and read back
 * with these types; nothing is read from console text.
 */
final class RunFile {

    static final String NAME = "run.json";
    /** Bumped when a field changes meaning; older runs are refused with a one-line error. */
    static final int SCHEMA = 1;

    static final Gson JSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().serializeNulls()
            .serializeSpecialFloatingPointValues().create();

    private RunFile() {}

    enum State {
        @SerializedName("running") RUNNING,
        @SerializedName("complete") COMPLETE,
        @SerializedName("interrupted") INTERRUPTED,
        /** A merge of some shards of a plan, not all ({@code merge --partial}). */
        @SerializedName("partial") PARTIAL
    }

    enum Status {
        @SerializedName("running") RUNNING,
        @SerializedName("ok") OK,
        @SerializedName("failed") FAILED,
        @SerializedName("skipped") SKIPPED,
        @SerializedName("timed-out") TIMED_OUT,
        @SerializedName("interrupted") INTERRUPTED
    }

    /**
     * A whole run. {@code finished} is null until the sweep ends (or is interrupted).
     * {@code cpuWork}: what one consumeCPU(work) cost in each configuration that ran the fan-out
     * with work (null in runs written before the fan-out existed).
     */
    record Run(int schema, String runId, State state, String started, String finished, Env.Machine machine,
            Settings settings, AsyncStatus asyncProfiler, List<Configuration> configurations, List<Job> jobs,
            List<CpuWork> cpuWork, Shard shard, List<Merged> mergedFrom, List<String> partial) {

        Run(int schema, String runId, State state, String started, String finished, Env.Machine machine,
                Settings settings, AsyncStatus asyncProfiler, List<Configuration> configurations, List<Job> jobs,
                List<CpuWork> cpuWork, Shard shard, List<Merged> mergedFrom) {
            this(schema, runId, state, started, finished, machine, settings, asyncProfiler, configurations, jobs,
                    cpuWork, shard, mergedFrom, null);
        }

        Run(int schema, String runId, State state, String started, String finished, Env.Machine machine,
                Settings settings, AsyncStatus asyncProfiler, List<Configuration> configurations, List<Job> jobs) {
            this(schema, runId, state, started, finished, machine, settings, asyncProfiler, configurations, jobs,
                    List.of(), null, null);
        }

        Run(int schema, String runId, State state, String started, String finished, Env.Machine machine,
                Settings settings, AsyncStatus asyncProfiler, List<Configuration> configurations, List<Job> jobs,
                List<CpuWork> cpuWork) {
            this(schema, runId, state, started, finished, machine, settings, asyncProfiler, configurations, jobs,
                    cpuWork, null, null);
        }

        /** The host a configuration ran on: its own (a merged run of several hosts), else the run's. */
        Env.Machine host(Configuration c) {
            return c.host() != null ? c.host() : machine;
        }

        /** The cost of consumeCPU(work) in a configuration, if this run measured it. */
        Optional<CpuWork> cpuWork(String label, int work) {
            return cpuWork == null ? Optional.empty() : cpuWork.stream()
                    .filter(c -> c.configuration().equals(label) && c.work() == work).findFirst();
        }

        Optional<Configuration> configuration(String label) {
            return configurations.stream().filter(c -> c.label().equals(label)).findFirst();
        }

        List<Job> jobs(String label) {
            return jobs.stream().filter(j -> j.configuration().equals(label)).toList();
        }

        /** Every id measured (with a score) in a configuration, at any ring size. */
        List<Measured> measured(String label) {
            return jobs(label).stream().flatMap(j -> j.results().stream()).filter(m -> m.score() != null).toList();
        }

        /** Every id measured in a configuration on one ring shape, or in the rendezvous (shape null). */
        List<Measured> measured(String label, Workload workload, Shape shape) {
            return measured(label, workload, shape, null);
        }

        /** Every id measured in a configuration in one series: a ring shape, the rendezvous, or a fan-out size. */
        List<Measured> measured(String label, Workload workload, Shape shape, FanOutSize fanOut) {
            return measured(label).stream().filter(m -> m.score().workload() == workload
                    && java.util.Objects.equals(m.score().shape(), shape)
                    && java.util.Objects.equals(m.score().fanOut(), fanOut)).toList();
        }

        /** Minutes from start to finish, or NaN while running. */
        double minutes() {
            if (finished == null) {
                return Double.NaN;
            }
            return java.time.Duration.between(java.time.Instant.parse(started), java.time.Instant.parse(finished))
                    .toMillis() / 60_000.0;
        }
    }

    /**
     * What the user asked for (null: the benchmark's default) and the profiling pass's shape.
     * {@code nodes}, {@code tokens}, {@code depths} and {@code works} are the ring parameters, one
     * series per combination (empty or null, as in runs written before they existed: the classic
     * 503 nodes, one token, no depth, no work); {@code forks}, {@code warmups} and
     * {@code iterations} are those of the scored passes. {@code workloads} (null or empty in runs
     * written before the rendezvous existed: the ring) and {@code values}, the rendezvous's values
     * per exchange (null: each id's own). {@code iterationMs}: the length of one JMH iteration (null:
     * the benchmark's, or a run written before iterations were timed); {@code longRun}: the
     * {@code --long} preset; {@code all}: every id, not the default selection; {@code passMs}: the
     * length a calibrated pass aims at (0 in older runs, whose passes had fixed sizes).
     */
    record Settings(List<Integer> nodes, Integer hops, boolean quick, List<String> includes, List<String> cpus,
            List<String> jdks, Integer forks, Integer warmups, Integer iterations, List<String> profilers,
            Profiling profiling, List<Integer> tokens, List<Integer> depths, List<Integer> works,
            List<Workload> workloads, Integer values, Integer iterationMs, boolean longRun, boolean all,
            int passMs, List<Integer> tasks, List<Integer> delaysMs, List<Integer> connections) {

        /** The echo server's default loads: the 2020 experiment's 100 connections, and 10,000. */
        static final List<Integer> ECHO_CONNECTIONS = List.of(100, 10_000);

        /** The echo server's series: connections held open by wrk ({@code --connections}). */
        List<Integer> connectionsRun() {
            return connections == null || connections.isEmpty() ? ECHO_CONNECTIONS : connections;
        }

        /** The fan-out's default work per task: none, and about 2.6 us (the jdk-dev thread's 3.8 us there). */
        static final List<Integer> FANOUT_WORKS = List.of(0, 1000);

        /** Every fan-out series: each tasks x delay x work (work: {@code --work} if given, else 0 and 1000). */
        List<FanOutSize> fanOuts() {
            List<FanOutSize> all = new ArrayList<>();
            for (int t : orDefault(tasks, threadring.core.FanOut.DEFAULT_TASKS)) {
                for (int d : orDefault(delaysMs, threadring.core.FanOut.DEFAULT_DELAY_MS)) {
                    for (int w : works == null || works.isEmpty() ? FANOUT_WORKS : works) {
                        all.add(new FanOutSize(t, d, w));
                    }
                }
            }
            return all;
        }

        /** The workloads run, the ring for runs written before there was another. */
        List<Workload> workloadsRun() {
            return workloads == null || workloads.isEmpty() ? List.of(Workload.RING) : workloads;
        }

        /** Every combination of the ring parameters, in order. */
        List<Shape> shapes() {
            List<Shape> all = new ArrayList<>();
            for (int n : orDefault(nodes, Rings.DEFAULT_NODES)) {
                for (int t : orDefault(tokens, 1)) {
                    for (int d : orDefault(depths, 0)) {
                        for (int w : orDefault(works, 0)) {
                            all.add(new Shape(n, t, d, w));
                        }
                    }
                }
            }
            return all;
        }

        private static List<Integer> orDefault(List<Integer> values, int value) {
            return values == null || values.isEmpty() ? List.of(value) : values;
        }
    }

    /**
     * The separate profiling pass: forks, warm-up and measured iterations per id, and the length of
     * an iteration (null in runs written before iterations were timed: one pass each).
     */
    record Profiling(int forks, int warmups, int iterations, Integer iterationMs) {}

    /** async-profiler: its library, and why it could not run (per configuration label). */
    record AsyncStatus(String library, Map<String, String> problems) {}

    /** One fan-out series: tasks per operation, each task's wait and its consumeCPU work. */
    record FanOutSize(int tasks, int delayMs, int work) {
        @Override
        public String toString() {
            return "tasks=" + tasks + " delay_ms=" + delayMs + " work=" + work;
        }
    }

    /** What one Blackhole.consumeCPU(work) cost in a configuration: ns per call, one list per fork. */
    record CpuWork(String configuration, int work, List<List<Double>> nsPerCall) {
        Stats.Summary summary() {
            return Stats.summarize(nsPerCall);
        }
    }

    /**
     * One JDK and cpu set; {@code cpus} null means unpinned. {@code host}: the machine it ran on,
     * set where a merged run holds several (its label then starts with the host name), else null:
     * the run's machine.
     */
    record Configuration(String label, String jdk, String cpus, Env.Jvm jvm, Env.Machine host) {
        Configuration(String label, String jdk, String cpus, Env.Jvm jvm) {
            this(label, jdk, cpus, jvm, null);
        }
    }

    /**
     * This run is slice {@code index} of {@code count} of the plan {@code plan} (a hash of its
     * settings and items), which has {@code planItems} items (configuration | series | id); this
     * slice's are {@code items}.
     */
    record Shard(String plan, int index, int count, int planItems, List<String> items) {}

    /** A run that went into a merged one: its id, folder, host and shard (null: not a shard). */
    record Merged(String runId, String dir, String host, Shard shard) {}

    /**
     * One JMH child: a benchmark narrowed to ids of the same hops, at one ring shape, or of the same
     * values in the rendezvous ({@code workload}; null in older runs: the ring), in one configuration.
     */
    record Job(String configuration, String benchmark, List<String> ids, int nodes, int hops, Status status,
            String reason, Integer exitStatus, List<Measured> results, Integer tokens, Integer depth, Integer work,
            Workload workload, Integer values, Integer tasks, Integer delayMs, Integer connections) {

        Job(String configuration, String benchmark, List<String> ids, int nodes, int hops, Status status,
                String reason, Integer exitStatus, List<Measured> results, Integer tokens, Integer depth, Integer work,
                Workload workload, Integer values) {
            this(configuration, benchmark, ids, nodes, hops, status, reason, exitStatus, results, tokens, depth, work,
                    workload, values, null, null, null);
        }

        Job(String configuration, String benchmark, List<String> ids, int nodes, int hops, Status status,
                String reason, Integer exitStatus, List<Measured> results, Integer tokens, Integer depth, Integer work,
                Workload workload, Integer values, Integer tasks, Integer delayMs) {
            this(configuration, benchmark, ids, nodes, hops, status, reason, exitStatus, results, tokens, depth, work,
                    workload, values, tasks, delayMs, null);
        }

        /** The same job with another status, reason and results (an interrupted one). */
        Job with(Status status, String reason, List<Measured> results) {
            return new Job(configuration, benchmark, ids, nodes, hops, status, reason, null, results, tokens, depth,
                    work, workload, values, tasks, delayMs, connections);
        }

        @Override
        public Workload workload() {
            return workload == null ? Workload.RING : workload;
        }

        /** The ring this job ran (older runs: the classic one), or null for the other workloads. */
        Shape shape() {
            return workload() == Workload.RING ? RunFile.shape(nodes, tokens, depth, work) : null;
        }

        /** The fan-out series this job ran, or null for the other workloads. */
        FanOutSize fanOut() {
            return workload() == Workload.FANOUT ? new FanOutSize(tasks, delayMs, work) : null;
        }

        String shortName() {
            String cls = benchmark.substring(0, benchmark.lastIndexOf('.'));
            return cls.substring(cls.lastIndexOf('.') + 1);
        }

        /** The ids of this job that have no score, with why. */
        Map<String, String> failures() {
            return ids.stream().filter(id -> results.stream().noneMatch(m -> m.id().equals(id) && m.measured()))
                    .collect(Collectors.toMap(id -> id, this::whyNot, (x, y) -> x, java.util.LinkedHashMap::new));
        }

        private String whyNot(String id) {
            return results.stream().filter(m -> m.id().equals(id) && m.error() != null).map(Measured::error)
                    .findFirst().orElse(reason != null ? reason : "no result (status " + status + ")");
        }
    }

    /** What a JMH child writes: the ids it has finished so far. */
    record JobResult(String benchmark, List<Measured> results) {}

    /** One id: its scored passes (or its echo server's repetitions under wrk), its profiling pass, or why it failed. */
    record Measured(String id, Score score, Profile profile, String error, EchoScore echo) {
        Measured(String id, Score score, Profile profile, String error) {
            this(id, score, profile, error, null);
        }

        Measured withProfile(Profile p) {
            return new Measured(id, score, p, error, echo);
        }

        /** Whether it has a result: a score, or the echo server's. */
        boolean measured() {
            return score != null || echo != null;
        }
    }

    /**
     * The echo server of one id at {@code connections} connections: one entry per repetition (a
     * fresh server JVM each, the unit of repetition as the fork is for JMH), each a warm-up of
     * {@code warmupSeconds} then {@code seconds} measured under wrk; the server pinned to
     * {@code serverCpus}, wrk to {@code wrkCpus} (null: unpinned).
     */
    record EchoScore(int connections, int warmupSeconds, int seconds, String serverCpus,
            String wrkCpus, List<EchoRepetition> repetitions) {

        /** Requests per second, one value per repetition. */
        Stats.Summary summary() {
            return of(EchoRepetition::requestsPerSecond);
        }

        /** Nanoseconds per request (10^9 / requests per second): the row's cost, lower is faster, as for every workload. */
        Stats.Summary nsPerRequest() {
            return of(r -> 1e9 / r.requestsPerSecond());
        }

        /** Any measure, one value per repetition (values of 0 or less are left out: no interval on a log scale). */
        Stats.Summary of(java.util.function.ToDoubleFunction<EchoRepetition> measure) {
            List<List<Double>> values = repetitions.stream().map(r -> measure.applyAsDouble(r))
                    .filter(v -> v > 0).map(v -> List.of(v)).toList();
            return values.isEmpty() ? null : Stats.summarize(values);
        }

        /** A measure of the server under load, the median over repetitions (NaN if none has it). */
        double load(java.util.function.ToDoubleFunction<ServerSample> measure) {
            return Stats.median(repetitions.stream().filter(r -> r.load() != null)
                    .mapToDouble(r -> measure.applyAsDouble(r.load())).filter(x -> x >= 0));
        }
    }

    /**
     * One repetition: what wrk counted in the measured window, and the server sampled idle (before
     * any load) and under load (each measure's median over samples taken every half second).
     * {@code bodyBytes}: each request's body; {@code socketErrors}: connect, read and write errors;
     * {@code timeouts}: responses later than wrk's timeout. A wrong echo or a status other than 200
     * is not here: it fails the id.
     */
    record EchoRepetition(long requests, double seconds, double requestsPerSecond, int bodyBytes, Latency latencyUs,
            long socketErrors, long timeouts, ServerSample idle, ServerSample load) {}

    /** wrk's latency distribution, in microseconds. */
    record Latency(double p50, double p90, double p99, double p999, double max, double mean) {}

    /**
     * The echo server's JVM at one moment: resident memory, heap used, the live threads the server
     * tracks (platform or virtual: one per connection for the thread-per-connection models), the
     * JVM's live platform threads, and its open files (-1 where /proc is missing), which count the
     * connections it has accepted and holds whatever the model.
     */
    record ServerSample(long rssBytes, long heapUsedBytes, int serverThreads, int jvmThreads, int openFiles) {}

    /**
     * The scored passes (no profiler): milliseconds per pass (a ring's pass or a rendezvous's
     * exchange), one list per fork with one value per measured JMH iteration (the mean over the
     * passes it ran; in runs written before iterations were timed, one single-shot pass). A ring's
     * score has its shape and hops; a rendezvous's ({@code workload}) its {@code values}.
     * {@code iterationMs} and {@code forkLog} say what each fork did (null in older runs).
     */
    record Score(String benchmark, int nodes, int hops, int warmups, List<String> jvmArgs,
            List<List<Double>> msPerPass, Integer tokens, Integer depth, Integer work, Workload workload,
            Integer values, Integer iterationMs, List<ForkLog> forkLog, Integer tasks, Integer delayMs) {

        Score(String benchmark, int nodes, int hops, int warmups, List<String> jvmArgs,
                List<List<Double>> msPerPass, Integer tokens, Integer depth, Integer work, Workload workload,
                Integer values, Integer iterationMs, List<ForkLog> forkLog) {
            this(benchmark, nodes, hops, warmups, jvmArgs, msPerPass, tokens, depth, work, workload, values,
                    iterationMs, forkLog, null, null);
        }

        @Override
        public Workload workload() {
            return workload == null ? Workload.RING : workload;
        }

        /** The ring's shape, or null for the other workloads. */
        Shape shape() {
            return workload() == Workload.RING ? RunFile.shape(nodes, tokens, depth, work) : null;
        }

        /** The fan-out series, or null for the other workloads. */
        FanOutSize fanOut() {
            return workload() == Workload.FANOUT ? new FanOutSize(tasks, delayMs, work) : null;
        }

        /** Steps per pass: hops around the ring, values exchanged, or 1 (a fan-out is timed per operation). */
        int steps() {
            return switch (workload()) {
                case RING -> hops;
                case RENDEZVOUS -> values;
                case FANOUT -> 1;
                case ECHO -> throw new IllegalStateException(Sweep.NO_ECHO);
            };
        }

        /** Nanoseconds per step (hop or exchanged value), per fork. */
        List<List<Double>> nsPerStep() {
            return msPerPass.stream().map(f -> f.stream().map(ms -> ms * 1e6 / steps()).toList()).toList();
        }

        Stats.Summary summary() {
            return Stats.summarize(nsPerStep());
        }
    }

    /** One JMH iteration: the passes it ran and their mean time. */
    record Iteration(long passes, double msPerPass) {
        double ms() {
            return passes * msPerPass;
        }
    }

    /**
     * What one fork did: its warm-up iterations, and how many passes each measured iteration ran
     * (their mean times are the fork's {@link Score#msPerPass}).
     */
    record ForkLog(List<Iteration> warmup, List<Long> measuredPasses) {
        double warmupMs() {
            return warmup.stream().mapToDouble(Iteration::ms).sum();
        }

        long warmupPasses() {
            return warmup.stream().mapToLong(Iteration::passes).sum();
        }
    }

    /**
     * The separate, shorter profiling pass: its ms per pass (to show what profiling cost), the gc
     * profiler's bytes per operation and milliseconds of collection per pass, JFR's hot methods,
     * and files (run-relative) that profilers wrote. {@code problem} says what did not work.
     */
    record Profile(List<String> profilers, List<Double> msPerPass, Double allocBytesPerOp, Double gcMsPerPass,
            List<HotMethod> hotMethods, long executionSamples, List<String> files, String problem) {}

    /** A method on top of the stack in {@code percent} of JFR's execution samples. */
    record HotMethod(String method, double percent) {}

    /** A recorded ring; missing fields (older runs) are the classic ring's. */
    static Shape shape(int nodes, Integer tokens, Integer depth, Integer work) {
        return new Shape(nodes > 0 ? nodes : Rings.DEFAULT_NODES, tokens == null ? 1 : tokens,
                depth == null ? 0 : depth, work == null ? 0 : work);
    }

    static boolean isRun(Path dir) {
        return Files.isRegularFile(dir.resolve(NAME));
    }

    static Run read(Path runDir) throws IOException {
        Path file = runDir.resolve(NAME);
        try {
            Run run = JSON.fromJson(Files.readString(file), Run.class);
            if (run == null || run.schema() != SCHEMA) {
                throw new UsageException(file + " has schema " + (run == null ? "none" : run.schema())
                        + ", this threadring reads schema " + SCHEMA + " (a run from another version)");
            }
            return run;
        } catch (JsonParseException e) {
            throw new UsageException(file + " is not a threadring run file: " + e.getMessage());
        }
    }

    static void write(Path runDir, Run run) throws IOException {
        writeJson(runDir.resolve(NAME), run);
    }

    /** Writes through a temporary file and a rename, so a reader never sees half a file. */
    static void writeJson(Path file, Object value) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, JSON.toJson(value));
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    static <T> T readJson(Path file, Class<T> type) throws IOException {
        return JSON.fromJson(Files.readString(file), type);
    }
}
