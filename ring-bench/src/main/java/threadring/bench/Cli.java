package threadring.bench;

import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import threadring.core.RingFactories;
import threadring.core.RingFactory;

/** The commands behind benchmark.sh: run (the default), check, list, report, compare, env. */
public final class Cli {

    static final String USAGE = """
            usage: benchmark.sh [run] [options]     run the JMH sweep, write results/<run-id>/
                   benchmark.sh check [--include REGEX] [--nodes N] [--hops H] [--timeout S]
                                                   one verified pass per implementation (default N=503, H=1000000)
                   benchmark.sh list               implementation ids and benchmarks
                   benchmark.sh report RUN         rewrite RUN's report.md and chart from its JMH results
                   benchmark.sh compare RUN_A RUN_B
                                                   ratio B/A of ns/hop per id, written to RUN_B/compare-<A>.md
                   (RUN: a run directory, a run id under results/, or latest)

            run options:
              --include REGEX   only ids matching REGEX (repeatable; e.g. 'virtual/park', '^threads/')
              --cpus LIST       run JMH under taskset -c LIST (repeatable: one sweep per cpu set)
              --nodes N         ring size (default 503)
              --hops H          hops per pass (default 10000000; 100000 with --quick)
              --quick           short smoke sweep: 1 fork, 1 warm-up, 2 measured passes of 100000 hops
              --jdk PATH        JDK home to run the benchmarks on (repeatable: one sweep per JDK)
              --forks N, --warmups N, --iterations N   override JMH's per-benchmark settings
              --results DIR     where runs are written (default: results/ next to benchmark.sh)
              --profile NAME    JMH profiler for every benchmark, repeatable: stack, gc, jfr, async, or none
                                (default: stack and gc; async = async-profiler flame graphs, shipped in the jar)
              -h, --help        this text

            environment (the 2014 script's): workerCount=N (nodes), ringSize=H (hops), cpuList='0 0-1' (cpu sets)
            """;

    private Cli() {}

    public static void main(String[] argv) {
        System.exit(run(Arrays.asList(argv), System.out));
    }

    static int run(List<String> argv, PrintStream out) {
        String prog = System.getProperty("threadring.prog", "benchmark.sh");
        try {
            String command = argv.isEmpty() || argv.get(0).startsWith("-") ? "run" : argv.get(0);
            List<String> rest = argv.isEmpty() || argv.get(0).startsWith("-") ? argv : argv.subList(1, argv.size());
            if (rest.contains("-h") || rest.contains("--help") || command.equals("help")) {
                out.print(USAGE);
                return 0;
            }
            switch (command) {
                case "run":
                    RunOptions options = RunOptions.parse(rest, System.getenv(), Args.onlineCpus(), home().resolve("results"));
                    return new Sweep(options, jar(), home(), out).run();
                case "check":
                    return Check.parse(rest, out).run();
                case "list":
                    noArguments(command, rest);
                    list(out);
                    return 0;
                case "report":
                    if (rest.size() != 1) {
                        throw new UsageException("report needs one run (a directory, a run id or latest), got " + rest);
                    }
                    out.println(Report.write(Compare.resolve("report", rest.get(0), home().resolve("results"))));
                    return 0;
                case "compare":
                    if (rest.size() != 2) {
                        throw new UsageException("compare needs two runs, RUN_A RUN_B (directories, run ids under "
                                + "results/, or latest), got " + rest);
                    }
                    Path a = Compare.resolve("compare", rest.get(0), home().resolve("results"));
                    Path b = Compare.resolve("compare", rest.get(1), home().resolve("results"));
                    Path written = Compare.write(a, b);
                    out.print(Files.readString(written));
                    out.println("threadring: written to " + written);
                    return 0;
                case "env":
                    noArguments(command, rest);
                    out.println(Sweep.JSON.toJson(Env.jvm()));
                    return 0;
                default:
                    throw new UsageException("unknown command '" + command + "' (commands: run, check, list, report, compare; see -h)");
            }
        } catch (UsageException e) {
            System.err.println(prog + ": " + e.getMessage());
            return 2;
        } catch (Exception e) {
            System.err.println(prog + ": " + e);
            e.printStackTrace();
            return 1;
        }
    }

    private static void noArguments(String command, List<String> rest) {
        if (!rest.isEmpty()) {
            throw new UsageException(command + " takes no arguments, got " + rest);
        }
    }

    static void list(PrintStream out) {
        RingFactories factories = RingFactories.load();
        out.println("implementations:");
        for (RingFactory f : factories.all()) {
            out.printf("  %-24s %s%s%n", f.id(), f.description(),
                    f.jvmArgs().isEmpty() ? "" : " [JVM flags: " + String.join(" ", f.jvmArgs()) + "]");
        }
        if (!factories.unloadable().isEmpty()) {
            out.println("  (" + factories.unloadable().size() + " more cannot load on JDK " + Runtime.version().feature()
                    + ", e.g. " + factories.unloadable().get(0) + ")");
        }
        out.println("benchmarks:");
        for (Catalog.Benchmark b : Catalog.load().benchmarks()) {
            out.printf("  %-56s %s%n", b.name(), String.join(" ", b.ids()));
        }
    }

    /** The directory holding benchmark.sh (passed by it), else the working directory. */
    static Path home() {
        return Path.of(System.getProperty("threadring.home", ".")).toAbsolutePath().normalize();
    }

    /** The shaded jar this class was loaded from. */
    static Path jar() {
        try {
            Path p = Path.of(Cli.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(p)) {
                throw new IllegalStateException("run needs benchmarks.jar on the class path, not " + p);
            }
            return p;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
