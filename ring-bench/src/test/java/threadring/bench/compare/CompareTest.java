package threadring.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import threadring.bench.cli.Cli;
import threadring.bench.data.Run;
import threadring.bench.data.Runs;
import threadring.bench.report.Series;
import threadring.bench.util.UsageException;

class CompareTest {

    static final List<String> ALL = List.of("jdk25-cpusall");

    @TempDir
    Path results;

    static Run runA() {
        return Runs.run("20260101-000000", ALL,
                Runs.forks("akka/typed-p1", 55, 60, 58),
                Runs.forks("virtual/park", 400, 420, 410),
                Runs.forks("quasar/fiber", 75, 177, 195),           // forks disagree: unstable
                Runs.forks("virtual/spin", 2300, 2400, 2350));
    }

    static Series<?> first(Run run) {
        return Series.of(run).get(0);
    }

    static threadring.bench.stats.LikeWithLike.Verdict verdict(Run a, Run b, String id) {
        return Compare.pairs(a, first(a), b, first(b)).stream().filter(p -> p.id().equals(id))
                .findFirst().orElseThrow().verdict();
    }

    /** A comparison names its runs' folders relative to B's, where it is written: no machine's paths. */
    @Test
    void foldersAreNamedFromB() {
        assertEquals("../20260101-000000", Compare.where(java.nio.file.Path.of("/x/results/20260102-000000"),
                java.nio.file.Path.of("/x/results/20260101-000000")));
        assertEquals(".", Compare.where(java.nio.file.Path.of("/x/results/b"), java.nio.file.Path.of("/x/results/b/")));
    }

    @Test
    void everyStableRowOfARunScaledByOneAndAHalfIsSlower() {
        Run a = runA();
        Run b = Runs.scaled(a, "b", 1.5);
        for (Compare.Pair p : Compare.pairs(a, first(a), b, first(b))) {
            // quasar/fiber: one JVM apart at 75 and a state of two forks (177, 195), whose t(1) interval is too
            // wide to separate 1.5x: within noise, state by state
            threadring.bench.stats.LikeWithLike.Verdict expected = p.a().isUnstable() ? threadring.bench.stats.LikeWithLike.Verdict.SAME : threadring.bench.stats.LikeWithLike.Verdict.SLOWER;
            assertEquals(expected, p.verdict(), p.id() + ": " + p.text());
            assertEquals(1.5, p.ratio().value(), 1e-9, p.id());
        }
        assertEquals(threadring.bench.stats.LikeWithLike.Verdict.FASTER, verdict(b, a, "virtual/park"));
    }

    @Test
    void aRunComparedWithItselfIsWithinNoise() {
        Run a = runA();
        for (Compare.Pair p : Compare.pairs(a, first(a), a, first(a))) {
            if (!p.a().isUnstable()) {
                assertEquals(threadring.bench.stats.LikeWithLike.Verdict.SAME, p.verdict(), p.id());
            }
        }
    }

    /** Forks that did not settle, or scatter in one state, get no verdict, even at a 3x shift. */
    @Test
    void disagreeingForksGetNoConfidentVerdict() {
        Run a = Runs.run("a", ALL, Runs.forks("x/y", 100, 112, 125, 140, 157, 176, 197, 215));
        assertEquals(threadring.bench.stats.LikeWithLike.Verdict.UNSTABLE, verdict(a, Runs.scaled(a, "b", 3), "x/y"));
        assertTrue(Compare.pairs(a, first(a), a, first(a)).get(0).text().startsWith("no verdict: forks apart in A"));
        Run wide = Runs.run("w", ALL, Runs.forks("virtual/park", 320, 380, 370)); // stable, but wide
        assertEquals(threadring.bench.stats.LikeWithLike.Verdict.SAME, verdict(runA(), wide, "virtual/park"));
    }

    @Test
    void writtenIntoRunBWithRatiosIntervalsAndVerdicts() throws IOException {
        Path a = Runs.write(results, runA());
        Run other = Runs.run("20260102-000000", List.of("jdk25-cpusall", "jdk25-cpus0"),
                Runs.forks("akka/typed-p1", 82.5, 90, 87), Runs.forks("virtual/park", 400, 420, 410),
                Runs.forks("virtual/queue", 500, 510, 505));
        Path b = Runs.write(results, other);
        Path written = Compare.write(a, b);
        assertEquals(b.resolve("compare-20260101-000000.md"), written);
        String md = Files.readString(written);
        assertTrue(line(md, "akka/typed-p1").startsWith("| akka/typed-p1 | 57.6 [51.1–65.0] | 86.4 [76.7–97.5] | 1.50 [1.30–1.73] |"),
                line(md, "akka/typed-p1"));
        assertTrue(md.lines().anyMatch(l -> l.startsWith("| akka/typed-p1 |") && l.endsWith("| B slower |")), md);
        assertTrue(md.lines().anyMatch(l -> l.startsWith("| virtual/park |") && l.endsWith("| within noise |")), md);
        assertTrue(md.contains("- only in A: quasar/fiber, virtual/spin"), md);
        assertTrue(md.contains("- only in B: virtual/queue"), md);
        assertTrue(md.contains("- only in B: jdk25-cpus0 (3 ids)"), md);
        assertTrue(Files.notExists(a.resolve("compare-20260102-000000.md")), "run A must not be written to");
    }

    static String line(String md, String id) {
        return md.lines().filter(l -> l.startsWith("| " + id + " |")).findFirst().orElseThrow();
    }

    @Test
    void runsAreDirectoriesIdsOrLatest() throws IOException {
        Path a = Runs.write(results, runA());
        Path b = Runs.write(results, Runs.scaled(runA(), "b", 1));
        Files.createSymbolicLink(results.resolve("latest"), b.getFileName());
        assertEquals(a.toRealPath(), threadring.bench.cli.Home.resolve("compare", "20260101-000000", results));
        assertEquals(a.toRealPath(), threadring.bench.cli.Home.resolve("compare", a.toString(), results));
        assertEquals(b.toRealPath(), threadring.bench.cli.Home.resolve("compare", "latest", results));
        String error = org.junit.jupiter.api.Assertions.assertThrows(UsageException.class,
                () -> threadring.bench.cli.Home.resolve("compare", "nope", results)).getMessage();
        assertTrue(error.startsWith("compare: 'nope' is neither a run directory"), error);
    }

    @Test
    void badArgumentsAreOneLineAndExitTwo() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(2, Cli.run(List.of("compare", "only-one"), System.out, e));
        assertEquals(2, Cli.run(List.of("compare", "/nonexistent/a", "/nonexistent/b"), System.out, e));
        List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("Missing required parameter: 'RUN_B'"), lines.get(0));
        assertTrue(lines.get(1).contains("'/nonexistent/a' is neither a run directory"), lines.get(1));
    }

    /**
     * The machine's cross-CPU handoff doubled between the runs, and so did every row: the rows that
     * hand off across cpus get no verdict, saying why; a one-thread row is judged as ever.
     */
    @Test
    void whenTheMachinesCrossCpuHandoffMovedRowsAcrossCpusGetNoVerdict() {
        Run a = Runs.withProbes(Runs.run("a", ALL, Runs.forks("virtual/park", 400, 420, 410),
                Runs.forks("virtual/park-p1", 150, 155, 152)), Runs.probe("jdk25-cpusall", "start", 45, 46, 44),
                Runs.probe("jdk25-cpusall", "end", 46, 45, 47));
        Run b = Runs.withProbes(Runs.scaled(a, "b", 2), Runs.probe("jdk25-cpusall", "start", 90, 92, 88),
                Runs.probe("jdk25-cpusall", "end", 92, 90, 94));
        String md = Compare.render(a, Path.of("a"), b, Path.of("b"));
        assertTrue(md.contains("**The machine moved**"), md);
        assertTrue(line(md, "virtual/park").endsWith("| no verdict: the machine's cross-CPU handoff moved 2.00x from A to "
                + "B |"), md);
        assertTrue(line(md, "virtual/park-p1").endsWith("| B slower |"), md);
        String still = Compare.render(a, Path.of("a"), Runs.withProbes(Runs.scaled(a, "c", 2), a.probes().toArray(
                threadring.bench.data.Probe[]::new)), Path.of("c"));
        assertTrue(line(still, "virtual/park").endsWith("| B slower |"), "the machine did not move: " + still);
        Run unsteady = Runs.withProbes(Runs.scaled(a, "d", 2), Runs.probe("jdk25-cpusall", "start", 45, 46, 44),
                Runs.probe("jdk25-cpusall", "end", 80, 45, 47));
        assertTrue(line(Compare.render(a, Path.of("a"), unsteady, Path.of("d")), "virtual/park").endsWith(
                "| no verdict: the machine's cross-CPU handoff varied 1.82x during B |"), "it moved during B");
    }

    /**
     * A row in states is judged state by state, like with like: levels against levels where both
     * runs have the states, shares against shares (the 1 of 6 JVMs against 6 of 6 at the
     * same level is a change in how often, not in how fast).
     */
    @Test
    void aRowInStatesIsJudgedStateByStateLevelsAgainstLevelsSharesAgainstShares() {
        Run a = Runs.run("a", ALL, Runs.forks("virtual/park", 190, 192, 600, 610));
        assertEquals(threadring.bench.stats.LikeWithLike.Verdict.SLOWER, verdict(a, Runs.scaled(a, "b", 1.5), "virtual/park"));
        Run oneState = Runs.run("c", ALL, Runs.forks("virtual/park", 290, 292, 288));
        assertEquals(threadring.bench.stats.LikeWithLike.Verdict.UNSTABLE, verdict(a, oneState, "virtual/park"));
        assertTrue(Compare.pairs(a, first(a), oneState, first(oneState)).get(0).text()
                .startsWith("no verdict: states differ (only in B: 3 of 3 JVMs at 290"), "no state of A near 290");
        // JDK 21 against 25 in run 20261125-094730: one JVM of six at the fast level, against six of six
        Run rarely = Runs.run("d", ALL, Runs.forks("virtual/park-p1", 198.7, 275, 277, 276, 274, 278));
        Run always = Runs.run("e", ALL, Runs.forks("virtual/park-p1", 197, 198, 199, 200, 198, 199));
        // six JVMs a side give Fisher's test 5% power to tell 1/3 from 2/3: the shares are not compared, and
        // a state (five JVMs) in A only is a difference of states; A's one JVM at 198.7 says nothing of a level
        Compare.Pair p = Compare.pairs(rarely, first(rarely), always, first(always)).get(0);
        assertEquals(threadring.bench.stats.LikeWithLike.Verdict.UNSTABLE, p.verdict(), p.text());
        assertTrue(p.text().contains("at 198.7 and ") && p.text().contains(
                ": no verdict: fewer than 2 JVMs (1 of 6 JVMs in A, 6 of 6 JVMs in B)"), p.text());
        assertTrue(p.text().contains("only in A: 5 of 6 JVMs at 276.0"), p.text());
        assertTrue(p.text().contains("shares not compared: 6 and 6 JVMs give Fisher's test 5% power"), p.text());
        // twelve JVMs a side give it 26%: still not compared (80% needs about forty a side)
        Run rarely12 = Runs.run("f", ALL, Runs.forks("virtual/park-p1", 198.7, 197.9, 275, 277, 276, 274, 278, 275,
                277, 276, 274, 278));
        Run always12 = Runs.run("g", ALL, Runs.forks("virtual/park-p1", 197, 198, 199, 200, 198, 199, 197, 198, 199,
                200, 198, 199));
        Compare.Pair q = Compare.pairs(rarely12, first(rarely12), always12, first(always12)).get(0);
        assertTrue(q.text().contains("12 and 12 JVMs give Fisher's test 26% power") && !q.text().contains("p = "),
                q.text());
    }

    /**
     * A JVM apart next to a state is not a state of its own in a share test: run B's lone JVM inside
     * run A's one state (sweeps 20261126-082623 and -094051, `threads/park`) is A's state, so the
     * shares are 6 of 6 in both, not "1 of 6 against 6 of 6".
     */
    @Test
    void aLoneJvmInsideTheOtherRunsStateSharesItsState() {
        Run a = Runs.run("a", ALL, Runs.forks("threads/park", 12_669, 14_408, 10_913, 12_569, 12_334, 12_125));
        Run b = Runs.run("b", ALL, Runs.forks("threads/park", 13_300, 13_800, 13_500, 13_900, 13_600, 10_825));
        Compare.Pair p = Compare.pairs(a, first(a), b, first(b)).get(0);
        assertTrue(!p.text().contains("p = "), "no share test fails: " + p.text());
        assertEquals(threadring.bench.stats.LikeWithLike.Verdict.SAME, p.verdict(), p.text());
    }

    /** A state of B whose interval holds two of A's groups is one state with both of them. */
    @Test
    void aWideStateMatchesEveryGroupItsIntervalHolds() {
        Run a = Runs.run("a", ALL, Runs.forks("virtual/spin", 70.0, 71.0, 71.5, 85.1, 149.5, 406.6));
        Run b = Runs.run("b", ALL, Runs.forks("virtual/spin", 66.0, 90.0, 77.0, 82.0, 71.0, 87.0));
        Compare.Pair p = Compare.pairs(a, first(a), b, first(b)).get(0);
        threadring.bench.stats.LikeWithLike.Matching m = threadring.bench.stats.LikeWithLike.matches(p.a(), p.b());
        assertEquals(2, m.pairs().size(), "B's state with A's at 70.9 and the JVM at 85.1: " + m);
        assertTrue(p.text().contains("(4 of 6 JVMs in A, 6 of 6 JVMs in B)"), p.text());
        assertTrue(!p.text().contains("p = "), p.text());
    }

    /**
     * Runs 20261126-082623 and -094051, `floor/loom-continuation`: six forks within 1% each, 2% apart,
     * the same code. The forks alone would call that a difference; with the run-to-run component of
     * one-thread ring rows (1.5%) it is within noise, and 6% apart is a claim.
     */
    @Test
    void twoPercentBetweenRunsOfTheSameCodeIsWithinNoise() {
        Run a = Runs.run("a", ALL, Runs.forks("floor/loom-continuation", 95.0, 95.5, 94.8, 95.9, 95.2, 95.4));
        Run b = Runs.run("b", ALL, Runs.forks("floor/loom-continuation", 93.1, 93.5, 92.9, 93.8, 93.2, 93.4));
        Compare.Pair p = Compare.pairs(a, first(a), b, first(b)).get(0);
        assertEquals(threadring.bench.stats.LikeWithLike.Verdict.SAME, p.verdict(), p.text());
        assertTrue(p.ratio().interval().contains(1.0) && p.ratio().interval().low() < 0.95, p.ratio().toString());
        Run faster = Runs.scaled(a, "c", 0.94);
        assertEquals(threadring.bench.stats.LikeWithLike.Verdict.FASTER, verdict(a, faster, "floor/loom-continuation"));
        assertThrows(IllegalArgumentException.class, () -> threadring.bench.stats.LikeWithLike.judge(p.a(), p.b(),
                "A", "B", Double::toString, 0.9));
    }

    /** Two runs on different JDKs (one configuration each) are compared with each other. */
    @Test
    void singleConfigurationsWithDifferentLabelsAreMatched() {
        Run a = Runs.run("a", List.of("jdk17-cpusall"), Runs.forks("akka/typed", 200, 210, 205));
        Run b = Runs.run("b", List.of("jdk25-cpusall"), Runs.forks("akka/typed", 100, 105, 102));
        String md = Compare.render(a, Path.of("a"), b, Path.of("b"));
        assertTrue(md.contains("## jdk17-cpusall (A) vs jdk25-cpusall (B)"), md);
        assertTrue(md.lines().anyMatch(l -> l.startsWith("| akka/typed |") && l.endsWith("| B faster |")), md);
        assertFalse(md.contains("only in"), md);
    }
}
