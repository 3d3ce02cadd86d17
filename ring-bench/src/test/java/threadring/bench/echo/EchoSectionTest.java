package threadring.bench.echo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.answer.Answer;
import threadring.bench.compare.Compare;
import threadring.bench.data.Run;
import threadring.bench.data.Runs;
import threadring.bench.report.Chart;
import threadring.bench.report.Report;
import threadring.bench.report.Series;

/** The echo server's rows in report.md and compare: requests/s, speed-ups over threads, memory per connection. */
class EchoSectionTest {

    static final String LABEL = "jdk25-cpusall";

    /** threads/socket and virtual/socket at 100 and 10,000 connections, three repetitions each. */
    static Run run(String runId, double virtualScale) {
        return Runs.runOfJobs(runId, LABEL, List.of(
                List.of(Runs.echo("threads/socket", 100, 60, 20, 40_000, 41_000, 39_500),
                        Runs.echo("virtual/socket", 100, 50, 30, 80_000 * virtualScale, 82_000 * virtualScale,
                                79_000 * virtualScale)),
                List.of(Runs.echo("threads/socket", 10_000, 160, 30, 30_000, 31_000, 29_000),
                        Runs.echo("virtual/socket", 10_000, 70, 130, 60_000 * virtualScale, 61_000 * virtualScale,
                                59_000 * virtualScale))));
    }

    @Test
    void eachConnectionCountHasATableFastestFirstWithItsSpeedUpOverThreads() {
        String md = Report.render(run("r", 1), new Chart.Outcome(null, null, "none"), Answer::write);
        assertTrue(md.contains("## Echo server under wrk"), md);
        assertTrue(md.contains("## jdk25-cpusall, echo connections=100"), md);
        assertTrue(md.contains("## jdk25-cpusall, echo connections=10000"), md);
        String c100 = md.substring(md.indexOf("## jdk25-cpusall, echo connections=100 ("),
                md.indexOf("## jdk25-cpusall, echo connections=10000 ("));
        assertTrue(md.contains("## jdk25-cpusall, echo connections=100 (server pinned to cpu "), "the heading says where "
                + "the server ran, not the configuration's unpinned label alone: " + md);
        assertTrue(c100.indexOf("| virtual/socket | 3 | 80,") < c100.indexOf("| threads/socket | 3 | 40,"), c100);
        assertTrue(c100.contains("| 2.00x ["), "virtual over threads at 100 connections: " + c100);
        assertTrue(c100.contains("separated"), c100);
        assertTrue(c100.contains("| 1 (baseline) |"), c100);
        assertTrue(md.contains("![us per request"), md);
    }

    /**
     * A server pinned to one cpu that it kept busy answers at one cpu over its CPU per request: the
     * table says that ranking by either is one order (the Intel sweep of 2026-11-29, every server at
     * 0.99-1.01 cores); a run without the server's CPU read says nothing of it.
     */
    @Test
    void aServerKeepingItsOnePinnedCpuBusyIsRankedAsByItsCpuPerRequest() throws java.io.IOException {
        Run pinned = threadring.bench.data.RunFile.read(java.nio.file.Path.of("..", "docs", "results",
                "20261129-104228"));
        String md = Report.render(pinned, new Chart.Outcome(null, null, "none"), Answer::write);
        assertTrue(md.contains("*one busy cpu*: every server kept its one pinned cpu busy (0.99–1.01 cores"), md);
        assertFalse(Report.render(run("r", 1), new Chart.Outcome(null, null, "none"), Answer::write).contains("*one busy cpu*"));
    }

    /** A repetition alone far from the others is one server JVM apart, never a state of its own. */
    @Test
    void aLoneRepetitionIsApartAndTheRowKeepsItsState() {
        Run run = Runs.runOfJobs("m", LABEL, List.of(List.of(Runs.echo("threads/socket", 100, 60, 20, 40_000, 41_000,
                39_500), Runs.echo("virtual/socket", 100, 50, 30, 50_000, 80_000, 81_000))));
        String md = Report.render(run, new Chart.Outcome(null, null, "none"), Answer::write);
        String row = md.lines().filter(l -> l.startsWith("| virtual/socket | 3 |")).findFirst().orElseThrow();
        String[] cells = row.split(" \\| ");
        assertTrue(cells[2].startsWith("80,") && cells[2].endsWith("; 1 of 3 JVMs apart: 50,000"), row);
        assertTrue(cells[4].contains("**forks apart**") && cells[4].contains("1 JVM of 3 apart at 50,000"), row);
        assertTrue(cells[5].startsWith("2.0"), "the speed-up of its one state: " + row);
    }

    /** Two states of two repetitions each: each state's requests/s, and its speed-up, in the order of the values. */
    @Test
    void aRowInStatesListsItsSpeedUpsInTheOrderOfItsRequestsPerSecond() {
        Run run = Runs.runOfJobs("m", LABEL, List.of(List.of(Runs.echo("threads/socket", 100, 60, 20, 40_000, 41_000,
                39_500), Runs.echo("virtual/socket", 100, 50, 30, 50_000, 51_000, 80_000, 81_000))));
        String md = Report.render(run, new Chart.Outcome(null, null, "none"), Answer::write);
        String row = md.lines().filter(l -> l.startsWith("| virtual/socket | 4 |")).findFirst().orElseThrow();
        String[] cells = row.split(" \\| ");
        assertTrue(cells[2].startsWith("50,") && cells[2].contains(" / 80,"), row); // the slower state first
        assertTrue(cells[4].contains("states"), row);
        assertTrue(cells[5].startsWith("1.2") && cells[5].contains(" / 2.0"), "speed-ups in the same order: " + row);
    }

    /**
     * A waiting handler: the server's CPU capacity (cpus x 10^6 / its CPU µs per request) beside x
     * ideal, and said to be below C / D where the CPU, not the wait, bounds the rate.
     */
    @Test
    void aWaitingServerShowsWhetherItsCpuOrTheWaitBoundsIt() {
        // Runs.echo: 0.9 cores busy on one cpu at 40,000/s: 22.5 µs per request, a capacity of 44,444/s
        String slowWait = Report.render(Runs.runOfJobs("w", LABEL, List.of(List.of(Runs.waiting(
                Runs.echo("threads/socket", 1_000, 60, 20, 40_000, 40_000, 40_000), 30)))), new Chart.Outcome(null, null, "none"), Answer::write);
        String row = slowWait.lines().filter(l -> l.startsWith("| threads/socket | 3 |")).findFirst().orElseThrow();
        assertTrue(row.contains("| 44,444 |"), "C / D = 33,333/s, under the CPU's capacity: " + row);
        assertTrue(slowWait.contains("*server CPU capacity*"), slowWait);
        String fastWait = Report.render(Runs.runOfJobs("w", LABEL, List.of(List.of(Runs.waiting(
                Runs.echo("threads/socket", 1_000, 60, 20, 40_000, 40_000, 40_000), 10)))), new Chart.Outcome(null, null, "none"), Answer::write);
        row = fastWait.lines().filter(l -> l.startsWith("| threads/socket | 3 |")).findFirst().orElseThrow();
        assertTrue(row.contains("| 44,444 (below C / D) |"), "C / D = 100,000/s, over it: " + row);
        // the level over both bounds: 0.40x of C / D, 0.90x of what its CPU could answer
        assertTrue(row.contains("| 0.400x") && row.contains("; 0.900x of CPU capacity |"), row);
        assertTrue(!slowWait.contains("of CPU capacity |"), "C / D is the lesser bound: " + slowWait);
    }

    /** A server measured, then not closed cleanly: its level stands and the report names the threads left. */
    @Test
    void aRepetitionWhoseServerDidNotCloseKeepsItsLevelAndIsNamed() {
        Run run = Runs.runOfJobs("m", LABEL, List.of(List.of(Runs.echo("threads/socket", 100, 60, 20, 40_000, 41_000,
                39_500), Runs.unclosed(Runs.echo("virtual/socket", 100, 50, 30, 80_000, 81_000, 79_000), 2,
                "virtual/socket: 1 thread(s) still alive 30000 ms after close(): read-poller at EPoll.wait"))));
        String md = Report.render(run, new Chart.Outcome(null, null, "none"), Answer::write);
        assertTrue(md.lines().anyMatch(l -> l.startsWith("| virtual/socket | 3 | 79,996 |")), md);
        assertTrue(md.contains("virtual/socket: repetition 2 was measured, but its server did not close cleanly: "
                + "virtual/socket: 1 thread(s) still alive 30000 ms after close(): read-poller at EPoll.wait"), md);
        assertTrue(!md.contains("threads/socket: repetition"), "a clean close is not named: " + md);
    }

    /** A burst that overflowed: what the server held a second in, and the repetitions measured on paced connections. */
    @Test
    void aBurstShowsWhatTheServerHeldAndWhetherItsConnectionsWerePaced() {
        Run run = Runs.runOfJobs("b", LABEL, List.of(List.of(
                Runs.burst(Runs.echo("threads/socket", 100, 60, 20, 40_000, 41_000, 39_500),
                        new threadring.bench.echo.EchoScore.Burst(100, 0, 0, 0, 0),
                        new threadring.bench.echo.EchoScore.Burst(100, 0, 0, 0, 0),
                        new threadring.bench.echo.EchoScore.Burst(100, 0, 0, 0, 0)),
                Runs.burst(Runs.echo("cats/socket", 100, 50, 30, 30_000, 31_000, 29_000),
                        new threadring.bench.echo.EchoScore.Burst(51, 49, 4, 25, 100),
                        new threadring.bench.echo.EchoScore.Burst(100, 0, 0, 0, 0),
                        new threadring.bench.echo.EchoScore.Burst(60, 40, 4, 25, 100)))));
        String md = Report.render(run, new Chart.Outcome(null, null, "none"), Answer::write);
        assertTrue(md.contains("| connections held | held 1 s into a burst |"), md);
        assertTrue(md.lines().anyMatch(l -> l.startsWith("| cats/socket |") && l.contains("| 60 (then paced in 2 of 3) |")),
                md);
        assertTrue(md.lines().anyMatch(l -> l.startsWith("| threads/socket |") && l.contains("| 100 | 100 |")), md);
        assertTrue(md.contains("(here 4 wrk threads of 25 connections, started 100 ms apart: a load of that many "
                + "threads, not one): *then paced*"), md);
        // a run without bursts (older ones) keeps its table as it was
        assertTrue(!Report.render(run("r", 1), new Chart.Outcome(null, null, "none"), Answer::write).contains("burst"));
    }

    /** A repetition that answered nothing has no level on a log scale: it is left out, and the notes say so. */
    @Test
    void aRepetitionThatAnsweredNothingIsNamedNotDroppedSilently() {
        Run run = Runs.runOfJobs("z", LABEL, List.of(List.of(Runs.echo("threads/socket", 100, 60, 20, 40_000, 41_000,
                39_500), Runs.echo("virtual/socket", 100, 50, 30, 80_000, 0, 79_000))));
        String md = Report.render(run, new Chart.Outcome(null, null, "none"), Answer::write);
        assertTrue(md.contains("virtual/socket: 1 of 3 repetitions answered nothing in the measured window; its level "
                + "is the other 2's"), md);
        assertTrue(!md.contains("threads/socket: 0 of"), md);
    }

    @Test
    void memoryPerConnectionIsTheGrowthBetweenTheFewestAndTheMostConnections() {
        String md = Report.render(run("r", 1), new Chart.Outcome(null, null, "none"), Answer::write);
        // threads: (160 - 60) MiB over 9,900 more connections held = 10.3 KiB; heap (30 - 20) MiB: 1.0 KiB
        assertTrue(md.contains("| jdk25-cpusall | threads/socket | 100 → 10000 | 9,900 | 10.3 | 1.0 | 1.00 |"), md);
        // virtual: RSS (70 - 50) MiB = 2.1 KiB, heap (130 - 30) MiB = 10.3 KiB
        assertTrue(md.contains("| jdk25-cpusall | virtual/socket | 100 → 10000 | 9,900 | 2.1 | 10.3 | 1.00 |"), md);
    }

    @Test
    void compareMatchesEchoSeriesByConnectionsAndReadsMoreRequestsAsFaster() {
        Run a = run("a", 1);
        Run b = run("b", 1.5);
        List<Series<?>[]> matched = Compare.match(a, b);
        assertEquals(2, matched.size());
        for (Series<?>[] m : matched) {
            assertEquals(m[0].size(), m[1].size());
            for (Compare.Pair p : Compare.pairs(a, m[0], b, m[1])) {
                assertEquals(p.id().equals("virtual/socket") ? threadring.bench.stats.LikeWithLike.Verdict.FASTER : threadring.bench.stats.LikeWithLike.Verdict.SAME,
                        p.verdict(), p.id() + " at " + m[0].size());
            }
        }
        String md = Compare.render(a, java.nio.file.Path.of("a"), b, java.nio.file.Path.of("b"));
        assertTrue(md.contains("| virtual/socket | 80,3"), md);
        assertTrue(md.contains("| 120,4"), md);
        assertTrue(md.contains("B/A time per request [99%]"), md);
    }
}
