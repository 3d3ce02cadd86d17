package threadring.bench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import threadring.bench.check.CheckCommand;
import threadring.bench.compare.Compare;
import threadring.bench.data.Env;
import threadring.bench.data.FootprintRun;
import threadring.bench.data.Json;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.footprint.FootprintReport;
import threadring.bench.jmh.CalibrateJob;
import threadring.bench.options.Context;
import threadring.bench.report.Report;
import threadring.bench.report.Series;
import threadring.bench.results.Merge;
import threadring.bench.results.RunFolder;
import threadring.bench.units.Units;
import threadring.bench.util.AtomicFiles;
import threadring.bench.util.Commands;
import threadring.bench.util.HelpOption;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Workload;
import threadring.core.workloads.Workloads;

/**
 * The commands behind benchmark.sh, parsed by picocli: run (the default), check, footprint, list,
 * report, compare. A bad option or value is one line naming it and exit status 2; any other error is one
 * line and exit status 1.
 */
@Command(name = "benchmark.sh", usageHelpAutoWidth = true,
        description = "JMH sweeps of JVM concurrency models on the thread ring.",
        subcommands = {RunCommand.class, CheckCommand.class, FootprintCommand.class, Cli.ListIds.class, Cli.ReportRun.class,
                Cli.CompareRuns.class, Cli.MergeRuns.class, Cli.ProbeJvm.class, CalibrateJob.class, ExportCommand.class, DocsCommand.class},
        footer = {"", "Without a command, benchmark.sh runs the sweep: 'benchmark.sh [run] [OPTIONS]'; "
                + "'benchmark.sh run -h' lists its options. RUN is a run directory, a run id under results/, or latest."})
public final class Cli {

    static final Set<String> COMMANDS = Set.of("run", "check", "footprint", "list", "report", "compare", "merge", "env", "calibrate",
            "help", "export", "docs");

    private Cli() {}

    public static void main(String[] argv) {
        System.exit(run(List.of(argv), System.out, System.err));
    }

    public static int run(List<String> argv, PrintStream out, PrintStream err) {
        String prog = System.getProperty("threadring.prog", "benchmark.sh");
        List<String> args = new ArrayList<>(argv);
        boolean topHelp = args.size() == 1 && List.of("-h", "--help", "help").contains(args.get(0));
        if (!topHelp && (args.isEmpty() || !COMMANDS.contains(args.get(0)))) {
            args.add(0, "run"); // the default command
        }
        CommandLine cli = withWorkloads(Commands.line(Cli.class, prog, out, err));
        if (topHelp) {
            cli.usage(out);
            out.println();
            cli.getSubcommands().get("run").usage(out);
            return 0;
        }
        return cli.execute(args.toArray(String[]::new));
    }

    /** The command line {@code c} with every workload's options ({@link Units#withOptions}). */
    public static CommandLine withWorkloads(CommandLine c) {
        return Units.withOptions(c);
    }

    @Command(name = "list", description = "Implementation ids, what each measures and the JVM flags it needs.")
    static final class ListIds implements Callable<Integer> {
        @Mixin
        HelpOption help;

        @Override
        public Integer call() {
            PrintStream out = System.out;
            RingFactories factories = RingFactories.load();
            out.println("implementations:");
            for (RingFactory f : factories.all()) {
                out.printf("  %-32s %s%s%s%n", f.id(), f.description(),
                        workloads(f),
                        f.jvmArgs().isEmpty() ? "" : " [JVM flags: " + String.join(" ", f.jvmArgs()) + "]");
            }
            if (!factories.unloadable().isEmpty()) {
                out.println("  (" + factories.unloadable().size() + " more cannot load on JDK "
                        + Runtime.version().feature() + ", e.g. " + factories.unloadable().get(0) + ")");
            }
            Context run = new Context(false, false, false, Map.of());
            out.println("benchmarks: " + String.join(", ", Units.ALL.stream().flatMap(s -> s.options().series(run,
                    List.of()).stream().limit(1)).flatMap(size -> size.measured(t -> Stream.of(
                            t.benchmark() + " (the " + t.workload().title() + ")"), served -> Stream.<String>empty()))
                    .toList()) + "; the runner sets -p impl=<id>, and the id's JVM flags");
            return 0;
        }
    }

    /** " [ring, rendezvous; default: ring]": the workloads an id runs, and those whose default sweep it is in. */
    static String workloads(RingFactory f) {
        List<String> runs = Workloads.ALL.stream().filter(f::runs).map(Workload::label).toList();
        List<String> inDefault = Workloads.ALL.stream().filter(f::inDefaultSweep)
                .map(Workload::label).toList();
        String issues = Workloads.ALL.stream().filter(w -> f.knownIssue(w).isPresent())
                .map(w -> " [known issue in the " + w.label() + ": " + f.knownIssue(w).get() + "]")
                .collect(Collectors.joining());
        return " [" + String.join(", ", runs) + "; default sweep: " + (inDefault.isEmpty() ? "none"
                : String.join(", ", inDefault)) + "]" + issues;
    }

    @Command(name = "report", description = "Rewrite RUN's report.md, report.html, charts and jmh-result.json from "
            + "its run.json (and a footprint run's report from footprint.json).")
    static final class ReportRun implements Callable<Integer> {
        @Mixin
        HelpOption help;

        @Parameters(paramLabel = "RUN", description = "A run directory, a run id under results/, or latest.")
        String run;

        @Option(names = "--re-estimate", description = "First estimate RUN's run-to-run components again from the "
                + "sweeps made alike before it in its results folder, as a new run would (run.json names them).")
        boolean reEstimate;

        @Override
        public Integer call() throws Exception {
            Path dir = Home.resolve("report", run, Home.home().resolve("results"));
            if (reEstimate) {
                System.out.println("threadring: run-to-run components of " + RunFolder.reEstimate(dir).source());
            }
            if (Files.isRegularFile(dir.resolve(FootprintRun.FILE))) {
                System.out.println(FootprintReport.write(dir,
                        Json.read(dir.resolve(FootprintRun.FILE), FootprintRun.class)));
            } else {
                System.out.println(RunFolder.render(dir));
            }
            return 0;
        }
    }

    @Command(name = "compare", description = "B against A per id: the ratio B/A of ns per hop or exchange (ms per "
            + "fan-out) with its 95%% interval and a verdict; written to RUN_B/compare-<A>.md and .html.")
    static final class CompareRuns implements Callable<Integer> {
        @Mixin
        HelpOption help;

        @Parameters(index = "0", paramLabel = "RUN_A", description = "The run compared against (only read): a run "
                + "directory, a run id under results/, or latest.")
        String a;

        @Parameters(index = "1", paramLabel = "RUN_B", description = "The run compared, which receives the comparison.")
        String b;

        @Override
        public Integer call() throws Exception {
            Path results = Home.home().resolve("results");
            Path written = Compare.write(Home.resolve("compare", a, results), Home.resolve("compare", b, results));
            System.out.print(Files.readString(written));
            System.out.println("threadring: written to " + written);
            return 0;
        }
    }

    @Command(name = "merge", description = "One run from several: the shards of a plan (run --shard K/N), or runs of "
            + "other configurations or hosts side by side (each host's configurations labelled with its name); "
            + "written to results/merged-<hash of the runs' ids>/ with its report.")
    static final class MergeRuns implements Callable<Integer> {
        @Mixin
        HelpOption help;

        @Parameters(arity = "1..*", paramLabel = "RUN", description = "Run directories, run ids under results/, or "
                + "latest.")
        List<String> runs;

        @Option(names = "--results", paramLabel = "DIR", description = "Where the merged run is written (default: "
                + "results/ next to benchmark.sh).")
        Path results;

        @Option(names = "--partial", description = "Merge the shards there are when some of a plan's are missing; "
                + "the report says the run is partial.")
        boolean partial;

        @Override
        public Integer call() throws Exception {
            Path runs = Home.home().resolve("results");
            List<Merge.Input> inputs = new ArrayList<>();
            for (String r : this.runs) {
                Path dir = Home.resolve("merge", r, runs);
                inputs.add(new Merge.Input(dir, RunFile.read(dir)));
            }
            Path out = (results != null ? results : runs).toAbsolutePath().normalize();
            AtomicFiles.requireWritable(out);
            Path merged = Merge.write(inputs, partial, out);
            Run run = RunFile.read(merged);
            System.out.println("threadring: merged " + inputs.size() + " run(s) into " + merged + " ("
                    + run.state().toString().toLowerCase(Locale.ROOT) + ", " + run.configurations().size()
                    + " configuration(s), " + Series.ids(run).size() + " ids)");
            System.out.println("threadring: report " + merged.resolve(Report.FILE) + " and "
                    + merged.resolve(Report.HTML));
            return 0;
        }
    }

    /** Writes this JVM's facts to FILE: how the sweep probes a JDK and cpu set. */
    @Command(name = "env", hidden = true)
    static final class ProbeJvm implements Callable<Integer> {
        @Parameters(paramLabel = "FILE")
        Path file;

        @Override
        public Integer call() throws Exception {
            Env.main(new String[] {file.toString()});
            return 0;
        }
    }
}
