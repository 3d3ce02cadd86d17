package threadring.bench.jmh;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import threadring.bench.data.Job;
import threadring.bench.data.Measured;
import threadring.bench.data.RunFile;
import threadring.bench.data.Score;
import threadring.bench.data.Settings;
import threadring.bench.stats.Forks;
import threadring.bench.stats.Stats;
import threadring.bench.util.Errors;
import threadring.bench.util.Heap;
import threadring.bench.util.Processes;
import threadring.core.RingFactories;

/**
 * The JMH child of a sweep, one per job, started as {@code [taskset -c CPUS] JDK/bin/java -cp
 * benchmarks.jar threadring.bench.jmh.JmhJob SPEC.json}. It runs JMH through its Runner API one id
 * at a time: first the scored passes with no profiler, then (if profilers are asked for) a
 * separate, shorter profiling pass ({@link ProfilingPass}), and writes the job's
 * {@link Job.Result} after each step, so that what finished survives a crash or Ctrl-C. JMH's
 * forks inherit the taskset of this process.
 */
public final class JmhJob {

    private final JobSpec spec;
    private final Calibrations calibrations;
    private final List<Measured> done = new ArrayList<>();
    /** JMH's own results of the ids scored so far, for the run's jmh-result.json. */
    private final List<RunResult> jmhResults = new ArrayList<>();

    private JmhJob(JobSpec spec) {
        this.spec = spec;
        this.calibrations = new Calibrations(spec, this::jvmFlags);
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: JmhJob SPEC.json (started by the sweep)");
            System.exit(2);
        }
        JmhJob job = new JmhJob(RunFile.readJson(Path.of(args[0]), JobSpec.class));
        System.exit(job.run() ? 0 : 1);
    }

    private boolean run() throws IOException {
        boolean allOk = true;
        for (String id : spec.ids()) {
            // a limit of the machine or of this JDK (OS threads, a pinned carrier): a result, not a run
            java.util.Optional<String> limit = RingFactories.load().require(id).cannotOpen(spec.size().population());
            if (limit.isPresent()) {
                System.out.println("threadring: " + id + " cannot run here: " + limit.get());
                done.add(Measured.limited(id, limit.get()));
                write();
                continue;
            }
            Integer steps = calibrations.steps(id);
            RunResult[] scored = new RunResult[1];
            Measured m = steps == null ? Measured.failed(id, calibrations.why(id)) : score(id, steps, scored);
            done.add(m);
            write();
            if (m.score() == null) {
                allOk = false;
                continue;
            }
            RunResult profiled = null;
            if (!spec.profilers().isEmpty()) {
                ProfilingPass pass = new ProfilingPass(spec, id, () -> options(id, steps));
                done.set(done.size() - 1, m.withProfile(pass.run()));
                profiled = pass.result();
                write();
            }
            addProfile(scored[0], profiled);
            jmhResults.add(scored[0]);
            writeJmh();
        }
        return allOk;
    }

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
        Path file = Path.of(spec.resultFile().replaceAll("\\.json$", RunFile.JMH_SUFFIX));
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (PrintStream out = new PrintStream(Files.newOutputStream(tmp), true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, out).writeOut(jmhResults);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The flags of the id's JMH forks, which its calibration JVM starts with too. */
    private List<String> jvmFlags(String id) {
        List<String> flags = new ArrayList<>(Heap.flags(spec.size().population()));
        flags.addAll(Processes.quietUnsafe(Runtime.version().feature()));
        flags.addAll(RingFactories.load().require(id).jvmArgs());
        return flags;
    }

    private void write() throws IOException {
        RunFile.writeJson(Path.of(spec.resultFile()), new Job.Result(spec.size().benchmark(), List.copyOf(done)));
    }

    /**
     * One id at {@code steps} steps per pass, with a heap for its size and the id's own JVM flags
     * (from its factory, the only place they are written; never this JVM's flags), ms per pass,
     * failing on any error.
     */
    private ChainedOptionsBuilder options(String id, int steps) {
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include("^" + Pattern.quote(spec.size().benchmark()) + "$")
                .param("impl", id)
                .param("configuration", spec.configuration());
        spec.size().params(steps).forEach(o::param);
        return o.jvmArgs()
                .jvmArgsPrepend(Stream.concat(Heap.flags(spec.size().population()).stream(),
                        Processes.quietUnsafe(Runtime.version().feature()).stream()).toArray(String[]::new))
                .jvmArgsAppend(RingFactories.load().require(id).jvmArgs().toArray(String[]::new))
                .timeUnit(TimeUnit.MILLISECONDS)
                .timeout(TimeValue.minutes(spec.timeoutMinutes()))
                .shouldFailOnError(true);
    }

    /**
     * The id's scored passes: its first forks, then more (a batch at a time, each a Runner of its
     * own) until {@link Forks} says its interval is within the precision asked or the cap is reached.
     */
    private Measured score(String id, int steps, RunResult[] scored) {
        Settings.Scored s = spec.scored();
        IterationLog log = new IterationLog(console(), (warmup, fork, i, it) -> { });
        List<RunResult> batches = new ArrayList<>();
        List<List<Double>> forks = new ArrayList<>();
        int batch = s.startForks();
        try {
            while (batch > 0) {
                RunResult r = batch(id, steps, batch, log);
                batches.add(r);
                r.getBenchmarkResults().forEach(fork -> forks.add(fork.getIterationResults().stream()
                        .map(i -> ms(i.getPrimaryResult())).toList()));
                Stats.Summary summary = Stats.summarize(forks.stream()
                        .map(f -> f.stream().map(ms -> ms * 1e6 / steps).toList()).toList());
                batch = Forks.more(summary, s.precision() / 100.0, s.maxForks());
                if (batch > 0) {
                    System.out.println("threadring: " + id + ": " + forks.size() + (forks.size() == 1 ? " fork, "
                            : " forks, ") + (summary.flag() != null ? summary.unstable() : forks.size() < 2
                            ? "no spread yet" : String.format(Locale.ROOT, "+-%.1f%%", summary.precision() * 100))
                            + "; adding " + batch + " fork(s), up to " + s.maxForks());
                }
            }
            RunResult r = MoreForks.merge(batches);
            var params = r.getParams();
            List<Score.ForkLog> forkLog = log.forks();
            if (forkLog.size() != forks.size()) {
                throw new IllegalStateException("JMH reported " + forks.size() + " forks of " + id + " but "
                        + forkLog.size() + " forks' iterations");
            }
            scored[0] = r;
            return Measured.scored(id, new Score.Passes(params.getBenchmark(), steps, params.getWarmup().getCount(),
                    List.copyOf(params.getJvmArgs()), List.copyOf(forks),
                    (int) params.getMeasurement().getTime().convertTo(TimeUnit.MILLISECONDS), forkLog));
        } catch (RunnerException | RuntimeException e) {
            return Measured.failed(id, e instanceof Hung h ? h.getMessage() : Errors.describe(e));
        }
    }

    /** One batch of {@code forks} forks of the id, under a watchdog. */
    private RunResult batch(String id, int steps, int forks, IterationLog log) throws RunnerException {
        ChainedOptionsBuilder o = options(id, steps).forks(forks);
        if (spec.scored().warmups() != null) {
            o.warmupIterations(spec.scored().warmups());
        }
        if (spec.scored().iterations() != null) {
            o.measurementIterations(spec.scored().iterations());
        }
        iterationTime(o, spec.scored().iterationMs());
        try (Watchdog watchdog = new Watchdog(id, Duration.ofMinutes(spec.timeoutMinutes()))) {
            try {
                return only(new Runner(o.build(), log.listening((warmup, fork, i, it) -> watchdog.progress())).run(), id);
            } catch (RunnerException | RuntimeException e) {
                if (watchdog.fired() != null) {
                    throw new Hung(watchdog.fired());
                }
                throw e;
            }
        }
    }

    /** An id whose forks the watchdog killed: its message says so. */
    private static final class Hung extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Hung(String message) {
            super(message);
        }
    }

    /** Warm-up and measured iterations of {@code ms} each; null keeps the benchmark's annotations. */
    static void iterationTime(ChainedOptionsBuilder o, Integer ms) {
        if (ms != null) {
            o.warmupTime(TimeValue.milliseconds(ms)).measurementTime(TimeValue.milliseconds(ms));
        }
    }

    /** JMH's own console text, on this process's standard output (the sweep keeps it in console.log). */
    static OutputFormat console() {
        return OutputFormatFactory.createFormatInstance(System.out, VerboseMode.NORMAL);
    }

    static RunResult only(Collection<RunResult> results, String id) {
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
}
