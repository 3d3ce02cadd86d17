package threadring.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import threadring.bench.data.Presets;
import threadring.bench.data.Settings;
import threadring.bench.sweep.Request;
import threadring.bench.util.UsageException;
import threadring.core.echo.EchoServer;
import threadring.core.echo.EchoSize;
import threadring.core.fanout.FanOut;
import threadring.core.fanout.FanOutSize;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;

class CliTest {

    static final Path RESULTS = Path.of("target", "cli-test-results").toAbsolutePath(); // never created: resolved only

    static Request resolve(Map<String, String> env, String... args) {
        RunCommand run = new RunCommand();
        Cli.withWorkloads(new CommandLine(run)).parseArgs(args);
        return run.resolve(env, RESULTS);
    }

    /** Exit status and stderr of the command line, for arguments rejected before any work. */
    record Outcome(int exit, String err) {}

    static Outcome cli(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = Cli.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(exit, err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void defaultsLeaveTheShapeToTheBenchmarksAndProfileWithGcAndJfr() {
        Request r = resolve(Map.of());
        Settings s = r.settings();
        assertEquals(List.of(RingSize.classic(503)), s.series(Ring.WORKLOAD));
        assertEquals(java.util.Optional.empty(), s.fixedSteps(Ring.WORKLOAD));
        assertNull(s.scored().forks());
        assertEquals(List.of(), s.cpus());
        assertEquals(List.of("gc", "jfr"), s.profilers());
        assertEquals(Presets.PROFILING, s.profiling());
        assertEquals(RESULTS, r.results());
    }

    @Test
    void optionsAreKept() {
        Settings s = resolve(Map.of(), "--nodes", "7", "--hops", "1000", "--forks", "5", "--warmups", "0",
                "--iterations", "3", "--include", "virtual/park", "--include", "^threads/", "--cpus", "0",
                "--cpus", "0-1", "--results", "target/r").settings();
        assertEquals(List.of(RingSize.classic(7)), s.series(Ring.WORKLOAD));
        assertEquals(1000, s.fixedSteps(Ring.WORKLOAD).orElseThrow());
        assertEquals(5, s.scored().forks());
        assertEquals(0, s.scored().warmups());
        assertEquals(3, s.scored().iterations());
        assertEquals(List.of("virtual/park", "^threads/"), s.selection().includes());
        assertEquals(List.of("0", "0-1"), s.cpus());
    }

    @Test
    void nodesRepeatForOneSeriesPerRingSize() {
        assertEquals(List.of(503, 100_000, 1_000_000), resolve(Map.of("workerCount", "7"), "--nodes", "503", "--nodes",
                "100000", "--nodes", "1000000", "--nodes", "503").settings().series(Ring.WORKLOAD).stream()
                .map(x -> ((RingSize) x).nodes()).toList());
    }

    @Test
    void quickIsOneForkOfShortPassesAndProfilesOnlyWhenAsked() {
        Settings s = resolve(Map.of(), "--quick").settings();
        assertEquals(List.of(1, 1, 2), List.of(s.scored().forks(), s.scored().warmups(), s.scored().iterations()));
        assertEquals(List.of(), s.profilers());
        Settings told = resolve(Map.of(), "--quick", "--forks", "2", "--profile", "gc").settings();
        assertEquals(2, told.scored().forks());
        assertEquals(List.of("gc"), told.profilers());
        assertEquals(Presets.QUICK_PROFILING, told.profiling());
    }

    @Test
    void the2014EnvironmentVariablesStillWork() {
        Settings s = resolve(Map.of("workerCount", "101", "ringSize", "5000", "cpuList", "0 0-1")).settings();
        assertEquals(List.of(RingSize.classic(101)), s.series(Ring.WORKLOAD));
        assertEquals(5000, s.fixedSteps(Ring.WORKLOAD).orElseThrow());
        assertEquals(List.of("0", "0-1"), s.cpus());
        Settings overridden = resolve(Map.of("workerCount", "101", "cpuList", "0"), "--nodes", "3",
                "--cpus", "1").settings();
        assertEquals(List.of(RingSize.classic(3)), overridden.series(Ring.WORKLOAD));
        assertEquals(List.of("1"), overridden.cpus());
        assertEquals("workerCount must be an integer >= 2, was '1'",
                assertThrows(UsageException.class, () -> resolve(Map.of("workerCount", "1"))).getMessage());
        assertEquals("cpuList must be a cpu list like 0 or 0-1 or 0,2-3, was 'x'",
                assertThrows(UsageException.class, () -> resolve(Map.of("cpuList", "x"))).getMessage());
    }

    @Test
    void theDefaultSweepRunsEveryWorkload() {
        List<threadring.core.Workload<?, ?>> asked = threadring.core.workloads.Workloads.ALL.stream()
                .filter(w -> !threadring.bench.units.Units.of(w).options().byDefault(
                        new threadring.bench.options.Context(false, false, false, Map.of()))).toList();
        assertTrue(asked.size() <= 1, "workloads left to be asked for: " + asked);
        assertEquals(threadring.core.workloads.Workloads.ALL.stream().filter(w -> !asked.contains(w)).toList(),
                resolve(Map.of()).settings().workloads());
        assertEquals(threadring.bench.units.Units.swept(), resolve(Map.of()).settings().workloads(),
                "what the docs' default sweep needs is what run sweeps");
        assertEquals(List.of(new EchoSize(1_000)),
                resolve(Map.of()).settings().series(EchoServer.WORKLOAD));
        assertEquals(List.of(Rendezvous.WORKLOAD), resolve(Map.of(), "--workload", "rendezvous").settings().workloads());
    }

    /** The default fan-out: 100,000 tasks waiting 100 ms, without work; with consumeCPU(1000) by name. */
    @Test
    void theFanOutsDefaultSeriesAreTheSourcesWithAndWithoutWork() {
        assertEquals(List.of(new FanOutSize(100_000, 100, 0)), resolve(Map.of()).settings().series(FanOut.WORKLOAD));
        assertEquals(List.of(new FanOutSize(100_000, 100, 0), new FanOutSize(100_000, 100, 1000)),
                resolve(Map.of(), "--work", "0", "--work", "1000").settings().series(FanOut.WORKLOAD));
        assertEquals(List.of(new FanOutSize(10, 5, 7), new FanOutSize(20, 5, 7)),
                resolve(Map.of(), "--workload", "fanout", "--tasks", "10", "--tasks", "20", "--delay-ms", "5", "--work",
                        "7").settings().series(FanOut.WORKLOAD));
    }

    @Test
    void profilers() {
        assertEquals(List.of(), resolve(Map.of(), "--profile", "none").settings().profilers());
        assertEquals(List.of("gc", "async"), resolve(Map.of(), "--profile", "gc", "--profile", "async", "--profile",
                "gc").settings().profilers());
        assertEquals(List.of("jfr", "stack"), resolve(Map.of(), "--profile", "JFR", "--profile", "stack")
                .settings().profilers());
        assertEquals("--profile none cannot be combined with other profilers, got [none, gc]",
                assertThrows(UsageException.class, () -> resolve(Map.of(), "--profile", "none", "--profile", "gc"))
                        .getMessage());
    }

    @Test
    void badValuesAreOneLineNamingOptionAndValueWithExitTwo() {
        String[][] cases = {
            {"--nodes", "1"}, {"Invalid value for option '--nodes' (N): must be an integer >= 2, was '1'"},
            {"--hops", "x"}, {"Invalid value for option '--hops': must be an integer >= 1, was 'x'"},
            {"--hops", "0"}, {"Invalid value for option '--hops': must be an integer >= 1, was '0'"},
            {"--cpus", "99"}, {"Invalid value for option '--cpus' (LIST): names cpu 99, which is not online"},
            {"--cpus", "1-0"}, {"Invalid value for option '--cpus' (LIST): has a reversed range '1-0' in '1-0'"},
            {"--include", "("}, {"Invalid value for option '--include' (REGEX): not a valid regular expression: '('"},
            {"--profile", "perfasm"}, {"Invalid value for option '--profile' (NAME): must be one of gc, jfr, stack, async "
                    + "or none, was 'perfasm'"},
            {"--profile"}, {"Missing required parameter for option '--profile' (NAME)"},
            {"--jdk", "/nonexistent"}, {"Invalid value for option '--jdk' (JDK): must be a release like 21 or a JDK home "
                    + "containing bin/java, was '/nonexistent'"},
            {"--jdk", "9"}, {"Invalid value for option '--jdk' (JDK): threadring runs on JDK 17 and newer, was '9'"},
            {"--jdk", "19"}, {"Invalid value for option '--jdk' (JDK): no JDK 19 here (looked in .jdks/19, JAVA_HOME, "},
            {"--bogus"}, {"Unknown option: '--bogus'"},
            {"check", "--hops", "-1"}, {"Invalid value for option '--hops': must be an integer >= 1, was '-1'"},
            {"check", "--hops", "0"}, {"Invalid value for option '--hops': must be an integer >= 1, was '0'"},
            {"check", "--timeout", "0"}, {"Invalid value for option '--timeout': must be an integer >= 1, was '0'"},
            {"report"}, {"Missing required parameter: 'RUN'"},
            {"--workload", "tube"}, {"Invalid value for option '--workload' (NAME): workload must be one of "
                    + threadring.core.workloads.Workloads.ALL.stream().map(threadring.core.Workload::label)
                            .collect(java.util.stream.Collectors.joining(", ")) + ", was 'tube'"},
            {"--connections", "0"}, {"Invalid value for option '--connections' (C): must be an integer >= 1, was '0'"},
            {"--connections", "abc"}, {"Invalid value for option '--connections' (C): must be an integer >= 1, "
                    + "was 'abc'"},
            {"--shard", "0/2"}, {"Invalid value for option '--shard': must be K/N with 1 <= K <= N, was '0/2'"},
            {"--shard", "3/2"}, {"Invalid value for option '--shard': must be K/N with 1 <= K <= N, was '3/2'"},
            {"--shard", "x"}, {"Invalid value for option '--shard': must be K/N (slice K of N, 1 <= K <= N), "
                    + "was 'x'"},
            {"merge"}, {"Missing required parameter: 'RUN'"},
            {"merge", "/nonexistent"}, {"merge: '/nonexistent' is neither a run directory"},
            {"--workload", "ring", "--connections", "5"}, {"--connections 5 applies to the echo server: add "
                    + "--workload echo"},
            {"check", "--connections", "0"}, {"Invalid value for option '--connections' (C): must be an integer >= 1, "
                    + "was '0'"},
            {"check", "--connections", "abc"}, {"Invalid value for option '--connections' (C): must be an integer "
                    + ">= 1, was 'abc'"},
            {"check", "--requests", "10"}, {"--requests 10 applies to the echo server: add --workload echo"},
            {"--tasks", "-1"}, {"Invalid value for option '--tasks' (T): must be an integer >= 0, was '-1'"},
            {"--workload", "ring", "--tasks", "0"}, {"--tasks 0 applies to the fan-out: add --workload fanout"},
            {"--delay-ms", "-5"}, {"Invalid value for option '--delay-ms' (D): must be an integer >= 0, was '-5'"},
            {"--delay-ms", "abc"}, {"Invalid value for option '--delay-ms' (D): must be an integer >= 0, was 'abc'"},
            {"--workload", "ring", "--delay-ms", "5"}, {"--delay-ms 5 applies to the fan-out: add --workload fanout"},
            {"check", "--tasks", "5"}, {"--tasks 5 applies to the fan-out: add --workload fanout"},
            {"--quick", "--long"}, {"--quick and --long cannot be combined"},
            {"check", "--soak", "1", "--nodes", "5"}, {"--soak draws its own shapes and sizes: --nodes cannot be given"},
            {"check", "--seed", "x"}, {"Invalid value for option '--seed': 'x' is not a long"},
            {"check", "--values", "-1"}, {"Invalid value for option '--values': must be an integer >= 1, was '-1'"},
            {"--workload", "ring", "--values", "5"}, {"--values 5 applies to the rendezvous: add --workload rendezvous"},
        };
        for (int i = 0; i < cases.length; i += 2) {
            Outcome o = cli(cases[i]);
            assertEquals(2, o.exit(), String.join(" ", cases[i]) + ": " + o.err());
            assertEquals(1, o.err().lines().count(), o.err());
            assertTrue(o.err().startsWith("benchmark.sh: " + cases[i + 1][0]), o.err());
        }
    }

    @Test
    void helpListsTheCommandsAndTheSweepsOptions() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, Cli.run(List.of("-h"), new PrintStream(out, true, StandardCharsets.UTF_8), System.err));
        String help = out.toString(StandardCharsets.UTF_8);
        for (String word : List.of("check", "list", "report", "compare", "--include", "--cpus", "--profile",
                "--forks", "workerCount")) {
            assertTrue(help.contains(word), word + " missing from\n" + help);
        }
    }

    /**
     * Every command's help renders without a picocli warning (an unescaped % in a description made
     * picocli print "[picocli WARN] Could not format ..."), and names the environment variables
     * that stand in for options as environment variables.
     */
    @Test
    void everyHelpRendersWithoutAWarningAndNamesTheEnvironmentVariables() {
        PrintStream err = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        StringBuilder help = new StringBuilder();
        try {
            System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
            CommandLine top = Cli.withWorkloads(threadring.bench.util.Commands.line(Cli.class, "benchmark.sh", System.out, System.err));
            List<CommandLine> all = new java.util.ArrayList<>(List.of(top));
            all.addAll(top.getSubcommands().values());
            for (CommandLine c : all) {
                help.append(c.getUsageMessage(CommandLine.Help.Ansi.OFF));
            }
        } finally {
            System.setErr(err);
        }
        assertEquals("", warnings.toString(StandardCharsets.UTF_8));
        String words = help.toString().replaceAll("\\s+", " ");
        for (String variable : List.of("environment variable cpuList", "environment variable workerCount",
                "environment variable ringSize", "95% interval")) {
            assertTrue(words.contains(variable), variable + " missing from the help");
        }
        assertTrue(!help.toString().contains("$cpuList") && !help.toString().contains("$workerCount"), help.toString());
    }
}
