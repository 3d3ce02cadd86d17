package threadring.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import threadring.bench.util.Processes;

/**
 * A workload added by tests alone: the two fixture workloads of {@code threadring.bench.fixture}
 * (one timed, one served), with their models, report sections, runner and score kind, are
 * registered only by the service files of {@code src/test/fixture}, which this test adds to the
 * class path of the tool's own command line (benchmarks.jar first, as benchmark.sh runs it). A
 * sweep of them goes through the plan, their runner, run.json, the report and export, and no file
 * of ring-core or ring-bench's main sources names them.
 */
class WorkloadByTestsIT {

    static final Path FIXTURE_SERVICES = Path.of("src", "test", "fixture");
    static final Path TEST_CLASSES = Path.of("target", "test-classes");

    @TempDir
    Path tmp;

    private BenchmarksJarIT.Result cli(boolean withFixture, String... args) throws IOException, InterruptedException {
        String cp = BenchmarksJarIT.JAR + (withFixture ? java.io.File.pathSeparator + TEST_CLASSES
                + java.io.File.pathSeparator + FIXTURE_SERVICES : "");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dthreadring.home=" + tmp, "-cp", cp, Cli.class.getName()));
        cmd.addAll(List.of(args));
        Processes.Exit exit = Processes.capture(cmd, Duration.ofMinutes(5));
        assertFalse(exit.timedOut(), "timed out: " + cmd);
        return new BenchmarksJarIT.Result(exit.status(), String.join("\n", exit.output()) + "\n");
    }

    @Test
    void fixtureWorkloadsRunEndToEndWithNoMainFileNamingThem() throws Exception {
        BenchmarksJarIT.Result list = cli(true, "list");
        assertEquals(0, list.exit(), list.output());
        assertTrue(list.output().contains("loop/tally") && list.output().contains("stream/tally"), list.output());

        BenchmarksJarIT.Result run = cli(true, "--quick", "--profile", "none", "--workload", "fixture-timed",
                "--workload", "fixture-served");
        assertEquals(0, run.exit(), run.output());
        Path dir = tmp.resolve("results").resolve("latest").toRealPath();
        String json = Files.readString(threadring.bench.data.RunFile.file(dir));
        for (String s : List.of("\"FIXTURE_TIMED\"", "\"FIXTURE_SERVED\"", "\"kind\": \"fixture-served\"",
                "\"kind\": \"passes\"", "loop/tally", "stream/tally")) {
            assertTrue(json.contains(s), s + " in run.json");
        }
        String report = Files.readString(dir.resolve("report.md"));
        assertTrue(report.contains("| loop/tally |") && report.contains("| stream/tally |"), report);
        assertTrue(report.contains("requests/s"), "the served rows read as a rate: " + report);
        assertTrue(report.contains("| fork spread % |"), "the fixture's statistic has its column: " + report);
        assertTrue(report.contains("## The answer"), report);
        String answer = report.substring(report.indexOf("## The answer"), report.indexOf("## Environment"));
        assertTrue(answer.contains("| requests/s [95%] |") && !answer.contains("| ns/request [95%] |"),
                "the served fixture's answer reads a rate, as its section's scale says: " + answer);

        // run.json read back through the same types: the report again, and export
        BenchmarksJarIT.Result again = cli(true, "report", dir.toString());
        assertEquals(0, again.exit(), again.output());
        Path bmf = tmp.resolve("bmf.json");
        BenchmarksJarIT.Result export = cli(true, "export", dir.toString(), "--out", bmf.toString());
        assertEquals(0, export.exit(), export.output());
        String exported = Files.readString(bmf);
        assertTrue(exported.contains("loop/tally") && exported.contains("stream/tally"), exported);

        // without the fixture on the class path its run cannot be read, and says which workload it lacks
        BenchmarksJarIT.Result without = cli(false, "report", dir.toString());
        assertNotEquals(0, without.exit(), without.output());
        assertTrue(without.output().toLowerCase(Locale.ROOT).contains("fixture"), without.output());

        List<String> naming = new ArrayList<>();
        for (String main : List.of("../ring-core/src/main", "src/main")) {
            try (Stream<Path> files = Files.walk(Path.of(main))) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    String text = Files.readString(f).toLowerCase(Locale.ROOT);
                    if (text.contains("tally") || text.contains("fixture_timed") || text.contains("fixture-served")) {
                        naming.add(f.toString());
                    }
                }
            }
        }
        assertEquals(List.of(), naming, "main files naming the fixture workloads");
    }
}
