package threadring.bench.workloads.fairness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.answer.Glance;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.report.Board;
import threadring.core.fairness.Fairness;

/**
 * The fairness answer ranks by the probe's lateness whatever the run holds: a run of one model
 * (the scheduler knobs' run 20261207-163629, virtual threads alone) ranks its forms by the 99th
 * percentile, never by the hogs' time.
 */
class FairnessBoardTest {

    private static final Path KNOBS = Path.of("..", "docs", "results", "20261207-163629");

    @Test
    void aRunOfOneModelIsRankedByLateness() throws IOException {
        Run run = RunFile.read(KNOBS);
        List<Board> boards = Glance.boards(run, Fairness.WORKLOAD);
        assertEquals(4, boards.size(), "two JDKs, each with and without the knob");
        for (Board b : boards) {
            assertEquals("ms late at p99", b.unit(), b.series().label());
            assertEquals(1, b.entries().size(), "one model, its least late form: " + b.series().label());
        }
    }
}
