package threadring.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.answer.Answer;
import threadring.bench.data.Run;
import threadring.bench.data.Runs;

/** The cost columns: what the counters say per hop, n/a where a row was not counted, none where no row was. */
class CostsTest {

    static final String LABEL = "jdk25-cpusall";

    static Run counted() {
        return Runs.run("20260101-000000", List.of(LABEL),
                Runs.counted("threads/park", 1.0, 1.2, 0, 15_000, 15_100, 14_900),
                Runs.counted("virtual/spin", 1.9, 0.0004, 0, 900, 910, 890),
                Runs.counted("virtual/park-p1", 1.0, 0.002, 16, 200, 202, 198),
                Runs.forks("floor/loop", 1.40, 1.41, 1.39));
    }

    private static String[] cells(String md, String id) {
        return md.lines().filter(l -> l.startsWith("| " + id + " |")).findFirst().orElseThrow().split(" \\| ");
    }

    @Test
    void eachRowSaysWhatAHopCost() {
        String md = Report.render(counted(), new Chart.Outcome(null, null, "none"), Answer::write);
        String header = md.lines().filter(l -> l.startsWith("| id | hops per pass |")).findFirst().orElseThrow();
        assertTrue(header.contains("| CPU ns/hop [95%] | cores busy | switches per 1,000 hops | migrations per 1,000 hops "
                + "| bytes/hop | CPU in GC, JIT |"), header);
        // the cost columns by name, from the CPU column on (a probe added later adds columns after them)
        int n = java.util.Arrays.asList(header.split(" \\| ")).indexOf("CPU ns/hop [95%]") + 6;
        String[] park = cells(md, "threads/park");
        assertTrue(park[n - 6].startsWith("15,000 ["), "one core busy: CPU per hop is its time: " + park[n - 6]);
        assertEquals("1.00", park[n - 5]);
        assertEquals("1,200.0", park[n - 4], "1.2 switches per hop");
        assertEquals("0.00", park[n - 3]);
        assertEquals("0.00", park[n - 2]);
        assertTrue(park[n - 1].startsWith("GC 5%, JIT 2%"), park[n - 1]);
        String[] spin = cells(md, "virtual/spin");
        assertEquals("1.90", spin[n - 5], "a spinning rendezvous keeps both cpus busy");
        assertTrue(spin[n - 6].startsWith("1,710 ["), spin[n - 6]);
        String[] p1 = cells(md, "virtual/park-p1");
        assertEquals("2.00", p1[n - 4], "two switches per 1,000 hops");
        assertEquals("16.0", p1[n - 2]);
        String[] loop = cells(md, "floor/loop");
        assertEquals("n/a", loop[n - 6], "a row without counters says so");
        assertTrue(md.contains("cost: read in each scored fork at its iterations' boundaries"), "the note says what they are");
        assertTrue(md.contains("| added CPU ns/hop |"), "over the floor says what a model adds in CPU");
    }

    @Test
    void aRunWithoutCountersHasNoCostColumns() {
        Run run = Runs.run("20260101-000000", List.of(LABEL), Runs.forks("threads/park", 15_000, 15_100, 14_900),
                Runs.forks("floor/loop", 1.40, 1.41, 1.39));
        String md = Report.render(run, new Chart.Outcome(null, null, "none"), Answer::write);
        assertFalse(md.contains("CPU ns/hop [95%]") || md.contains("added CPU"), "older runs and --no-counters: no empty columns");
    }

    @Test
    void theCostChartHasAPointPerCountedRow() {
        var drawing = CostChart.build(counted(), Series.steps(counted()), s -> s.label()).orElseThrow();
        assertEquals(3, drawing.plot().getDataset().getItemCount(0), "three counted rows, floor/loop has no counters");
        assertEquals(java.util.Set.of("threads/park", "virtual/spin", "virtual/park-p1"),
                java.util.Set.copyOf(drawing.ids()));
    }
}
