package threadring.bench.cli;

import threadring.core.ring.Ring;
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
import threadring.core.Workload;

/**
 * {@code benchmark.sh footprint}: for every id and ring size, a fresh JVM opens a ring, passes
 * the token once around it and reports what that cost per node, one line each; the run folder
 * gets footprint.json, report.md and a chart.
 */
@Command(name = "footprint", sortOptions = false, usageHelpAutoWidth = true,
        description = "Time to open a ring and memory per node (heap + native), each id and size in a fresh JVM.")
final class FootprintCommand implements Callable<Integer> {

    static final List<Integer> DEFAULT_NODES = List.of(10_000, 1_000_000);

    @Mixin
    HelpOption help;

    @Mixin
    IncludeOption include;

    @Mixin
    NodesOption nodes;

    @Option(names = "--timeout", paramLabel = "S", converter = Converters.Positive.class,
            description = "Seconds one measurement may take (default 900).")
    int timeoutSeconds = 900;

    @Mixin
    ResultsOption results;

    @Override
    public Integer call() throws Exception {
        List<RingFactory> selected = RingFactories.load().all().stream().filter(include::matches)
                .filter(f -> f.runs(Ring.WORKLOAD)) // footprint is a ring's: bytes per node
                .toList();
        if (selected.isEmpty()) {
            throw new UsageException("--include " + include.includes() + " matches no implementation id (see 'list')");
        }
        Path dir = results.orElse(Home.home().resolve("results"));
        AtomicFiles.requireWritable(dir);
        List<Integer> sizes = nodes.orElse(DEFAULT_NODES).stream().sorted().toList();
        Path runDir = RunFolder.create(dir, "footprint-");
        return new FootprintRunner(runDir, Home.home(), timeoutSeconds, System.out).run(selected, sizes);
    }
}
