package threadring.bench.cli;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import threadring.bench.data.Env;
import threadring.bench.data.Presets;
import threadring.bench.data.Settings;
import threadring.bench.jmh.Profilers;
import threadring.bench.options.Context;
import threadring.bench.options.IncludeOption;
import threadring.bench.options.ResultsOption;
import threadring.bench.options.SizeOptions;
import threadring.bench.sweep.Request;
import threadring.bench.sweep.Shards;
import threadring.bench.sweep.Sweep;
import threadring.bench.util.Converters;
import threadring.bench.util.CpuList;
import threadring.bench.util.HelpOption;
import threadring.bench.util.JdkHomes;
import threadring.bench.util.UsageException;

/**
 * {@code benchmark.sh [run]}: the JMH sweep. Options left out fall back to the 2014 script's
 * environment variables ({@code workerCount} = nodes, {@code ringSize} = hops, {@code cpuList} =
 * cpu sets separated by spaces), then to each benchmark's own defaults.
 */
@Command(name = "run", sortOptions = false, usageHelpAutoWidth = true,
        description = "Run the JMH sweep and write results/<run-id>/ (the default command).")
final class RunCommand implements Callable<Integer>, SizeOptions.Holder {

    @Mixin
    HelpOption help;

    @Mixin
    IncludeOption include;

    @Option(names = "--all", description = "Every id of every workload, not only each workload's default selection "
            + "(list marks it), which runs without --include or --all.")
    boolean all;

    @Option(names = "--cpus", paramLabel = "LIST", converter = OptionValues.Cpus.class,
            description = "Run JMH under taskset -c LIST; repeat to sweep cpu sets (--cpus 0 --cpus 0-1). Default: the "
                    + "environment variable cpuList (cpu sets separated by spaces) if set, else unpinned.")
    List<String> cpus = new ArrayList<>();

    @Mixin
    SizeOptions sizes;

    @Override
    public SizeOptions sizes() {
        return sizes;
    }

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
            description = "The pilot: JVM forks every id starts with, run in rounds (default " + Presets.FORKS + "; "
                    + "--quick 1). Each id's fork count is planned from its pilot (the first stage of Stein's two-stage procedure).")
    Integer forks;

    @Option(names = "--max-forks", paramLabel = "N", converter = Converters.Positive.class,
            description = "An id's planned fork count is at most N (default " + Presets.MAX_FORKS + "; an echo server's "
                    + "repetitions at most " + Presets.ECHO_MAX_REPETITIONS + "; with --quick or --long: --forks, a fixed count).")
    Integer maxForks;

    @Option(names = "--state-forks", paramLabel = "N", converter = Converters.Positive.class,
            description = "A row whose JVMs stand in states gets forks until each state's share is known within "
                    + "+-30%% (half its 95%% Wilson interval), at least 8 and at most N (default " + Presets.STATE_FORKS + "; with --quick "
                    + "or --long: --forks).")
    Integer stateForks;

    @Option(names = "--precision", paramLabel = "PCT", converter = Converters.Positive.class,
            description = "The half-width the fork counts are planned for: half the 95%% interval's width, in percent "
                    + "(default " + Presets.PRECISION + ").")
    Integer precision;

    @Option(names = "--warmups", paramLabel = "N", converter = Converters.NonNegative.class,
            description = "The fewest warm-up iterations per fork (default " + Presets.WARMUPS + "); more where the "
                    + "evidence asks, up to --settle-ms.")
    Integer warmups;

    @Option(names = "--settle-ms", paramLabel = "MS", converter = Converters.NonNegative.class,
            description = "The longest warm-up the evidence may ask for: each id's first fork warms up this long, "
                    + "later forks until its forks settled (default " + Presets.SETTLE_MS + "; 0, --quick and --long: "
                    + "always --warmups).")
    Integer settleMs;

    @Option(names = "--seed", paramLabel = "S", description = "The seed of the forks' order in each round (default: "
            + "drawn and recorded in run.json); the same seed replays the same order.")
    Long seed;

    @Option(names = "--no-counters", description = "Read no CPU, context-switch or allocation counters at the "
            + "iterations' boundaries (to check that reading them costs the scored passes nothing).")
    boolean noCounters;

    @Option(names = "--jvm-arg", paramLabel = "FLAG", description = "A JVM flag for every fork, calibration, "
            + "profiling pass and echo server, after each id's own (a control: --jvm-arg=-XX:+UseParallelGC); repeatable, recorded in "
            + "run.json and shown with the JVM flags in the report.")
    List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--beside-jvm-arg", paramLabel = "FLAG", description = "Measure every id on each JDK and cpu "
            + "set also in JVMs started with FLAG, in the same rounds, as a configuration of its own labelled by the "
            + "flag (repeat for several flags, all in that one configuration); the report sets each row beside its "
            + "plain one: e.g. --beside-jvm-arg=-XX:+UseCompactObjectHeaders (JDK 25).")
    List<String> beside = new ArrayList<>();

    @Option(names = "--iterations", paramLabel = "N", converter = Converters.Positive.class,
            description = "Measured iterations per fork (default " + Presets.ITERATIONS + ").")
    Integer iterations;

    @Option(names = "--pass-ms", paramLabel = "MS", converter = Converters.Positive.class,
            description = "Without --hops or --values, each id's pass size is calibrated so that one pass takes "
                    + "about MS milliseconds on this machine (default " + Presets.PASS_MS + ").")
    Integer passMs;

    @Option(names = "--iteration-ms", paramLabel = "MS", converter = Converters.Positive.class,
            description = "Length of a warm-up or measured iteration in milliseconds; JMH repeats verified "
                    + "passes until it is over (default " + Presets.ITERATION_MS + ").")
    Integer iterationMs;

    @Mixin
    ResultsOption results;

    @Option(names = "--profile", paramLabel = "NAME", converter = OptionValues.Profiler.class,
            description = "Profiler of the separate profiling pass, repeatable: gc, jfr, stack, async, or none "
                    + "(default: gc and jfr; scored passes never run a profiler).")
    List<String> profiles = new ArrayList<>();

    @Option(names = "--budget", paramLabel = "MINUTES", converter = Converters.Positive.class,
            description = "Plan the sweep to MINUTES (default " + Presets.BUDGET_MINUTES + " for the default sweep; "
                    + "--include, --all, --quick and --long run to completion unless given one): before the first fork "
                    + "the mandatory part (probes, calibrations, every id's first " + Presets.FORKS + " forks, two echo "
                    + "repetitions, the report) is estimated from this host's last alike run, and a budget it cannot "
                    + "fit is refused naming the smallest that would; the optional parts (state forks, fifth forks, "
                    + "the profiling pass of each workload's leaders and baseline, third echo repetitions) are granted "
                    + "in that order while they fit, and at run time only while time is left.")
    Integer budget;

    @Option(names = "--verbose", description = "Show JMH's own output on the console too (it always goes to "
            + "the run's console.log).")
    boolean verbose;

    @Option(names = "--shard", paramLabel = "K/N", converter = OptionValues.Shard.class,
            description = "Run slice K of N of the plan (its configuration x series x id items, dealt by expected "
                    + "time), for N hosts or jobs; 'merge' joins the N runs into one.")
    Shards.Spec shard;

    @Override
    public Integer call() throws Exception {
        Request request = resolve(System.getenv(), Home.home().resolve("results"));
        return new Sweep(request, Home.jar(), Home.home(), System.out).run();
    }

    /** Applies the environment and defaults, or a usage error. */
    Request resolve(Map<String, String> env, Path defaultResults) {
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
        SizeOptions.Sizes asked = sizes.resolve(new Context(false, quick, longRun, env));
        Integer f = forks;
        Integer w = warmups;
        Integer i = iterations;
        Integer ms = iterationMs;
        if (quick) {
            f = f == null ? Integer.valueOf(1) : f;
            w = w == null ? Integer.valueOf(1) : w;
            i = i == null ? Integer.valueOf(2) : i;
            ms = ms == null ? Integer.valueOf(Presets.QUICK_ITERATION_MS) : ms;
        }
        if (longRun) {
            w = w == null ? Integer.valueOf(Presets.LONG_PASSES) : w;
            i = i == null ? Integer.valueOf(Presets.LONG_PASSES) : i;
            ms = ms == null ? Integer.valueOf(Presets.LONG_ITERATION_MS) : ms;
        }
        Integer profilingMs = ms; // the profiling pass keeps its own preset unless --iteration-ms is given
        // recorded as numbers, not as "the benchmark's annotations": a later change of defaults
        // must not rewrite what this run did when its report is rendered again
        w = w == null ? Integer.valueOf(Presets.WARMUPS) : w;
        Integer settle = quick || longRun || settleMs != null && settleMs == 0 ? null
                : settleMs != null ? settleMs : Integer.valueOf(Presets.SETTLE_MS);
        i = i == null ? Integer.valueOf(Presets.ITERATIONS) : i;
        ms = ms == null ? Integer.valueOf(Presets.ITERATION_MS) : ms;
        Settings settings = new Settings(new Settings.Selection(include.includes(), all, asked.workloads()),
                asked.series(), asked.steps(),
                new Settings.Scored(quick, longRun, f, maxForks(f), w, i, ms, passMs != null ? passMs : Presets.PASS_MS,
                        precision != null ? precision : Presets.PRECISION, settle, !noCounters, List.copyOf(jvmArgs),
                        stateForks(f), null),
                cpuSets, jdks.stream().map(Path::toString).toList(), profilers,
                quick ? Presets.QUICK_PROFILING : new Settings.Profiling(Presets.PROFILING.forks(),
                        Presets.PROFILING.warmups(), Presets.PROFILING.iterations(), profilingMs),
                seed != null ? seed : new SecureRandom().nextLong());
        boolean defaultSweep = include.includes().isEmpty() && !all && !quick && !longRun && shard == null;
        Request request = new Request(settings, List.copyOf(jdks), results.orElse(defaultResults), verbose, shard,
                sizes.given().contains("--workload"), List.copyOf(beside),
                budget != null ? budget : defaultSweep ? Integer.valueOf(Presets.BUDGET_MINUTES) : null, null);
        if (!defaultSweep) {
            return request;
        }
        // a budget the default sweep cannot fit: the short answer, its ids read from the committed answer
        return new Request(request.settings(), request.jdks(), request.results(), request.verbose(), request.shard(),
                request.workloadsNamed(), request.beside(), request.budgetMinutes(),
                () -> ShortAnswer.of(request, Home.home().resolve("docs").resolve("results")));
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

    /** A row in states gets forks up to --state-forks; a smoke or reference run keeps the forks it starts with. */
    private int stateForks(Integer start) {
        int cap = stateForks != null ? stateForks : quick || longRun ? maxForks(start) : Presets.STATE_FORKS;
        return Math.max(cap, maxForks(start));
    }

}
