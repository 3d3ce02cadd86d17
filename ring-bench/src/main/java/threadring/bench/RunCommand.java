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

    /** --quick divides each id's default hops by this (10^6 -> 10^5), unless --hops is given. */
    static final int QUICK_DIVISOR = 10;
    /** The profiling pass's forks, warm-up and measured passes; --quick profiles only when asked. */
    static final RunFile.Profiling PROFILING = new RunFile.Profiling(1, 1, 2);
    static final RunFile.Profiling QUICK_PROFILING = new RunFile.Profiling(1, 0, 1);

    @Option(names = "--include", paramLabel = "REGEX", converter = OptionValues.Regex.class,
            description = "Only ids matching REGEX (searched, like JMH's filter; repeatable).")
    List<String> includes = new ArrayList<>();

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
            description = "Blackhole.consumeCPU units per hop; repeat for one series per value (default 0). "
                    + "Passes with work run 1 + W/" + Sweep.WORK_PER_HOP_SCALE + " times fewer hops.")
    List<Integer> works = new ArrayList<>();

    @Option(names = "--workload", paramLabel = "NAME", converter = OptionValues.WorkloadName.class,
            description = "ring or rendezvous; repeat for both (default: both). The rendezvous runs the ids that "
                    + "have one (list marks them +rendezvous).")
    List<Workload> workloads = new ArrayList<>();

    /**
     * Both, since the whole default sweep with both took 35.5 minutes on the 2-core machine (run
     * 20261122-125113), inside the 40 the suite allows itself; the ring alone took 24.
     */
    static final List<Workload> DEFAULT_WORKLOADS = List.of(Workload.RING, Workload.RENDEZVOUS);

    @Option(names = "--values", paramLabel = "M", converter = OptionValues.Positive.class,
            description = "Values per rendezvous exchange for every id (default: each id's own, 10^6 or fewer "
                    + "where a meeting costs microseconds; JMH by hand: 10^7).")
    Integer values;

    @Option(names = "--hops", paramLabel = "H", converter = OptionValues.Positive.class,
            description = "Hops per pass for every id (default: $ringSize, else each id's own: 10^6, "
                    + "fewer for ids whose hop costs microseconds; JMH by hand: 10^7).")
    Integer hops;

    @Option(names = "--quick", description = "Smoke sweep, not for quoting: 1 fork, 1 warm-up and 2 measured "
            + "passes of 1/" + QUICK_DIVISOR + " of each id's hops; profiles only with --profile.")
    boolean quick;

    @Option(names = "--jdk", paramLabel = "PATH", converter = OptionValues.JdkHome.class,
            description = "JDK home to run on (repeatable: one sweep per JDK; JDK 17 runs all but the Loom rows).")
    List<Path> jdks = new ArrayList<>();

    @Option(names = "--forks", paramLabel = "N", converter = OptionValues.Positive.class,
            description = "JVM forks per id (default: WorkloadBenchmark's @Fork, 3).")
    Integer forks;

    @Option(names = "--warmups", paramLabel = "N", converter = OptionValues.NonNegative.class,
            description = "Warm-up passes per fork (default: WorkloadBenchmark's @Warmup, 1).")
    Integer warmups;

    @Option(names = "--iterations", paramLabel = "N", converter = OptionValues.Positive.class,
            description = "Measured passes per fork (default: WorkloadBenchmark's @Measurement, 4).")
    Integer iterations;

    @Option(names = "--results", paramLabel = "DIR",
            description = "Where runs are written (default: results/ next to benchmark.sh).")
    Path results;

    @Option(names = "--profile", paramLabel = "NAME", converter = OptionValues.Profiler.class,
            description = "Profiler of the separate profiling pass, repeatable: gc, jfr, stack, async, or none "
                    + "(default: gc and jfr; scored passes never run a profiler).")
    List<String> profiles = new ArrayList<>();

    /** Everything the sweep needs, resolved and validated. */
    record Request(RunFile.Settings settings, List<Path> jdks, Path results) {}

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
        Integer f = forks;
        Integer w = warmups;
        Integer i = iterations;
        if (quick) {
            f = f == null ? Integer.valueOf(1) : f;
            w = w == null ? Integer.valueOf(1) : w;
            i = i == null ? Integer.valueOf(2) : i;
        }
        Path dir = (results != null ? results : defaultResults).toAbsolutePath().normalize();
        RunFile.Settings settings = new RunFile.Settings(List.copyOf(n), h, quick, List.copyOf(includes), cpuSets,
                jdks.stream().map(Path::toString).toList(), f, w, i, profilers, quick ? QUICK_PROFILING : PROFILING,
                tokens.stream().distinct().toList(), depths.stream().distinct().toList(),
                works.stream().distinct().toList(),
                workloads.isEmpty() ? DEFAULT_WORKLOADS : workloads.stream().distinct().toList(), values);
        if (values != null && !settings.workloadsRun().contains(Workload.RENDEZVOUS)) {
            throw new UsageException("--values " + values + " applies to the rendezvous: add --workload rendezvous");
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
        return new Request(settings, List.copyOf(jdks), dir);
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
