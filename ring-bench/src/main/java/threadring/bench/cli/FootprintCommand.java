package threadring.bench.cli;

import threadring.core.skynet.Skynet;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import threadring.bench.footprint.FootprintRunner;
import threadring.bench.options.IncludeOption;
import threadring.bench.options.NodesOption;
import threadring.bench.options.ResultsOption;
import threadring.bench.results.RunFolder;
import threadring.bench.util.AtomicFiles;
import threadring.bench.util.Converters;
import threadring.bench.util.HelpOption;
import threadring.bench.util.UsageException;
import threadring.core.RingFactories;
import threadring.core.RingFactory;

/**
 * {@code benchmark.sh footprint}: for every id and ring size, a fresh JVM opens a ring, passes
 * the token once around it and reports what that cost per node, one line each; with {@code --tasks},
 * what a live fan-out task holds (T tasks asleep at once); with {@code --leaves}, the most a Skynet
 * tree holds per task while it runs; the run folder gets footprint.json, report.md and a chart.
 */
@Command(name = "footprint", sortOptions = false, usageHelpAutoWidth = true,
        description = "Time to open a ring and memory per node (heap + native), or (--tasks) memory per live "
                + "fan-out task, or (--leaves) a Skynet tree's peak memory per task, each id and size in a fresh JVM.")
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
    List<Integer> tasks = new java.util.ArrayList<>();

    @Option(names = "--leaves", paramLabel = "L", converter = Converters.Positive.class,
            description = "Measure the most memory one Skynet tree holds while it runs instead of per ring node: a tree of "
                    + "L leaves (a power of 10: branching 10, as the sweep's) per Skynet id, read by full collections "
                    + "while it runs and by the peak resident set, per task of the tree (inner ones included); repeat "
                    + "for several sizes (--leaves 10000 --leaves 1000000).")
    List<Integer> leaves = new java.util.ArrayList<>();

    @Option(names = "--delay-ms", paramLabel = "D", converter = Converters.LiveDelayMs.class,
            description = "With --tasks: how long each task sleeps, at most 600000 (default 20000), long enough that every task is "
                    + "started before the reading at D/2 (a measurement where not every task was alive fails, saying so).")
    Integer delayMs;

    @Option(names = "--beside-jvm-arg", paramLabel = "FLAG",
            description = "Measure each id also in a JVM started with FLAG, side by side in one run (repeat for "
                    + "several flags, all in that one JVM): e.g. --beside-jvm-arg -XX:+UseCompactObjectHeaders (JDK 25).")
    List<String> beside = new java.util.ArrayList<>();

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
        boolean trees = !leaves.isEmpty();
        if ((live ? 1 : 0) + (trees ? 1 : 0) + (nodes.given() ? 1 : 0) > 1) {
            throw new UsageException("--nodes, --tasks and --leaves measure different things (ring nodes, live fan-out "
                    + "tasks, Skynet trees): give one");
        }
        if (!live && delayMs != null) {
            throw new UsageException("--delay-ms goes with --tasks (the live fan-out tasks' sleep)");
        }
        if (live && delayMs != null && delayMs < 2) {
            throw new UsageException("--delay-ms must be at least 2 with --tasks (the reading is at half of it), was "
                    + delayMs);
        }
        FootprintRunner.Subject subject = live ? new FootprintRunner.Subject.FanOutTasks(
                delayMs != null ? delayMs : DEFAULT_DELAY_MS) : trees
                ? new FootprintRunner.Subject.SkynetTrees(Skynet.DEFAULT_BRANCHING) : new FootprintRunner.Subject.RingNodes();
        List<Integer> sizes = (live ? tasks.stream().distinct().toList() : trees ? skynetTasks()
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

    /** The tasks of each tree --leaves asks for (its leaves and inner tasks), after checking each is a power of 10. */
    private List<Integer> skynetTasks() {
        List<Integer> out = new java.util.ArrayList<>();
        for (int l : leaves.stream().distinct().toList()) {
            int depth = (int) Math.round(Math.log10(l));
            if (l < Skynet.DEFAULT_BRANCHING || Skynet.leaves(Skynet.DEFAULT_BRANCHING, depth) != l
                    || l > Skynet.MAX_LEAVES / 10) {
                throw new UsageException("--leaves must be a power of 10 from 10 to 10,000,000 (a tree of branching 10), was "
                        + l);
            }
            out.add(Math.toIntExact(Skynet.tasks(Skynet.DEFAULT_BRANCHING, depth)));
        }
        return out;
    }
}
