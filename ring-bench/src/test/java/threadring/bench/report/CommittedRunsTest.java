package threadring.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import threadring.bench.answer.Answer;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;

/**
 * The runs committed under docs/results, of run.json schema 1 and 2: each still reads, and
 * re-renders to the very report.md committed beside it (every table, row and note), so that
 * a reader can trust that what the docs quote is what the tool makes of those runs today.
 * A deliberate change to the report re-renders them with {@code benchmark.sh report DIR}.
 */
class CommittedRunsTest {

    static final Path RESULTS = Path.of("..", "docs", "results");

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"20261124-000929", "20261124-005205", "20261124-005625", "20261124-045539"})
    void aCommittedSchemaOneRunRendersTheReportCommittedBesideIt(String runId) throws IOException {
        Path committed = RESULTS.resolve(runId);
        assertTrue(RunFile.text(RunFile.file(committed)).contains("\"schema\": 1"), runId + " is schema 1");
        Path dir = copy(committed, runId);
        Run run = RunFile.read(dir);
        assertEquals(Run.SCHEMA, run.schema(), "read as the current schema");
        Report.write(dir, Answer::write);
        List<String> expected = Files.readAllLines(committed.resolve(Report.FILE));
        List<String> rendered = Files.readAllLines(dir.resolve(Report.FILE));
        assertTrue(expected.stream().filter(l -> l.startsWith("| ")).count() > 10, "the committed report has tables");
        for (int i = 0; i < Math.min(expected.size(), rendered.size()); i++) {
            assertEquals(expected.get(i), rendered.get(i), runId + "/report.md line " + (i + 1));
        }
        assertEquals(expected.size(), rendered.size(), runId + "/report.md lines");
    }

    /** Every run committed under docs/results, by id. */
    static java.util.stream.Stream<String> committedRuns() throws IOException {
        try (java.util.stream.Stream<Path> dirs = Files.list(RESULTS)) {
            return dirs.filter(RunFile::isRun).map(d -> d.getFileName().toString()).sorted().toList().stream();
        }
    }

    /** Every committed run (all schemas, every workload, the sweeps the docs answer from) re-renders its report.md. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("committedRuns")
    void aCommittedRunRendersTheReportCommittedBesideIt(String runId) throws IOException {
        Path committed = RESULTS.resolve(runId);
        Path dir = copy(committed, runId);
        Report.write(dir, Answer::write);
        List<String> expected = Files.readAllLines(committed.resolve(Report.FILE));
        assertTrue(expected.stream().filter(l -> l.startsWith("| ")).count() > 10, "the committed report has tables");
        assertEquals(expected, Files.readAllLines(dir.resolve(Report.FILE)), runId + "/report.md");
    }

    /** A committed run's data file (run.json, or run.json.gz) copied into a fresh folder of the same name. */
    private Path copy(Path committed, String runId) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(runId));
        Path file = RunFile.file(committed);
        Files.copy(file, dir.resolve(file.getFileName()));
        return dir;
    }
}
