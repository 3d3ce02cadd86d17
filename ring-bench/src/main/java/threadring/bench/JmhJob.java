package threadring.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openjdk.jmh.profile.AsyncProfiler;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.profile.JavaFlightRecorderProfiler;
import org.openjdk.jmh.profile.StackProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
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
     * What to run: the ring of {@code shape} with {@code steps} hops per pass, or (shape null) the
     * rendezvous with {@code steps} values per exchange. Null forks, warmups and iterations mean
     * the benchmark's annotations. Paths are absolute; profiler files go under
     * {@code profileDir/<id>/}.
     */
    record Spec(String benchmark, List<String> ids, int steps, Shape shape, Integer forks, Integer warmups,
            Integer iterations, int timeoutMinutes, List<String> profilers, RunFile.Profiling profiling,
            String asyncLibrary, String runDir, String profileDir, String resultFile) {}

    private final Spec spec;
    private final List<Measured> done = new ArrayList<>();

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
            Measured m = score(id);
            done.add(m);
            write();
            if (m.score() == null) {
                allOk = false;
            } else if (!spec.profilers().isEmpty()) {
                done.set(done.size() - 1, m.withProfile(profile(id)));
                write();
            }
        }
        return allOk;
    }

    private void write() throws IOException {
        RunFile.writeJson(Path.of(spec.resultFile()), new JobResult(spec.benchmark(), List.copyOf(done)));
    }

    /**
     * One id, with a heap for its ring size and the id's own JVM flags (from its factory, the
     * only place they are written; never this JVM's flags), ms per pass, failing on any error.
     */
    private ChainedOptionsBuilder options(String id) {
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include("^" + Pattern.quote(spec.benchmark()) + "$")
                .param("impl", id);
        Shape shape = spec.shape();
        if (shape == null) {
            o.param("values", String.valueOf(spec.steps()));
        } else {
            o.param("hops", String.valueOf(spec.steps()))
                    .param("nodes", String.valueOf(shape.nodes()))
                    .param("tokens", String.valueOf(shape.tokens()))
                    .param("depth", String.valueOf(shape.depth()))
                    .param("work", String.valueOf(shape.work()));
        }
        return o.jvmArgs()
                .jvmArgsPrepend(Heap.flags(shape == null ? 2 : shape.nodes()).toArray(String[]::new))
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
        try {
            RunResult r = only(new Runner(o.build()).run(), id);
            List<List<Double>> forks = r.getBenchmarkResults().stream()
                    .map(fork -> fork.getIterationResults().stream().map(i -> ms(i.getPrimaryResult())).toList())
                    .toList();
            var params = r.getParams();
            int warmups = params.getWarmup().getCount();
            List<String> jvmArgs = List.copyOf(params.getJvmArgs());
            Score score = spec.shape() == null
                    ? new Score(params.getBenchmark(), 0, 0, warmups, jvmArgs, forks, null, null, null,
                            Workload.RENDEZVOUS, Integer.parseInt(params.getParam("values")))
                    : new Score(params.getBenchmark(), Integer.parseInt(params.getParam("nodes")), spec.steps(),
                            warmups, jvmArgs, forks, Integer.parseInt(params.getParam("tokens")),
                            Integer.parseInt(params.getParam("depth")), Integer.parseInt(params.getParam("work")),
                            Workload.RING, null);
            return new Measured(id, score, null, null);
        } catch (RunnerException | RuntimeException e) {
            return new Measured(id, null, null, describe(e));
        }
    }

    private Profile profile(String id) {
        Path dir = Path.of(spec.profileDir()).resolve(id);
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
        RunResult r = only(new Runner(o.build()).run(), id);
        List<Double> ms = r.getBenchmarkResults().stream().map(BenchmarkResult::getIterationResults)
                .flatMap(Collection::stream).map(i -> ms(i.getPrimaryResult())).toList();
        Map<String, Result> secondary = r.getAggregatedResult().getSecondaryResults();
        Double alloc = secondary.entrySet().stream().filter(e -> metric(e.getKey()).equals("gc.alloc.rate.norm"))
                .map(e -> e.getValue().getScore()).findFirst().orElse(null);
        // gc.time: milliseconds the collectors reported over the measured passes of the fork; the
        // gc profiler leaves it out when no collection ran
        Double gcMs = secondary.entrySet().stream().filter(e -> metric(e.getKey()).equals("gc.time"))
                .map(e -> e.getValue().getScore() / Math.max(1, ms.size())).findFirst()
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

    private static RunResult only(Collection<RunResult> results, String id) {
        if (results.size() != 1) {
            throw new IllegalStateException("expected one JMH result for " + id + ", got " + results.size());
        }
        return results.iterator().next();
    }

    /** A single-shot score in milliseconds (the options ask JMH for ms). */
    private static double ms(Result<?> r) {
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
