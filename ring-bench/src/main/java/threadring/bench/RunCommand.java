package threadring.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import threadring.core.Rings;
import threadring.core.Workload;
import threadring.core.WorkloadBenchmark;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code benchmark.sh [run]}: the JMH sweep. Options left out fall back to the 2014 script's
 * environment variables ({@code workerCount} = nodes, {@code ringSize} = hops, {@code cpuList} =
 * cpu sets separated by spaces), then to each benchmark's own defaults.
 */
@Command(name = "run", sortOptions = false, usageHelpAutoWidth = true,
        description = "Run the JMH sweep and write results/<run-id>/ (the default command).")
final class RunCommand implements Callable<Integer> {

    @Mixin
    Cli.Help help;

    /** The profiling pass: one fork, 1 warm-up and 2 measured iterations of the scored passes' length. */
    static final RunFile.Profiling PROFILING = new RunFile.Profiling(1, 1, 2, null);
    /** --quick: one fork of 1 warm-up and 2 measured iterations of {@link #QUICK_ITERATION_MS}. */
    static final int QUICK_ITERATION_MS = 200;
    static final RunFile.Profiling QUICK_PROFILING = new RunFile.Profiling(1, 0, 1, QUICK_ITERATION_MS);
    /**
     * --long: the mission's 10^7 steps per pass, one pass per iteration (an iteration ends after
     * its first pass once 1 ms has passed), 5 warm-up and 5 measured passes per fork: what the
     * default, time-based settings must agree with.
     */
    static final int LONG_STEPS = 10_000_000;
    static final int LONG_PASSES = 5;
    static final int LONG_ITERATION_MS = 1;
    /**
     * Calibrated passes aim at this length: long against a pass's own start and end (up to a
     * millisecond here), about two per one-second iteration.
     */
    static final int PASS_MS = 500;
    /** What one calibration may spend on passes (its JVM's start comes on top). */
    static final int CALIBRATION_MS = 1000;
    /** --quick does not calibrate (a JVM per id would double its time): every pass has this many steps. */
    static final int QUICK_STEPS = 10_000;

    @Option(names = "--include", paramLabel = "REGEX", converter = OptionValues.Regex.class,
            description = "Only ids matching REGEX (searched, like JMH's filter; repeatable). Default: the "
                    + "default selection of each workload (list marks it), or every id with --all.")
    List<String> includes = new ArrayList<>();

    @Option(names = "--all", description = "Every id of every workload, not only the default selection.")
    boolean all;

    @Option(names = "--cpus", paramLabel = "LIST", converter = OptionValues.Cpus.class,
            description = "Run JMH under taskset -c LIST; repeat to sweep cpu sets (--cpus 0 --cpus 0-1). "
                    + "Default: $cpuList, else unpinned.")
    List<String> cpus = new ArrayList<>();

    @Option(names = "--nodes", paramLabel = "N", converter = OptionValues.Nodes.class,
            description = "Ring size; repeat for one series per size (--nodes 503 --nodes 1000000). "
                    + "Default: $workerCount, else 503.")
    List<Integer> nodes = new ArrayList<>();

    @Option(names = "--tokens", paramLabel = "T", converter = OptionValues.Positive.class,
            description = "Tokens in flight (1 <= T < nodes); repeat for one series per value (default 1).")
    List<Integer> tokens = new ArrayList<>();

    @Option(names = "--depth", paramLabel = "D", converter = OptionValues.NonNegative.class,
            description = "Frames each node waits below its loop; repeat for one series per value (default 0).")
    List<Integer> depths = new ArrayList<>();

    @Option(names = "--work", paramLabel = "W", converter = OptionValues.NonNegative.class,
            description = "Blackhole.consumeCPU units per hop, and per fan-out task; repeat for one series per value "
                    + "(default: 0 for the ring, 0 and 1000 for the fan-out).")
    List<Integer> works = new ArrayList<>();

    @Option(names = "--workload", paramLabel = "NAME", converter = OptionValues.WorkloadName.class,
            description = "ring, rendezvous, fanout or echo; repeatable (default: all four). Each runs the ids "
                    + "that have it (list marks them); echo needs wrk on PATH.")
    List<Workload> workloads = new ArrayList<>();

    /** Every workload, each on its default selection of ids. */
    static final List<Workload> DEFAULT_WORKLOADS = List.of(Workload.RING, Workload.RENDEZVOUS, Workload.FANOUT,
            Workload.ECHO);

    @Option(names = "--connections", paramLabel = "C", converter = OptionValues.Positive.class,
            description = "Echo server: connections wrk holds open; repeat for one series per value (default 100 "
                    + "and 10000). Needs ulimit -n above C.")
    List<Integer> connections = new ArrayList<>();

    @Option(names = "--tasks", paramLabel = "T", converter = OptionValues.NonNegative.class,
            description = "Fan-out: tasks per operation; repeat for one series per value (default 100000).")
    List<Integer> tasks = new ArrayList<>();

    @Option(names = "--delay-ms", paramLabel = "D", converter = OptionValues.DelayMs.class,
            description = "Fan-out: each task's wait in milliseconds; repeat for one series per value (default 100).")
    List<Integer> delaysMs = new ArrayList<>();

    @Option(names = "--values", paramLabel = "M", converter = OptionValues.Positive.class,
            description = "Values per rendezvous exchange for every id (default: each id's own, calibrated to "
                    + "--pass-ms; JMH by hand: 10^7).")
    Integer values;

    @Option(names = "--hops", paramLabel = "H", converter = OptionValues.Positive.class,
            description = "Hops per pass for every id (default: $ringSize, else each id's own, calibrated to "
                    + "--pass-ms; JMH by hand: 10^7).")
    Integer hops;

    @Option(names = "--quick", description = "Smoke sweep, not for quoting: 1 fork, 1 warm-up and 2 measured "
            + "iterations of " + QUICK_ITERATION_MS + " ms, passes of " + QUICK_STEPS + " steps (not calibrated); "
            + "profiles only with --profile.")
    boolean quick;

    @Option(names = "--long", description = "The long reference run: " + LONG_PASSES + " warm-up and "
            + LONG_PASSES + " measured passes of 10^7 hops (or values) per fork, one pass per iteration; "
            + "compare it with a default run to check that the default measures steady state.")
    boolean longRun;

    @Option(names = "--jdk", paramLabel = "PATH", converter = OptionValues.JdkHome.class,
            description = "JDK home to run on (repeatable: one sweep per JDK; JDK 17 runs all but the Loom rows).")
    List<Path> jdks = new ArrayList<>();

    @Option(names = "--forks", paramLabel = "N", converter = OptionValues.Positive.class,
            description = "JVM forks per id (default: WorkloadBenchmark's @Fork, 3).")
    Integer forks;

    @Option(names = "--warmups", paramLabel = "N", converter = OptionValues.NonNegative.class,
            description = "Warm-up iterations per fork (default: WorkloadBenchmark's @Warmup, "
                    + WorkloadBenchmark.WARMUP_SECONDS + " of 1 s).")
    Integer warmups;

    @Option(names = "--iterations", paramLabel = "N", converter = OptionValues.Positive.class,
            description = "Measured iterations per fork (default: WorkloadBenchmark's @Measurement, "
                    + WorkloadBenchmark.MEASURED_SECONDS + " of 1 s).")
    Integer iterations;

    @Option(names = "--pass-ms", paramLabel = "MS", converter = OptionValues.Positive.class,
            description = "Without --hops or --values, each id's pass size is calibrated so that one pass takes "
                    + "about MS milliseconds on this machine (default " + PASS_MS + ").")
    Integer passMs;

    @Option(names = "--iteration-ms", paramLabel = "MS", converter = OptionValues.Positive.class,
            description = "Length of a warm-up or measured iteration in milliseconds; JMH repeats verified "
                    + "passes until it is over (default 1000).")
    Integer iterationMs;

    @Option(names = "--results", paramLabel = "DIR",
            description = "Where runs are written (default: results/ next to benchmark.sh).")
    Path results;

    @Option(names = "--profile", paramLabel = "NAME", converter = OptionValues.Profiler.class,
            description = "Profiler of the separate profiling pass, repeatable: gc, jfr, stack, async, or none "
                    + "(default: gc and jfr; scored passes never run a profiler).")
    List<String> profiles = new ArrayList<>();

    @Option(names = "--verbose", description = "Show JMH's own output on the console too (it always goes to "
            + "the run's console.log).")
    boolean verbose;

    @Option(names = "--shard", paramLabel = "K/N", converter = OptionValues.Shard.class,
            description = "Run slice K of N of the plan (its configuration x series x id items, dealt by expected "
                    + "time), for N hosts or jobs; 'merge' joins the N runs into one.")
    Shards.Spec shard;

    /** Everything the sweep needs, resolved and validated; {@code shard} null: the whole plan. */
    record Request(RunFile.Settings settings, List<Path> jdks, Path results, boolean verbose, Shards.Spec shard) {
        Request(RunFile.Settings settings, List<Path> jdks, Path results, boolean verbose) {
            this(settings, jdks, results, verbose, null);
        }
    }

    @Override
    public Integer call() throws Exception {
        Request request = resolve(System.getenv(), Cli.home().resolve("results"));
        return new Sweep(request, Cli.jar(), Cli.home(), System.out).run();
    }

    /** Applies the environment and defaults, or a usage error. */
    Request resolve(Map<String, String> env, Path defaultResults) {
        List<Integer> n = new ArrayList<>(nodes.stream().distinct().toList());
        Integer workerCount = fromEnv(env, "workerCount", 2);
        if (n.isEmpty() && workerCount != null) {
            n.add(workerCount);
        }
        Integer h = hops != null ? hops : fromEnv(env, "ringSize", 1);
        List<String> cpuSets = new ArrayList<>(cpus);
        String cpuList = env.get("cpuList");
        if (cpuSets.isEmpty() && cpuList != null && !cpuList.isBlank()) {
            for (String set : cpuList.trim().split("\\s+")) {
                try {
                    cpuSets.add(CpuList.validate(set, Env.onlineCpus()));
                } catch (IllegalArgumentException e) {
                    throw new UsageException("cpuList " + e.getMessage());
                }
            }
        }
        if (profiles.contains("none") && profiles.size() > 1) {
            throw new UsageException("--profile none cannot be combined with other profilers, got " + profiles);
        }
        List<String> profilers = new ArrayList<>();
        if (profiles.isEmpty()) {
            profilers.addAll(quick ? List.of() : Profilers.DEFAULT);
        } else {
            profiles.stream().filter(p -> !p.equals("none")).distinct().forEach(profilers::add);
        }
        if (quick && longRun) {
            throw new UsageException("--quick and --long cannot be combined: one is a smoke run, the other the "
                    + "long reference");
        }
        Integer f = forks;
        Integer w = warmups;
        Integer i = iterations;
        Integer ms = iterationMs;
        Integer v = values;
        if (quick) {
            h = h == null ? Integer.valueOf(QUICK_STEPS) : h;
            v = v == null ? Integer.valueOf(QUICK_STEPS) : v;
            f = f == null ? Integer.valueOf(1) : f;
            w = w == null ? Integer.valueOf(1) : w;
            i = i == null ? Integer.valueOf(2) : i;
            ms = ms == null ? Integer.valueOf(QUICK_ITERATION_MS) : ms;
        }
        if (longRun) {
            h = h == null ? Integer.valueOf(LONG_STEPS) : h;
            v = v == null ? Integer.valueOf(LONG_STEPS) : v;
            w = w == null ? Integer.valueOf(LONG_PASSES) : w;
            i = i == null ? Integer.valueOf(LONG_PASSES) : i;
            ms = ms == null ? Integer.valueOf(LONG_ITERATION_MS) : ms;
        }
        Path dir = (results != null ? results : defaultResults).toAbsolutePath().normalize();
        RunFile.Settings settings = new RunFile.Settings(List.copyOf(n), h, quick, List.copyOf(includes), cpuSets,
                jdks.stream().map(Path::toString).toList(), f, w, i, profilers,
                quick ? QUICK_PROFILING : new RunFile.Profiling(PROFILING.forks(), PROFILING.warmups(),
                        PROFILING.iterations(), ms),
                tokens.stream().distinct().toList(), depths.stream().distinct().toList(),
                works.stream().distinct().toList(),
                workloads.isEmpty() ? DEFAULT_WORKLOADS : workloads.stream().distinct().toList(), v, ms, longRun,
                all, passMs != null ? passMs : PASS_MS, tasks.stream().distinct().toList(),
                delaysMs.stream().distinct().toList(), connections.stream().distinct().toList());
        if (workloads.contains(Workload.ECHO)) {
            // asked for by name: no wrk or too low a limit is a usage error (the default sweep skips what it cannot load)
            for (int c : settings.connectionsRun()) {
                EchoLoad.cannotLoad(c, Wrk.find(), EchoLoad.openFilesLimit()).ifPresent(why -> {
                    throw new UsageException("--workload echo: " + why);
                });
            }
        } else if (!connections.isEmpty() && !settings.workloadsRun().contains(Workload.ECHO)) {
            throw new UsageException("--connections " + connections.get(0) + " applies to the echo server: add "
                    + "--workload echo");
        }
        if (values != null && !settings.workloadsRun().contains(Workload.RENDEZVOUS)) {
            throw new UsageException("--values " + values + " applies to the rendezvous: add --workload rendezvous");
        }
        if (!settings.workloadsRun().contains(Workload.FANOUT)) {
            if (!tasks.isEmpty()) {
                throw new UsageException("--tasks " + tasks.get(0) + " applies to the fan-out: add --workload fanout");
            }
            if (!delaysMs.isEmpty()) {
                throw new UsageException("--delay-ms " + delaysMs.get(0) + " applies to the fan-out: add --workload "
                        + "fanout");
            }
        }
        for (int nodes : settings.nodes().isEmpty() ? List.of(Rings.DEFAULT_NODES) : settings.nodes()) {
            for (int t : settings.tokens()) {
                OptionValues.shape(nodes, t, 0, 0);
            }
            for (int d : settings.depths()) {
                OptionValues.shape(nodes, 1, d, 0);
            }
            for (int x : settings.works()) {
                OptionValues.shape(nodes, 1, 0, x);
            }
        }
        return new Request(settings, List.copyOf(jdks), dir, verbose, shard);
    }

    private static Integer fromEnv(Map<String, String> env, String name, int min) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            return null;
        }
        try {
            return OptionValues.atLeast(v, min);
        } catch (TypeConversionException e) {
            throw new UsageException(name + " " + e.getMessage());
        }
    }

    /** Fails before any work if runs cannot be written there. */
    static void requireWritable(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException | SecurityException e) {
            throw new UsageException("--results " + dir + ": cannot create it (" + e + ")");
        }
        if (!Files.isWritable(dir)) {
            throw new UsageException("--results " + dir + ": not writable");
        }
    }
}
