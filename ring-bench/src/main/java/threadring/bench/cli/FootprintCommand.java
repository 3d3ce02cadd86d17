package threadring.bench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import threadring.bench.footprint.FootprintRunner;
import threadring.bench.options.DelayOption;
import threadring.bench.options.IncludeOption;
import threadring.bench.options.NodesOption;
import threadring.bench.options.ResultsOption;
import threadring.bench.results.RunFolder;
import threadring.bench.units.Units;
import threadring.bench.util.AtomicFiles;
import threadring.bench.util.Converters;
import threadring.bench.util.HelpOption;
import threadring.bench.util.UsageException;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.fanout.FanOut;
import threadring.core.workloads.Workloads;

/**
 * {@code benchmark.sh footprint}: for every id and ring size, a fresh JVM opens a ring, passes
 * the token once around it and reports what that cost per node, one line each; with {@code --tasks},
 * what a live fan-out task holds (T tasks asleep at once); with {@code --peak}, the most one whole
 * operation of a workload (a Skynet tree) holds per task while it runs; the run folder gets footprint.json, report.md and a chart.
 */
@Command(name = "footprint", sortOptions = false, usageHelpAutoWidth = true,
        description = "Time to open a ring and memory per node (heap + native), or (--tasks) memory per live "
                + "fan-out task, or (--peak) an operation's peak memory per task, each id and size in a fresh JVM.")
final class FootprintCommand implements Callable<Integer> {

    static final List<Integer> DEFAULT_NODES = List.of(10_000, 1_000_000);

    @Mixin
    HelpOption help;

    @Mixin
    IncludeOption include;

    @Mixin
    NodesOption nodes;

    @Option(names = "--tasks", paramLabel = "T", converter = Converters.Positive.class,
            description = "Measure memory per live fan-out task instead of per ring node: T tasks of each fan-out id "
                    + "asleep at once, read at half their delay; repeat for several sizes (--tasks 10000 --tasks "
                    + "1000000), measured smallest first: a size that an id's smaller measurement says cannot fit this "
                    + "machine's memory is skipped, saying how much it would need.")
    List<Integer> tasks = new ArrayList<>();

    @Option(names = "--peak", paramLabel = "WORKLOAD",
            description = "Measure the most memory one whole operation of WORKLOAD holds while it runs instead of per ring "
                    + "node (a workload whose step is one: a tree of tasks, a fan-out), per id of it, read by full collections while it "
                    + "runs and by the peak resident set, per task that may be alive at once; its sizes with --size.")
    String peak;

    @Option(names = "--size", paramLabel = "N", converter = Converters.Positive.class,
            description = "With --peak: the operation's size in the workload's own units (a tree: its leaves, a power of 10 "
                    + "at the sweep's branching 10; a fan-out: its tasks); repeat for several (--size 10000 --size 1000000).")
    List<Integer> peakSizes = new ArrayList<>();

    @Mixin
    DelayOption delays = new DelayOption();

    @Option(names = "--beside-jvm-arg", paramLabel = "FLAG",
            description = "Measure each id also in a JVM started with FLAG, side by side in one run (repeat for "
                    + "several flags, all in that one JVM): e.g. --beside-jvm-arg -XX:+UseCompactObjectHeaders (JDK 25).")
    List<String> beside = new ArrayList<>();

    @Option(names = "--jdk", paramLabel = "JDK", converter = Converters.JdkHome.class,
            description = "The JDK the measuring JVMs run on: a release (17, 21, 25: found in .jdks/, JAVA_HOME and the "
                    + "usual places) or a JDK home (default: the one running this command). One per run: run "
                    + "footprint once per JDK to set them side by side.")
    Path jdk;

    @Option(names = "--timeout", paramLabel = "S", converter = Converters.Positive.class,
            description = "Seconds one measurement may take (default 900).")
    int timeoutSeconds = 900;

    @Mixin
    ResultsOption results;

    /** The default delay of live tasks: 10^6 tasks started within ten seconds by every model here. */
    static final int DEFAULT_DELAY_MS = 20_000;

    @Override
    public Integer call() throws Exception {
        boolean live = !tasks.isEmpty();
        boolean peaks = peak != null;
        if ((live ? 1 : 0) + (peaks ? 1 : 0) + (nodes.given() ? 1 : 0) > 1) {
            throw new UsageException("--nodes, --tasks and --peak measure different things (ring nodes, live fan-out "
                    + "tasks, an operation at its peak): give one");
        }
        if (peaks != !peakSizes.isEmpty()) {
            throw new UsageException(peaks ? "--peak needs its sizes: --size N (repeat for several)"
                    : "--size goes with --peak (an operation's size)");
        }
        List<Integer> delay = delays.upTo(FanOut.MAX_DELAY_MS, "ten minutes");
        if (delay.size() > 1) {
            throw new UsageException("--delay-ms takes one value with --tasks (the live tasks' sleep), was given "
                    + delay.size());
        }
        Integer delayMs = delay.isEmpty() ? null : delay.get(0);
        if (!live && delayMs != null) {
            throw new UsageException("--delay-ms goes with --tasks (the live fan-out tasks' sleep)");
        }
        if (live && delayMs != null && delayMs < 2) {
            throw new UsageException("--delay-ms must be at least 2 with --tasks (the reading is at half of it), was "
                    + delayMs);
        }
        FootprintRunner.Subject.OperationPeaks operations = peaks ? operations(workload(peak)) : null;
        FootprintRunner.Subject subject = live ? new FootprintRunner.Subject.FanOutTasks(
                delayMs != null ? delayMs : DEFAULT_DELAY_MS) : peaks ? operations : new FootprintRunner.Subject.RingNodes();
        List<Integer> sizes = (live ? tasks.stream().distinct().toList() : peaks ? List.copyOf(operations.sizes().keySet())
                : nodes.orElse(DEFAULT_NODES)).stream().sorted().toList();
        List<RingFactory> selected = RingFactories.load().all().stream().filter(include::matches)
                .filter(f -> f.runs(subject.workload())) // per ring node, per live fan-out task or per Skynet task
                .toList();
        if (selected.isEmpty()) {
            throw new UsageException("--include " + include.includes() + " matches no implementation id (see 'list')");
        }
        Path dir = results.orElse(Home.home().resolve("results"));
        AtomicFiles.requireWritable(dir);
        Path runDir = RunFolder.create(dir, "footprint-");
        return new FootprintRunner(runDir, Home.home(), timeoutSeconds, System.out, subject, beside, jdk)
                .run(selected, sizes);
    }

    private static Workload<?, ?> workload(String label) {
        try {
            return Workloads.of(label);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--peak: " + e.getMessage());
        }
    }

    /** Each --size as its workload's operation, by its population (the tasks that may be alive at once). */
    private <S extends Size> FootprintRunner.Subject.OperationPeaks operations(Workload<S, ?> w) {
        Map<Integer, Size> bySize = new TreeMap<>();
        for (int n : peakSizes.stream().distinct().toList()) {
            S size;
            try {
                size = Units.of(w).operationOf(n).orElseThrow(() -> new UsageException("--peak " + w.label()
                        + ": a step of it is not one whole operation (a tree of tasks, a fan-out)"));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--size: " + e.getMessage());
            }
            bySize.put(size.population(), size);
        }
        return new FootprintRunner.Subject.OperationPeaks(w, bySize);
    }
}
