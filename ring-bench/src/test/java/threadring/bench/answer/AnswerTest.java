package threadring.bench.answer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.data.Runs;
import threadring.bench.echo.EchoScore;
import threadring.bench.report.Chart;
import threadring.bench.report.Costs;
import threadring.bench.report.Doc;
import threadring.bench.report.HtmlPage;
import threadring.bench.report.MainStateRatio;
import threadring.bench.report.Ratios;
import threadring.bench.report.Report;
import threadring.bench.report.Series;
import threadring.bench.stats.Interval;
import threadring.bench.stats.Stats;
import threadring.bench.stats.Tiers;
import threadring.core.Workload;
import threadring.core.echo.EchoServer;
import threadring.core.fanout.FanOut;
import threadring.core.ring.Ring;

/**
 * The answer at the head of a report: each model's fastest form per series, ranked by level, in
 * tiers split only by separated intervals, with its speed-up over the baseline, its floor and what
 * a step costs; from the newest committed default sweep and from rows made to overlap or separate.
 */
class AnswerTest {

    /** The newest committed default sweep: ring, rendezvous, fan-out and echo server. */
    static final Path SWEEP = Runs.COMMITTED.resolve("20261126-194407");

    private static Ranking of(List<Ranking> rankings, Workload<?, ?> w) {
        return rankings.stream().filter(r -> r.series().workload().equals(w)).findFirst().orElseThrow();
    }

    private static Ranking.Entry entry(Ranking r, String model) {
        return r.entries().stream().filter(e -> e.model().equals(model)).findFirst().orElseThrow(
                () -> new AssertionError("no " + model + " in " + r.entries()));
    }

    private static List<String> models(Ranking r) {
        return r.entries().stream().map(Ranking.Entry::model).toList();
    }

    @Test
    void aCommittedSweepRanksEachModelsFastestFormByLevel() throws IOException {
        Run run = RunFile.read(SWEEP);
        List<Ranking> rankings = Answer.rankings(run);
        assertEquals(List.of("ring", "rendezvous", "fanout", "echo"), rankings.stream()
                .map(r -> r.series().workload().label()).toList(), "one ranking per series, in the workloads' order");
        Ranking ring = of(rankings, Ring.WORKLOAD);
        assertEquals(List.of("coroutines", "akka", "quasar", "virtual", "kilim", "ox", "zio", "cats", "threads"),
                models(ring), "models by level; floors are none");
        for (Ranking r : rankings) {
            List<Series.Row> rows = r.series().rows(run);
            for (Ranking.Entry e : r.entries()) {
                assertTrue(rows.stream().filter(x -> x.model().equals(e.model()))
                        .allMatch(x -> e.form().summary().median() <= x.summary().median()),
                        e.form().id() + " is its model's best form in " + r.series());
            }
            double[] levels = r.entries().stream().mapToDouble(e -> e.form().summary().median()).toArray();
            double[] sorted = levels.clone();
            Arrays.sort(sorted);
            assertArrayEquals(sorted, levels, "best first in " + r.series());
        }
        // the best form, not the model's first id: virtual/park-p1 (202.5) before virtual/park (386.5 / 1,225)
        assertEquals("virtual/park-p1", entry(ring, "virtual").form().id());
        assertEquals("quasar/fiber", entry(ring, "quasar").form().id());
        assertEquals("akka/typed-p1", entry(ring, "akka").form().id());
    }

    /**
     * Tiers on the committed sweep: every row whose main state holds half its JVMs or more takes one,
     * flagged or not, and every pair of rows across a boundary is separated by its ratio interval.
     */
    @Test
    void aCommittedSweepsTiersSplitOnlyWhereEveryRatioAcrossIsSeparated() throws IOException {
        Run run = RunFile.read(SWEEP);
        Ranking ring = of(Answer.rankings(run), Ring.WORKLOAD);
        for (Ranking.Entry e : ring.entries()) {
            assertEquals(MainStateRatio.answerState(e.form().summary()).isEmpty(), e.tier() == 0, e.form().id());
        }
        assertTrue(ring.entries().stream().anyMatch(e -> e.flagged() && e.tier() > 0), "a flagged row takes a tier");
        for (Ranking.Entry a : ring.entries()) {
            for (Ranking.Entry b : ring.entries()) {
                if (a.tier() > 0 && b.tier() > a.tier()) {
                    Stats.Ratio r = MainStateRatio.between(run, ring.series(), b.form(), a.form());
                    assertTrue(r.excludesOne() && r.value() > 1, b.form().id() + " / " + a.form().id() + " " + r);
                }
            }
        }
    }

    @Test
    void aCommittedSweepsRatiosAreOverTheBaselineAndTheFloor() throws IOException {
        Run run = RunFile.read(SWEEP);
        List<Ranking> rankings = Answer.rankings(run);
        Ranking ring = of(rankings, Ring.WORKLOAD);
        Series.Row park = ring.baseline().orElseThrow();
        assertEquals("threads/park", park.id());
        Ranking.Entry coroutines = entry(ring, "coroutines");
        Stats.Ratio speedUp = coroutines.overBaseline().orElseThrow();
        assertEquals(park.summary().median() / coroutines.form().summary().median(), speedUp.value(), 1e-9,
                "the speed-up: the baseline's level over the form's");
        assertTrue(speedUp.value() > 100 && speedUp.interval().contains(speedUp.value()), speedUp.toString());
        Series.Row loop = ring.series().row(run, "floor/loop").orElseThrow();
        assertEquals(park.summary().median() / loop.summary().median(),
                entry(ring, "threads").overFloor().orElseThrow().ratio().value(), 1e-9, "threads/park over plain code");
        assertEquals("floor/loop", entry(ring, "threads").overFloor().orElseThrow().floor(), "the floor named");

        // a server's speed-up is its requests/s over the baseline's: the best server first
        Ranking echo = of(rankings, EchoServer.WORKLOAD);
        Ranking.Entry first = echo.entries().get(0);
        Series.Row socket = echo.baseline().orElseThrow();
        double rps = first.form().measured().score(EchoScore.class).orElseThrow().requestsPerSecond().median();
        double baseRps = socket.measured().score(EchoScore.class).orElseThrow().requestsPerSecond().median();
        assertTrue(rps > baseRps, first.form().id());
        assertEquals(rps / baseRps, first.overBaseline().orElseThrow().value(), 1e-9 * rps / baseRps);
        assertTrue(first.bound(), first.form().id() + ": wrk was busy, its requests/s is at least its level");
        Interval table = first.form().measured().score(EchoScore.class).orElseThrow().requestsPerSecond().interval();
        Interval stated = first.level().interval();
        assertEquals(table.low(), 1e9 / stated.high(), 1e-6 * table.low(), "the interval the echo table states");
        assertEquals(table.high(), 1e9 / stated.low(), 1e-6 * table.high(), "the interval the echo table states");

        // the fan-out has no baseline; its yardstick is the ideal, 100 ms here
        Ranking fanOut = of(rankings, FanOut.WORKLOAD);
        assertTrue(fanOut.baseline().isEmpty());
        Ranking.Entry best = fanOut.entries().get(0);
        assertEquals(best.form().summary().median() / 1e6 / 100, best.overFloor().orElseThrow().ratio().value(), 1e-9);
    }

    /** The glance's why is a mechanism read off the costs: one thread, no OS wake-up, against parked threads. */
    @Test
    void theWhyComesFromTheCostColumns() throws IOException {
        Run run = RunFile.read(SWEEP);
        Ranking ring = of(Answer.rankings(run), Ring.WORKLOAD);
        Costs.PerStep park = entry(ring, "threads").cost();
        assertEquals(1.3134, park.switches(), 0.001, "1,313.4 switches per 1,000 hops, per hop");
        String why = Glance.of(Ratios.of(run), "report.md").get(0).why().text();
        assertTrue(why.startsWith("one thread runs every task, so no hop wakes an OS thread (`coroutines/continuation-loop` "
                + "0.00 switches a hop); `threads/park` parks and wakes one (1.31 switches a hop, "), why);
        assertTrue(why.endsWith(" → [counters](report.md)"), why);
    }

    /**
     * Rows made to overlap and to separate: virtual/park-p1 and ox overlap (one tier), zio stands
     * apart from virtual (the next), akka's JVMs settle in two states (flagged: no tier, placed by
     * its main state), and virtual/park is virtual's slower form.
     */
    static Run made() {
        return Runs.run("20260101-000000", List.of("jdk25-cpusall"),
                Runs.forks("virtual/park", 300, 303, 297),
                Runs.forks("zio/promise-p1", 200, 202, 198),
                Runs.forks("ox/buffered-p1", 104, 105, 103),
                Runs.forks("virtual/park-p1", 100, 101, 99),
                Runs.forks("akka/typed-p1", 150, 151, 149, 450, 452, 448),
                Runs.forks("threads/park", 10_000, 10_100, 9_900),
                Runs.forks("floor/loop", 1.40, 1.41, 1.39));
    }

    @Test
    void overlappingIntervalsShareATierAndASeparatedOneStartsTheNext() {
        Run run = made();
        Ranking ring = of(Answer.rankings(run), Ring.WORKLOAD);
        assertEquals(List.of("virtual", "ox", "akka", "zio", "threads"), models(ring));
        Ranking.Entry virtual = entry(ring, "virtual");
        Ranking.Entry ox = entry(ring, "ox");
        Ranking.Entry zio = entry(ring, "zio");
        assertEquals("virtual/park-p1", virtual.form().id(), "the faster of virtual's two forms");
        Interval v = virtual.form().summary().interval();
        assertFalse(virtual.flagged() || ox.flagged() || zio.flagged());
        assertFalse(Stats.separated(v, ox.form().summary().interval()), "made to overlap");
        assertTrue(Stats.separated(v, zio.form().summary().interval()), "made to separate");
        assertTrue(entry(ring, "akka").flagged(), "two states");
        // akka's main state holds 3 of its 6 JVMs: half, so it takes a tier on that state, flagged
        assertEquals(List.of(1, 1, 2, 3, 4), ring.entries().stream().map(Ranking.Entry::tier).toList());
        assertEquals("Sharing a tier (not ordered: some ratio across them includes 1): tier 1: `virtual`, `ox`.",
                Answer.tierLine(ring.entries()));
        Series.Row park = ring.baseline().orElseThrow();
        assertEquals(park.summary().median() / virtual.form().summary().median(),
                virtual.overBaseline().orElseThrow().value(), 1e-9);
        Glance.Line line = Glance.of(Ratios.of(run), "report.md").get(0);
        assertTrue(line.why().text().startsWith("no counters were read"), line.why().text());
        // virtual and ox share the first tier and tie; zio is the next
        assertEquals("`virtual/park-p1` and `ox/buffered-p1`, a tie: 100.0 and 104.0 ns a hop", line.fastest().text());
        assertTrue(line.next().text().startsWith("`akka/typed-p1`: "), line.next().text());
    }

    /**
     * Where a series measured Go, every model's fastest form is set beside Go's: a column of the
     * time over Go's with its interval, Go's own "1 (Go)", and a sentence naming the virtual-thread
     * form's and the leader's ratios to goroutines.
     */
    @Test
    void aSeriesWithGoSetsEveryModelBesideIt() {
        Run run = Runs.run("20260101-000000", List.of("jdk25-cpusall"),
                Runs.forks("akka/typed-p1", 80, 81, 79, 80),
                Runs.forks("go/channel", 100, 101, 99, 100),
                Runs.forks("virtual/park-p1", 200, 202, 198, 200),
                Runs.forks("threads/park", 10_000, 10_100, 9_900, 10_000));
        Ranking ring = of(Answer.rankings(run), Ring.WORKLOAD);
        assertEquals("go/channel", ring.go().orElseThrow().id());
        Stats.Ratio virtual = entry(ring, "virtual").overGo().orElseThrow();
        assertEquals(2.0, virtual.value(), 1e-3);
        assertTrue(virtual.interval().low() > 1, "virtual threads apart from goroutines: " + virtual);
        assertEquals(0.8, entry(ring, "akka").overGo().orElseThrow().value(), 1e-3);
        assertTrue(entry(ring, "go").overGo().isEmpty(), "Go is not beside itself");
        Glance.Line line = Glance.of(Ratios.of(run), "report.md").get(0);
        assertTrue(line.overGo().text().startsWith("`virtual/park-p1` 2.00x ["), line.overGo().text());
        assertTrue(line.overGo().text().endsWith(" slower than `go/channel`"), line.overGo().text());
        assertTrue(line.overThreads().text().startsWith("`virtual/park-p1` 50.0x ["), line.overThreads().text());
        Doc doc = new Doc("t");
        Answer.write(run, doc);
        String md = doc.markdown();
        assertTrue(md.contains("| x go/channel [95%] |"), md);
        assertTrue(md.contains("| 1 (Go) |"), md);
    }

    /**
     * A tier is not a tie: where a pair inside the first tier is apart, the glance names the tier's
     * widest ratio instead of calling it a tie (the rendezvous' leaders, 2026-11-30, were called "lead
     * together" with `akka/pekko-typed-p1` at 0.791x [0.692–0.905x] of `go/channel`).
     */
    @Test
    void aTierWhosePairsAreApartIsNoTie() {
        Run run = Runs.run("20260101-000000", List.of("jdk25-cpusall"),
                Runs.forks("akka/typed-p1", 100, 104, 96, 100, 103),
                Runs.forks("coroutines/channel-loop", 112, 100, 125, 108, 118),
                Runs.forks("go/channel", 125, 129, 121, 125, 127),
                Runs.forks("threads/park", 10_000, 10_100, 9_900, 10_000));
        Ranking ring = of(Answer.rankings(run), Ring.WORKLOAD);
        assertEquals(List.of(1, 1, 1, 2), ring.entries().stream().map(Ranking.Entry::tier).toList(), "one tier of three");
        Glance.Line line = Glance.of(Ratios.of(run), "report.md").get(0);
        String fastest = line.fastest().text();
        assertTrue(fastest.startsWith("no single winner: 3 forms in the first tier, `akka/typed-p1` first at 100.6 ns a "
                + "hop; `go/channel` 1.25x ["), fastest);
        assertTrue(fastest.endsWith(" slower than `akka/typed-p1`"), fastest);
        assertEquals(List.of(), line.fastest().problems());
    }

    /**
     * The rule itself: a boundary falls only where every row before it is separated from every row
     * after it, so a chain of neighbours that are each separated but whose ends are not does not split.
     */
    @Test
    void aTierBoundaryNeedsEveryPairAcrossItSeparatedAndRowsWithoutAStateTakeNone() {
        // rows 0..4 best first (row 2 has no state); apart: 0|1, 1|3 and 0|3, 3|4 and 0|4, but not 1|4
        java.util.Set<String> apart = java.util.Set.of("1/0", "3/1", "3/0", "4/3", "4/0");
        java.util.function.BiFunction<Integer, Integer, Stats.Ratio> ratio = (slower, faster) ->
                apart.contains(slower + "/" + faster) ? new Stats.Ratio(1.5, new Interval(1.2, 1.8), 0.001)
                        : new Stats.Ratio(1.1, new Interval(0.9, 1.3), 0.3);
        assertArrayEquals(new int[] {1, 2, 0, 2, 2}, Tiers.of(List.of(true, true, false, true, true), ratio));
        // every pair apart: a tier each
        assertArrayEquals(new int[] {1, 2, 3}, Tiers.of(List.of(true, true, true),
                (a, b) -> new Stats.Ratio(2, new Interval(1.5, 2.5), 0)));
        assertArrayEquals(new int[] {0, 1}, Tiers.of(List.of(false, true), ratio));
    }

    @Test
    void theAnswerOpensReportMdAndReportHtmlAndFitsAScreenPerSeries() throws IOException {
        Run run = RunFile.read(SWEEP);
        Doc doc = Report.document(run, new Chart.Outcome(null, null, "not drawn"),
                new Chart.Outcome(null, null, "not drawn"), Answer::write);
        String md = doc.markdown();
        assertTrue(md.startsWith("# threadring run 20261126-194407\n\n## The answer\n\nConditions: "), md.substring(0, 200));
        int answer = md.indexOf("## The answer");
        int glossary = md.indexOf("## Glossary");
        int environment = md.indexOf("## Environment");
        assertTrue(answer < glossary && glossary < environment, "the answer and its glossary before the environment");
        String section = md.substring(md.indexOf("Per series,"), glossary);
        String[] series = section.split("\n(?=\\*\\*jdk)");
        assertEquals(5, series.length, "the intro and four series");
        for (String s : Arrays.asList(series).subList(1, series.length)) {
            long lines = s.lines().filter(l -> !l.isBlank()).count();
            assertTrue(lines <= 20, lines + " lines:\n" + s);
            assertTrue(s.contains("| tier | model | fastest form |"), s);
        }
        assertTrue(section.contains("| 1 | coroutines | coroutines/continuation-loop | 47.8 [43.4–52.6] | "), section);
        assertTrue(section.contains("| threads | threads/park | 12,949 ["), section);
        assertTrue(md.substring(answer, md.indexOf("Per series,")).contains("| workload: one step | fastest |"),
                "the glance first");
        String html = HtmlPage.render(doc, SWEEP);
        int h2 = html.indexOf("<h2 id=\"the-answer\">The answer</h2>");
        assertTrue(h2 > 0 && h2 < html.indexOf("<h2 id=\"environment\">"), "the page shows it first");
        assertEquals(4, html.split("data-kind=\"answer\"", -1).length - 1, "one table per series on the page");
        assertEquals(1, html.split("data-kind=\"glance\"", -1).length - 1, "the glance's table");
    }
}
