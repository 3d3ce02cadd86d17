package threadring.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.report.Headline;
import threadring.bench.util.UsageException;

/** The docs' answer: found in the newest committed default sweep, written between markers, stale when it differs. */
class DocsCommandTest {

    static final Path COMMITTED = Path.of("..", "docs", "results");

    @Test
    void theAnswerGoesBetweenTheMarkersAndNowhereElse() {
        String page = "# T\n\nbefore\n" + DocsCommand.BEGIN + "\nold answer\n" + DocsCommand.END + "\nafter\n";
        String out = DocsCommand.replaced(page, "new answer\n", "README.md");
        assertEquals("# T\n\nbefore\n" + DocsCommand.BEGIN + "\n\nnew answer\n\n" + DocsCommand.END + "\nafter\n", out);
        assertEquals(out, DocsCommand.replaced(out, "new answer\n", "README.md"), "written twice, the same page");
        UsageException e = assertThrows(UsageException.class, () -> DocsCommand.replaced("# T\n", "x", "README.md"));
        assertTrue(e.getMessage().startsWith("README.md has no answer markers"), e.getMessage());
    }

    @Test
    void theNewestDefaultSweepOfEveryWorkloadIsTheDocsRun() throws IOException {
        Path newest = DocsCommand.newest(COMMITTED);
        Run run = RunFile.read(newest);
        assertTrue(Headline.defaultSweep(run));
        // a default sweep of four workloads (before Skynet) is not one of every workload
        assertFalse(Headline.defaultSweep(RunFile.read(COMMITTED.resolve("20261126-194407"))));
        assertTrue(run.runId().compareTo("20261128-050738") >= 0,
                "the newest is at least the first default sweep of five workloads: " + run.runId());
    }

    @Test
    void theCommittedPagesCarryTheNewestSweepsAnswer() throws IOException {
        Run run = RunFile.read(DocsCommand.newest(COMMITTED));
        for (DocsCommand.Page page : DocsCommand.PAGES) {
            String text = Files.readString(Path.of("..").resolve(page.file()));
            String answer = Headline.markdown(run, page.toResults() + run.runId() + "/report.md");
            assertEquals(text, DocsCommand.replaced(text, answer, page.file()),
                    page.file() + " is stale: run ./benchmark.sh docs");
        }
    }
}
