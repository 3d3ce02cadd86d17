package threadring.bench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import threadring.bench.data.Presets;
import threadring.bench.data.Settings;
import threadring.bench.echo.EchoLoad;
import threadring.bench.echo.Wrk;
import threadring.bench.jmh.Profilers;
import threadring.bench.sweep.Request;
import threadring.bench.sweep.Shards;
import threadring.bench.sweep.Sweep;
import threadring.bench.util.Converters;
import threadring.bench.util.CpuList;
import threadring.bench.util.HelpOption;
import threadring.bench.util.JdkHomes;
import threadring.bench.util.UsageException;
import threadring.bench.data.Env;
import threadring.bench.data.Size;
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
    HelpOption help;

    @Option(names = "--include", paramLabel = "REGEX", converter = Converters.Regex.class,
            description = "Only ids matching REGEX (searched, like JMH's filter; repeatable). Default: the "
                    + "default selection of each workload (list marks it), or every id with --all.")
    List<String> includes = new ArrayList<>();

    @Option(names = "--all", description = "Every id of every workload, not only the default selection.")
    boolean all;

    @Option(names = "--cpus", paramLabel = "LIST", converter = OptionValues.Cpus.class,
            description = "Run JMH under taskset -c LIST; repeat to sweep cpu sets (--cpus 0 --cpus 0-1). "
                    + "Default: $cpuList, else unpinned.")
    List<String> cpus = new ArrayList<>();

    @Option(names = "--nodes", paramLabel = "N", converter = Converters.Nodes.class,
            description = "Ring size; repeat for one series per size (--nodes 503 --nodes 1000000). "
                    + "Default: $workerCount, else 503.")
    List<Integer> nodes = new ArrayList<>();

    @Option(names = "--tokens", paramLabel = "T", converter = Converters.Positive.class,
            description = "Tokens in flight (1 <= T < nodes); repeat for one series per value (default 1).")
    List<Integer> tokens = new ArrayList<>();

    @Option(names = "--depth", paramLabel = "D", converter = Converters.NonNegative.class,
            description = "Frames each node waits below its loop; repeat for one series per value (default 0).")
    List<Integer> depths = new ArrayList<>();

    @Option(names = "--work", paramLabel = "W", converter = Converters.NonNegative.class,
            description = "Blackhole.consumeCPU units per hop, and per fan-out task; repeat for one series per value "
                    + "(default 0; the jdk-dev thread's fan-out with work per task: --work 0 --work 1000).")
    List<Integer> works = new ArrayList<>();

    @Option(names = "--workload", paramLabel = "NAME", converter = Converters.WorkloadName.class,
            description = "ring, rendezvous, fanout or echo; repeatable (default: all four). Each runs the ids "
                    + "that have it (list marks them); echo needs wrk on PATH.")
    List<Workload> workloads = new ArrayList<>();

    /** Every workload, each on its default selection of ids. */
    static final List<Workload> DEFAULT_WORKLOADS = List.of(Workload.RING, Workload.RENDEZVOUS, Workload.FANOUT,
            Workload.ECHO);

    @Option(names = "--connections", paramLabel = "C", converter = Converters.Positive.class,
            description = "Echo server: connections wrk holds open; repeat for one series per value (default 100 "
                    + "and 10000). Needs ulimit -n above C.")
    List<Integer> connections = new ArrayList<>();

    @Option(names = "--tasks", paramLabel = "T", converter = Converters.NonNegative.class,
            description = "Fan-out: tasks per operation; repeat for one series per value (default 100000).")
    List<Integer> tasks = new ArrayList<>();

    @Option(names = "--delay-ms", paramLabel = "D", converter = Converters.DelayMs.class,
            description = "Fan-out: each task's wait in milliseconds; repeat for one series per value (default 100).")
    List<Integer> delaysMs = new ArrayList<>();

    @Option(names = "--values", paramLabel = "M", converter = Converters.Positive.class,
            description = "Values per rendezvous exchange for every id (default: each id's own, calibrated to "
                    + "--pass-ms; JMH by hand: 10^7).")
    Integer values;

    @Option(names = "--hops", paramLabel = "H", converter = Converters.Positive.class,
            description = "Hops per pass for every id (default: $ringSize, else each id's own, calibrated to "
                    + "--pass-ms; JMH by hand: 10^7).")
    Integer hops;

    @Option(names = "--quick", description = "Smoke sweep, not for quoting: 1 fork, 1 warm-up and 2 measured "
            + "iterations of " + Presets.QUICK_ITERATION_MS + " ms, passes of " + Presets.QUICK_STEPS + " steps (not calibrated); "
            + "profiles only with --profile.")
    boolean quick;

    @Option(names = "--long", description = "The long reference run: " + Presets.LONG_PASSES + " warm-up and "
            + Presets.LONG_PASSES + " measured passes of 10^7 hops (or values) per fork, one pass per iteration; "
            + "compare it with a default run to check that the default measures steady state.")
    boolean longRun;

    @Option(names = "--jdk", paramLabel = "JDK", converter = Converters.JdkHome.class,
            description = "A release (17, 21, 25: found in .jdks/, JAVA_HOME and the usual places) or a JDK home; "
                    + "repeatable: every id runs on each JDK, and the report compares them (JDK 17 runs all but the "
                    + "Loom rows). " + JdkHomes.INSTALL_21 + " installs JDK 21.")
    List<Path> jdks = new ArrayList<>();

    @Option(names = "--forks", paramLabel = "N", converter = Converters.Positive.class,
            description = "JVM forks each id starts with (default: WorkloadBenchmark's @Fork, 3).")
    Integer forks;

    @Option(names = "--max-forks", paramLabel = "N", converter = Converters.Positive.class,
            description = "Forks are added, up to N, until an id's 95% interval is within --precision of its median "
                    + "(default " + Presets.MAX_FORKS + "; with --quick or --long: the forks it starts with).")
    Integer maxForks;

    @Option(names = "--precision", paramLabel = "PCT", converter = Converters.Positive.class,
            description = "The precision forks are added for: half the 95% interval's width, in percent of the "
                    + "median (default " + Presets.PRECISION + ").")
    Integer precision;

    @Option(names = "--warmups", paramLabel = "N", converter = Converters.NonNegative.class,
            description = "Warm-up iterations per fork (default: WorkloadBenchmark's @Warmup, "
                    + WorkloadBenchmark.WARMUP_SECONDS + " of 1 s).")
    Integer warmups;

    @Option(names = "--iterations", paramLabel = "N", converter = Converters.Positive.class,
            description = "Measured iterations per fork (default: WorkloadBenchmark's @Measurement, "
                    + WorkloadBenchmark.MEASURED_SECONDS + " of 1 s).")
    Integer iterations;

    @Option(names = "--pass-ms", paramLabel = "MS", converter = Converters.Positive.class,
            description = "Without --hops or --values, each id's pass size is calibrated so that one pass takes "
                    + "about MS milliseconds on this machine (default " + Presets.PASS_MS + ").")
    Integer passMs;

    @Option(names = "--iteration-ms", paramLabel = "MS", converter = Converters.Positive.class,
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
            h = h == null ? Integer.valueOf(Presets.QUICK_STEPS) : h;
            v = v == null ? Integer.valueOf(Presets.QUICK_STEPS) : v;
            f = f == null ? Integer.valueOf(1) : f;
            w = w == null ? Integer.valueOf(1) : w;
            i = i == null ? Integer.valueOf(2) : i;
            ms = ms == null ? Integer.valueOf(Presets.QUICK_ITERATION_MS) : ms;
        }
        if (longRun) {
            h = h == null ? Integer.valueOf(Presets.LONG_STEPS) : h;
            v = v == null ? Integer.valueOf(Presets.LONG_STEPS) : v;
            w = w == null ? Integer.valueOf(Presets.LONG_PASSES) : w;
            i = i == null ? Integer.valueOf(Presets.LONG_PASSES) : i;
            ms = ms == null ? Integer.valueOf(Presets.LONG_ITERATION_MS) : ms;
        }
        // the fan-out's second series (W = 1000) is asked for by name: the default sweep's 40 minutes
        // went to every model's echo server instead (a run that names no --work records W = 0 alone)
        if (works.isEmpty()) {
            works.add(0);
        }
        Integer profilingMs = ms; // the profiling pass keeps its own preset unless --iteration-ms is given
        // recorded as numbers, not as "the benchmark's annotations": a later change of defaults
        // must not rewrite what this run did when its report is rendered again
        w = w == null ? Integer.valueOf(WorkloadBenchmark.WARMUP_SECONDS) : w;
        i = i == null ? Integer.valueOf(WorkloadBenchmark.MEASURED_SECONDS) : i;
        ms = ms == null ? Integer.valueOf(1000) : ms;
        Path dir = (results != null ? results : defaultResults).toAbsolutePath().normalize();
        Settings settings = new Settings(
                new Settings.Selection(List.copyOf(includes), all,
                        workloads.isEmpty() ? DEFAULT_WORKLOADS : workloads.stream().distinct().toList()),
                new Settings.Sizes(List.copyOf(n), tokens.stream().distinct().toList(), depths.stream().distinct().toList(),
                        works.stream().distinct().toList(), h, v, tasks.stream().distinct().toList(),
                        delaysMs.stream().distinct().toList(), connections.stream().distinct().toList()),
                new Settings.Scored(quick, longRun, f, maxForks(f), w, i, ms, passMs != null ? passMs : Presets.PASS_MS,
                        precision != null ? precision : Presets.PRECISION),
                cpuSets, jdks.stream().map(Path::toString).toList(), profilers,
                quick ? Presets.QUICK_PROFILING : new Settings.Profiling(Presets.PROFILING.forks(),
                        Presets.PROFILING.warmups(), Presets.PROFILING.iterations(), profilingMs));
        if (workloads.contains(Workload.ECHO)) {
            // asked for by name: no wrk or too low a limit is a usage error (the default sweep skips what it cannot load)
            for (Size size : settings.sizes().of(Workload.ECHO)) {
                int c = ((Size.Echo) size).connections();
                EchoLoad.cannotLoad(c, Wrk.find(), EchoLoad.openFilesLimit()).ifPresent(why -> {
                    throw new UsageException("--workload echo: " + why);
                });
            }
        } else if (!connections.isEmpty() && !settings.workloads().contains(Workload.ECHO)) {
            throw new UsageException("--connections " + connections.get(0) + " applies to the echo server: add "
                    + "--workload echo");
        }
        if (values != null && !settings.workloads().contains(Workload.RENDEZVOUS)) {
            throw new UsageException("--values " + values + " applies to the rendezvous: add --workload rendezvous");
        }
        if (!settings.workloads().contains(Workload.FANOUT)) {
            if (!tasks.isEmpty()) {
                throw new UsageException("--tasks " + tasks.get(0) + " applies to the fan-out: add --workload fanout");
            }
            if (!delaysMs.isEmpty()) {
                throw new UsageException("--delay-ms " + delaysMs.get(0) + " applies to the fan-out: add --workload "
                        + "fanout");
            }
        }
        Settings.Sizes sizes = settings.sizes();
        for (int nodes : sizes.nodes().isEmpty() ? List.of(Rings.DEFAULT_NODES) : sizes.nodes()) {
            for (int t : sizes.tokens()) {
                Converters.shape(nodes, t, 0, 0);
            }
            for (int d : sizes.depths()) {
                Converters.shape(nodes, 1, d, 0);
            }
            for (int x : sizes.works()) {
                Converters.shape(nodes, 1, 0, x);
            }
        }
        return new Request(settings, List.copyOf(jdks), dir, verbose, shard);
    }

    /** Forks are added up to --max-forks; a smoke or reference run keeps the forks it starts with. */
    private int maxForks(Integer start) {
        int first = start != null ? start : Presets.FORKS;
        int cap = maxForks != null ? maxForks : quick || longRun ? first : Presets.MAX_FORKS;
        if (cap < first) {
            throw new UsageException("--max-forks " + cap + " is below the " + first + " forks each id starts with");
        }
        return cap;
    }

    private static Integer fromEnv(Map<String, String> env, String name, int min) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            return null;
        }
        try {
            return Converters.atLeast(v, min);
        } catch (TypeConversionException e) {
            throw new UsageException(name + " " + e.getMessage());
        }
    }

}
