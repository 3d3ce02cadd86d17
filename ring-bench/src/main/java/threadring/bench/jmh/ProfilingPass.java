package threadring.bench.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
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
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import threadring.bench.data.Profile;
import threadring.bench.data.RunFile;
import threadring.bench.data.Settings;
import threadring.bench.util.Errors;

/**
 * One id's separate, shorter profiling pass, after its scored passes: the gc profiler's
 * allocation and collection time, JFR's hot methods, JMH's stack profiler or async-profiler's
 * flame graph. If async-profiler breaks the pass, it runs again without it. No score comes from it.
 */
final class ProfilingPass {

    private final HostSpec spec;
    private final HostSpec.Config config;
    private final HostSpec.Task task;
    private final String id;
    private final Supplier<ChainedOptionsBuilder> options;
    private RunResult result;

    /** {@code options}: the task's JMH options, as its scored passes ran them. */
    ProfilingPass(HostSpec spec, HostSpec.Config config, HostSpec.Task task, Supplier<ChainedOptionsBuilder> options) {
        this.spec = spec;
        this.config = config;
        this.task = task;
        this.id = task.id();
        this.options = options;
    }

    /** What JMH returned for the pass, or null if it failed. */
    RunResult result() {
        return result;
    }

    Profile run() {
        Path dir = Path.of(spec.runDir()).resolve(RunFile.PROFILES).resolve(config.label())
                .resolve(id).resolve(task.job());
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
            return run(dir, profilers, problem);
        } catch (RunnerException | RuntimeException e) {
            if (!profilers.contains("async")) {
                return Profile.failed(profilers, Errors.describe(e));
            }
            profilers.remove("async");
            String why = "async-profiler broke the profiling pass (" + Errors.describe(e) + "); profiled again without it";
            try {
                return run(dir, profilers, why);
            } catch (RunnerException | RuntimeException again) {
                return Profile.failed(profilers, why + ", which failed too: " + Errors.describe(again));
            }
        }
    }

    private Profile run(Path dir, List<String> profilers, String problem) throws RunnerException {
        Settings.Profiling p = spec.profiling();
        ChainedOptionsBuilder o = options.get().forks(p.forks()).warmupIterations(p.warmups())
                .measurementIterations(p.iterations());
        OneFork.iterationTime(o, p.iterationMs());
        for (String name : profilers) {
            switch (name) {
                case "gc" -> o.addProfiler(GCProfiler.class);
                case "stack" -> o.addProfiler(StackProfiler.class, Profilers.STACK_OPTIONS);
                case "jfr" -> o.addProfiler(JavaFlightRecorderProfiler.class, "dir=" + dir.resolve("jfr"));
                // every millisecond (its default, 10 ms, gave a profiled Skynet operation of about a second
                // some 200 samples), and the stacks as text beside the graph, for shares to be counted from them
                case "async" -> o.addProfiler(AsyncProfiler.class, "libPath=" + spec.asyncLibrary()
                        + ";output=flamegraph,collapsed;event=cpu;interval=" + Profilers.ASYNC_INTERVAL_NS + ";dir="
                        + dir.resolve("async"));
                default -> throw new IllegalArgumentException("unknown profiler " + name);
            }
        }
        RunResult r;
        try (Watchdog watchdog = new Watchdog(id, Duration.ofMinutes(spec.timeoutMinutes()))) {
            try {
                r = OneFork.only(JmhLock.waiting(() -> new Runner(o.build(), new IterationLog(OneFork.console(),
                        (w, f, i, it) -> watchdog.progress())).run(), JmhLock.WAIT, System.out::println), id);
            } catch (RunnerException | RuntimeException e) {
                if (watchdog.fired() != null) {
                    throw new IllegalStateException(watchdog.fired(), e);
                }
                throw e;
            }
        }
        result = r;
        List<IterationResult> measured = r.getBenchmarkResults().stream().map(BenchmarkResult::getIterationResults)
                .flatMap(Collection::stream).toList();
        List<Double> ms = measured.stream().map(i -> JmhScores.ms(i.getPrimaryResult())).toList();
        long passes = measured.stream().mapToLong(i -> i.getMetadata().getMeasuredOps()).sum();
        Map<String, Result> secondary = r.getAggregatedResult().getSecondaryResults();
        Double alloc = secondary.entrySet().stream().filter(e -> JmhScores.metric(e.getKey()).equals("gc.alloc.rate.norm"))
                .map(e -> e.getValue().getScore()).findFirst().orElse(null);
        // gc.time: milliseconds the collectors reported over all measured iterations (JMH sums
        // them); the gc profiler leaves it out when no collection ran
        Double gcMs = secondary.entrySet().stream().filter(e -> JmhScores.metric(e.getKey()).equals("gc.time"))
                .map(e -> e.getValue().getScore() / Math.max(1, passes)).findFirst()
                .orElse(alloc != null ? 0.0 : null);
        try {
            secondary.entrySet().stream().filter(e -> JmhScores.metric(e.getKey()).equals("stack")).findFirst().ifPresent(e -> {
                try {
                    Files.createDirectories(dir);
                    Files.writeString(dir.resolve("stack.txt"), e.getValue().extendedInfo());
                } catch (IOException ex) {
                    throw new UncheckedIOException(ex);
                }
            });
            HotMethods hot = HotMethods.read(files(dir, "profile.jfr"));
            List<String> written = new ArrayList<>();
            for (Path f : files(dir, "")) {
                String name = f.getFileName().toString();
                if (name.endsWith(".html") || name.endsWith(".jfr") || name.equals("stack.txt")) {
                    written.add(Path.of(spec.runDir()).relativize(f).toString().replace('\\', '/'));
                }
            }
            return new Profile(profilers, ms, alloc, gcMs, hot.top(HotMethods.SHOWN), hot.samples(),
                    profilers.contains("jfr") ? hot.pinned() : null, written, problem);
        } catch (IOException | UncheckedIOException e) {
            return new Profile(profilers, ms, alloc, gcMs, List.of(), 0, null, List.of(),
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
}
