package threadring.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openjdk.jmh.profile.AsyncProfiler;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.profile.JavaFlightRecorderProfiler;
import org.openjdk.jmh.profile.StackProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import threadring.bench.RunFile.HotMethod;
import threadring.bench.RunFile.JobResult;
import threadring.bench.RunFile.Measured;
import threadring.bench.RunFile.Profile;
import threadring.bench.RunFile.Score;
import threadring.core.RingFactories;
import threadring.core.Shape;
import threadring.core.Workload;

/**
 * The JMH child of a sweep, one per benchmark class, hops and configuration, started by
 * {@link Sweep} as {@code [taskset -c CPUS] JDK/bin/java -cp benchmarks.jar threadring.bench.JmhJob
 * SPEC.json}. It runs JMH through its Runner API one id at a time: first the scored passes with
 * no profiler, then (if profilers are asked for) a separate, shorter profiling pass, and writes
 * the job's {@link JobResult} after each step, so that what finished survives a crash or Ctrl-C.
 * JMH's forks inherit the taskset of this process.
 */
public final class JmhJob {

    /**
     * What to run: the ring of {@code shape} with {@code steps} hops per pass, the fan-out of
     * {@code fanOut}, or (both null) the rendezvous with {@code steps} values per exchange; for the
     * ring and the rendezvous null steps mean each id's own, calibrated in a
     * JVM of its own so that a pass lasts about {@code passMs} ({@link Calibrate}, spending
     * {@code calibrationMs} on it). Null forks, warmups and iterations mean
     * the benchmark's annotations, as does a null {@code iterationMs} (the length of a warm-up or
     * measured iteration). Paths are absolute; profiler files go under
     * {@code profileDir/<id>/<job>/} ({@code <job>} is the result file's name: one directory per
     * series, so that a second series' profile never reads the first one's recordings).
     */
    record Spec(String benchmark, List<String> ids, Integer steps, Shape shape, RunFile.FanOutSize fanOut,
            Integer forks, Integer warmups,
            Integer iterations, Integer iterationMs, int timeoutMinutes, List<String> profilers,
            RunFile.Profiling profiling, String asyncLibrary, String runDir, String profileDir, String resultFile,
            int passMs, int calibrationMs, String configuration) {}

    private final Spec spec;
    private final List<Measured> done = new ArrayList<>();
    /** Steps per pass by id: the spec's for all, or each id's calibrated count. */
    private final Map<String, Integer> steps = new HashMap<>();
    /** Why an id has no steps (its calibration failed). */
    private final Map<String, String> uncalibrated = new HashMap<>();

    private JmhJob(Spec spec) {
        this.spec = spec;
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: JmhJob SPEC.json (started by the sweep)");
            System.exit(2);
        }
        JmhJob job = new JmhJob(RunFile.readJson(Path.of(args[0]), Spec.class));
        boolean allOk = job.run();
        System.exit(allOk ? 0 : 1);
    }

    private boolean run() throws IOException {
        boolean allOk = true;
        for (String id : spec.ids()) {
            scored = null;
            profiled = null;
            Measured m = steps(id) == null ? new Measured(id, null, null, uncalibrated.get(id)) : score(id);
            done.add(m);
            write();
            if (m.score() == null) {
                allOk = false;
            } else if (!spec.profilers().isEmpty()) {
                done.set(done.size() - 1, m.withProfile(profile(id)));
                write();
            }
            if (scored != null) {
                addProfile(scored, profiled);
                jmhResults.add(scored);
                writeJmh();
            }
        }
        return allOk;
    }

    /** JMH's own results of the ids scored so far, for the run's jmh-result.json. */
    private final List<RunResult> jmhResults = new ArrayList<>();
    /** The current id's scored result and its profiling pass's, as JMH returned them. */
    private RunResult scored;
    private RunResult profiled;

    /**
     * The profiling pass's secondary metrics (gc.alloc.rate.norm, gc.time, ...) added to the scored
     * result, as JMH adds a profiler's benchmark-level results, so that JMH's JSON carries them
     * beside the scored iterations they did not disturb.
     */
    private static void addProfile(RunResult scored, RunResult profiled) {
        if (profiled == null || scored.getBenchmarkResults().isEmpty()) {
            return;
        }
        BenchmarkResult first = scored.getBenchmarkResults().iterator().next();
        profiled.getAggregatedResult().getSecondaryResults().values().forEach(first::addBenchmarkResult);
    }

    /** JMH's own JSON result format (as {@code -rf json} writes it) of this job's ids so far. */
    private void writeJmh() throws IOException {
        Path file = Path.of(spec.resultFile().replaceAll("\\.json$", JMH_SUFFIX));
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (java.io.PrintStream out = new java.io.PrintStream(Files.newOutputStream(tmp), true,
                java.nio.charset.StandardCharsets.UTF_8)) {
            org.openjdk.jmh.results.format.ResultFormatFactory
                    .getInstance(org.openjdk.jmh.results.format.ResultFormatType.JSON, out).writeOut(jmhResults);
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** A job's JMH JSON file ends so, beside its results. */
    static final String JMH_SUFFIX = ".jmh.json";

    /**
     * The id's steps per pass, calibrating it with every other id of this job that starts its
     * JVMs with the same flags (one calibration JVM per set of flags); null if that failed.
     */
    private Integer steps(String id) {
        if (spec.steps() != null || spec.fanOut() != null) {
            return spec.steps() != null ? spec.steps() : 1; // a fan-out is one operation, sized by its tasks
        }
        if (!steps.containsKey(id) && !uncalibrated.containsKey(id)) {
            List<String> flags = jvmFlags(id);
            List<String> group = spec.ids().stream().filter(x -> jvmFlags(x).equals(flags)).toList();
            calibrate(group, flags);
        }
        return steps.get(id);
    }

    private void calibrate(List<String> ids, List<String> flags) {
        try {
            Path out = Files.createTempFile(Path.of(spec.runDir()), ".calibrate", ".json");
            try {
                List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow()));
                cmd.addAll(flags);
                cmd.addAll(List.of("-cp", Cli.jar().toString(), Cli.class.getName(), "calibrate", "--workload",
                        spec.shape() == null ? Workload.RENDEZVOUS.label() : Workload.RING.label(), "--target-ms",
                        String.valueOf(spec.passMs()), "--budget-ms", String.valueOf(spec.calibrationMs()), "--out",
                        out.toString()));
                if (spec.shape() != null) {
                    Shape shape = spec.shape();
                    cmd.addAll(List.of("--nodes", String.valueOf(shape.nodes()), "--tokens",
                            String.valueOf(shape.tokens()), "--depth", String.valueOf(shape.depth()), "--work",
                            String.valueOf(shape.work())));
                }
                ids.forEach(id -> cmd.addAll(List.of("--id", id)));
                System.out.println("threadring: calibrating " + ids + " to passes of about " + spec.passMs() + " ms");
                Processes.Exit exit = Processes.stream(cmd, CALIBRATION_TIMEOUT.multipliedBy(ids.size()),
                        System.out::println);
                Calibrate.Calibrated[] results = Files.size(out) == 0 ? new Calibrate.Calibrated[0]
                        : RunFile.readJson(out, Calibrate.Calibrated[].class);
                for (Calibrate.Calibrated c : results) {
                    if (c.result() != null) {
                        steps.put(c.id(), c.result().steps());
                        System.out.printf(Locale.ROOT, "threadring: %s: %,d steps per pass (%.1f ns per step)%n", c.id(),
                                c.result().steps(), c.result().nsPerStep());
                    } else {
                        uncalibrated.put(c.id(), c.error());
                    }
                }
                String why = exit.timedOut() ? "calibration did not end within "
                        + CALIBRATION_TIMEOUT.multipliedBy(ids.size()).toSeconds() + " s (deadlock?)"
                        : "calibration JVM exited with status " + exit.status() + ": " + exit.oneLine();
                ids.stream().filter(id -> !steps.containsKey(id)).forEach(id -> uncalibrated.putIfAbsent(id, why));
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            ids.forEach(id -> uncalibrated.putIfAbsent(id, "could not calibrate: " + describe(e)));
        }
    }

    /**
     * Ends a hung id: when no JMH iteration has ended for {@code limit} (a fork's start and setup
     * included), it kills this JVM's child processes, JMH's forks, so JMH fails the id and the job
     * goes on with the next. JMH's own timeout only interrupts, which a spinning benchmark ignores
     * (cats-effect's work-stealing pool once spun for minutes in a fan-out).
     */
    static final class Watchdog implements AutoCloseable {
        private final String id;
        private final Duration limit;
        private final Thread thread;
        private volatile long last = System.nanoTime();
        private volatile String fired;
        private volatile boolean closed;

        Watchdog(String id, Duration limit) {
            this.id = id;
            this.limit = limit;
            thread = new Thread(this::watch, "watchdog " + id);
            thread.setDaemon(true);
            thread.start();
        }

        void progress() {
            last = System.nanoTime();
        }

        /** Why it killed the forks, or null. */
        String fired() {
            return fired;
        }

        private void watch() {
            while (!closed) {
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
                if (!closed && System.nanoTime() - last > limit.toNanos()) {
                    fired = id + ": no JMH iteration ended within " + limit.toMinutes() + " min (hung?); its fork was "
                            + "killed";
                    System.out.println("threadring: " + fired);
                    ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
                    last = System.nanoTime();
                }
            }
        }

        @Override
        public void close() {
            closed = true;
            thread.interrupt();
        }
    }

    /** How long one id's calibration may take before it counts as hung. */
    static final Duration CALIBRATION_TIMEOUT = Duration.ofMinutes(3);

    /** The flags of the id's JMH forks, which its calibration JVM starts with too. */
    private List<String> jvmFlags(String id) {
        List<String> flags = new ArrayList<>(heap());
        flags.addAll(Processes.quietUnsafe(Runtime.version().feature()));
        flags.addAll(RingFactories.load().require(id).jvmArgs());
        return flags;
    }

    /** The forks' heap: by the ring's nodes, or the fan-out's tasks (each lives at once). */
    private List<String> heap() {
        return Heap.flags(spec.shape() != null ? spec.shape().nodes() : spec.fanOut() != null ? spec.fanOut().tasks() : 2);
    }

    private void write() throws IOException {
        RunFile.writeJson(Path.of(spec.resultFile()), new JobResult(spec.benchmark(), List.copyOf(done)));
    }

    /**
     * One id, with a heap for its ring size and the id's own JVM flags (from its factory, the
     * only place they are written; never this JVM's flags), ms per pass, failing on any error.
     */
    private ChainedOptionsBuilder options(String id) {
        int n = steps(id);
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include("^" + Pattern.quote(spec.benchmark()) + "$")
                .param("impl", id)
                .param("configuration", spec.configuration());
        Shape shape = spec.shape();
        RunFile.FanOutSize fanOut = spec.fanOut();
        if (fanOut != null) {
            o.param("tasks", String.valueOf(fanOut.tasks()))
                    .param("delayMs", String.valueOf(fanOut.delayMs()))
                    .param("work", String.valueOf(fanOut.work()));
        } else if (shape == null) {
            o.param("values", String.valueOf(n));
        } else {
            o.param("hops", String.valueOf(n))
                    .param("nodes", String.valueOf(shape.nodes()))
                    .param("tokens", String.valueOf(shape.tokens()))
                    .param("depth", String.valueOf(shape.depth()))
                    .param("work", String.valueOf(shape.work()));
        }
        return o.jvmArgs()
                .jvmArgsPrepend(java.util.stream.Stream.concat(heap().stream(),
                        Processes.quietUnsafe(Runtime.version().feature()).stream()).toArray(String[]::new))
                .jvmArgsAppend(RingFactories.load().require(id).jvmArgs().toArray(String[]::new))
                .timeUnit(TimeUnit.MILLISECONDS)
                .timeout(TimeValue.minutes(spec.timeoutMinutes()))
                .shouldFailOnError(true);
    }

    private Measured score(String id) {
        ChainedOptionsBuilder o = options(id);
        if (spec.forks() != null) {
            o.forks(spec.forks());
        }
        if (spec.warmups() != null) {
            o.warmupIterations(spec.warmups());
        }
        if (spec.iterations() != null) {
            o.measurementIterations(spec.iterations());
        }
        iterationTime(o, spec.iterationMs());
        Watchdog watchdog = new Watchdog(id, Duration.ofMinutes(spec.timeoutMinutes()));
        IterationLog log = new IterationLog(console(), (warmup, fork, i, it) -> watchdog.progress());
        try (watchdog) {
            RunResult r = only(new Runner(o.build(), log).run(), id);
            List<List<Double>> forks = r.getBenchmarkResults().stream()
                    .map(fork -> fork.getIterationResults().stream().map(i -> ms(i.getPrimaryResult())).toList())
                    .toList();
            var params = r.getParams();
            int warmups = params.getWarmup().getCount();
            int iterationMs = (int) params.getMeasurement().getTime().convertTo(TimeUnit.MILLISECONDS);
            List<String> jvmArgs = List.copyOf(params.getJvmArgs());
            List<RunFile.ForkLog> forkLog = log.forks();
            if (forkLog.size() != forks.size()) {
                throw new IllegalStateException("JMH reported " + forks.size() + " forks of " + id + " but "
                        + forkLog.size() + " forks' iterations");
            }
            Score score = spec.fanOut() != null
                    ? new Score(params.getBenchmark(), 0, 0, warmups, jvmArgs, forks, null, null,
                            Integer.parseInt(params.getParam("work")), Workload.FANOUT, null, iterationMs, forkLog,
                            Integer.parseInt(params.getParam("tasks")), Integer.parseInt(params.getParam("delayMs")))
                    : spec.shape() == null
                    ? new Score(params.getBenchmark(), 0, 0, warmups, jvmArgs, forks, null, null, null,
                            Workload.RENDEZVOUS, Integer.parseInt(params.getParam("values")), iterationMs, forkLog)
                    : new Score(params.getBenchmark(), Integer.parseInt(params.getParam("nodes")),
                            Integer.parseInt(params.getParam("hops")),
                            warmups, jvmArgs, forks, Integer.parseInt(params.getParam("tokens")),
                            Integer.parseInt(params.getParam("depth")), Integer.parseInt(params.getParam("work")),
                            Workload.RING, null, iterationMs, forkLog);
            scored = r;
            return new Measured(id, score, null, null);
        } catch (RunnerException | RuntimeException e) {
            return new Measured(id, null, null, watchdog.fired() != null ? watchdog.fired() : describe(e));
        }
    }

    private Profile profile(String id) {
        String job = Path.of(spec.resultFile()).getFileName().toString().replaceAll("\\.json$", "");
        Path dir = Path.of(spec.profileDir()).resolve(id).resolve(job);
        // gc innermost: JMH starts profilers in this order and stops them in reverse, so the
        // allocation of starting and stopping a JFR recording or async-profiler is not counted.
        List<String> profilers = new ArrayList<>(spec.profilers());
        profilers.sort(Comparator.comparingInt(List.of("jfr", "async", "stack", "gc")::indexOf));
        String problem = null;
        if (profilers.contains("async") && spec.asyncLibrary() == null) {
            profilers.remove("async");
            problem = "async-profiler was unavailable";
        }
        try {
            return profile(id, dir, profilers, problem);
        } catch (RunnerException | RuntimeException e) {
            if (!profilers.contains("async")) {
                return failed(profilers, describe(e));
            }
            profilers.remove("async");
            String why = "async-profiler broke the profiling pass (" + describe(e) + "); profiled again without it";
            try {
                return profile(id, dir, profilers, why);
            } catch (RunnerException | RuntimeException again) {
                return failed(profilers, why + ", which failed too: " + describe(again));
            }
        }
    }

    private static Profile failed(List<String> profilers, String problem) {
        return new Profile(profilers, List.of(), null, null, List.of(), 0, List.of(), problem);
    }

    private Profile profile(String id, Path dir, List<String> profilers, String problem) throws RunnerException {
        RunFile.Profiling p = spec.profiling();
        ChainedOptionsBuilder o = options(id).forks(p.forks()).warmupIterations(p.warmups())
                .measurementIterations(p.iterations());
        iterationTime(o, p.iterationMs());
        for (String name : profilers) {
            switch (name) {
                case "gc" -> o.addProfiler(GCProfiler.class);
                case "stack" -> o.addProfiler(StackProfiler.class, Profilers.STACK_OPTIONS);
                case "jfr" -> o.addProfiler(JavaFlightRecorderProfiler.class, "dir=" + dir.resolve("jfr"));
                case "async" -> o.addProfiler(AsyncProfiler.class, "libPath=" + spec.asyncLibrary()
                        + ";output=flamegraph;event=cpu;dir=" + dir.resolve("async"));
                default -> throw new IllegalArgumentException("unknown profiler " + name);
            }
        }
        RunResult r;
        try (Watchdog watchdog = new Watchdog(id, Duration.ofMinutes(spec.timeoutMinutes()))) {
            try {
                r = only(new Runner(o.build(), new IterationLog(console(), (w, f, i, it) -> watchdog.progress())).run(),
                        id);
            } catch (RunnerException | RuntimeException e) {
                if (watchdog.fired() != null) {
                    throw new IllegalStateException(watchdog.fired(), e);
                }
                throw e;
            }
        }
        profiled = r;
        List<IterationResult> measured = r.getBenchmarkResults().stream().map(BenchmarkResult::getIterationResults)
                .flatMap(Collection::stream).toList();
        List<Double> ms = measured.stream().map(i -> ms(i.getPrimaryResult())).toList();
        long passes = measured.stream().mapToLong(i -> i.getMetadata().getMeasuredOps()).sum();
        Map<String, Result> secondary = r.getAggregatedResult().getSecondaryResults();
        Double alloc = secondary.entrySet().stream().filter(e -> metric(e.getKey()).equals("gc.alloc.rate.norm"))
                .map(e -> e.getValue().getScore()).findFirst().orElse(null);
        // gc.time: milliseconds the collectors reported over all measured iterations (JMH sums
        // them); the gc profiler leaves it out when no collection ran
        Double gcMs = secondary.entrySet().stream().filter(e -> metric(e.getKey()).equals("gc.time"))
                .map(e -> e.getValue().getScore() / Math.max(1, passes)).findFirst()
                .orElse(alloc != null ? 0.0 : null);
        try {
            secondary.entrySet().stream().filter(e -> metric(e.getKey()).equals("stack")).findFirst().ifPresent(e -> {
                try {
                    Files.createDirectories(dir);
                    Files.writeString(dir.resolve("stack.txt"), e.getValue().extendedInfo());
                } catch (IOException ex) {
                    throw new UncheckedIOException(ex);
                }
            });
            List<Path> recordings = files(dir, "profile.jfr");
            HotMethods hot = HotMethods.read(recordings);
            List<String> written = new ArrayList<>();
            for (Path f : files(dir, "")) {
                String name = f.getFileName().toString();
                if (name.endsWith(".html") || name.endsWith(".jfr") || name.equals("stack.txt")) {
                    written.add(Path.of(spec.runDir()).relativize(f).toString().replace('\\', '/'));
                }
            }
            return new Profile(profilers, ms, alloc, gcMs, hot.top(HotMethods.SHOWN), hot.samples(), written, problem);
        } catch (IOException | UncheckedIOException e) {
            return new Profile(profilers, ms, alloc, gcMs, List.<HotMethod>of(), 0, List.of(),
                    (problem == null ? "" : problem + "; ") + "could not read the profilers' files: " + e.getMessage());
        }
    }

    /** Files under {@code dir} whose name ends with {@code suffix}, sorted. */
    private static List<Path> files(Path dir, String suffix) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).filter(f -> f.getFileName().toString().endsWith(suffix)).sorted()
                    .toList();
        }
    }

    /** Warm-up and measured iterations of {@code ms} each; null keeps the benchmark's annotations. */
    private static void iterationTime(ChainedOptionsBuilder o, Integer ms) {
        if (ms != null) {
            o.warmupTime(TimeValue.milliseconds(ms)).measurementTime(TimeValue.milliseconds(ms));
        }
    }

    /** JMH's own console text, on this process's standard output (the sweep keeps it in console.log). */
    private static OutputFormat console() {
        return OutputFormatFactory.createFormatInstance(System.out, VerboseMode.NORMAL);
    }

    private static RunResult only(Collection<RunResult> results, String id) {
        if (results.size() != 1) {
            throw new IllegalStateException("expected one JMH result for " + id + ", got " + results.size());
        }
        return results.iterator().next();
    }

    /** A score in milliseconds per pass (the options ask JMH for ms). */
    static double ms(Result<?> r) {
        if (!"ms/op".equals(r.getScoreUnit())) {
            throw new IllegalStateException("expected ms/op from JMH, got " + r.getScoreUnit());
        }
        return r.getScore();
    }

    /** A secondary metric's name without a prefix JMH may put before it ("·gc.alloc.rate.norm"). */
    static String metric(String key) {
        int i = 0;
        while (i < key.length() && !Character.isLetterOrDigit(key.charAt(i))) {
            i++;
        }
        return key.substring(i);
    }

    /**
     * One line for a failed run: JMH wraps what the benchmark threw (in the fork) in a
     * BenchmarkException, as suppressed exceptions.
     */
    static String describe(Throwable e) {
        List<String> parts = new ArrayList<>();
        collect(e, parts, 0);
        return String.join(" <- ", parts).replaceAll("\\s+", " ").strip();
    }

    private static void collect(Throwable e, List<String> parts, int depth) {
        if (e == null || depth > 8) {
            return;
        }
        boolean wrapper = e instanceof RunnerException || e instanceof org.openjdk.jmh.runner.BenchmarkException;
        if (!wrapper) {
            parts.add(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        for (Throwable s : e.getSuppressed()) {
            collect(s, parts, depth + 1);
        }
        if (e.getCause() != e) {
            collect(e.getCause(), parts, depth + 1);
        }
    }
}
