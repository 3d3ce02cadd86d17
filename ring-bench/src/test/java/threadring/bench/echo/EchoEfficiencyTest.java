package threadring.bench.echo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Measured;
import threadring.bench.report.Doc;
import threadring.bench.report.Series;
import threadring.bench.stats.Stats;

/** Servers ranked by their CPU per request at the highest rate every one sustained in every repetition. */
class EchoEfficiencyTest {

    /** A sustained rung at {@code rate} (p99 1 ms), the server spending {@code us} µs per request. */
    private static EchoScore.Rung rung(double rate, double us) {
        return new EchoScore.Rung(rate, (long) rate, (long) rate, 1, new EchoScore.Latency(100, 200, 1000, 1000, 1000, 150),
                50, 100.0, 1, us * rate / 1000);
    }

    /** A rung that left a request unanswered. */
    private static EchoScore.Rung missed(double rate) {
        return new EchoScore.Rung(rate, (long) rate, (long) rate - 1, 1, new EchoScore.Latency(100, 200, 30_000, 30_000, 30_000,
                150), 50, 100.0, 1, 5.0);
    }

    private static EchoScore.EchoRepetition rep(double perSecond, EchoScore.Rung... rungs) {
        return new EchoScore.EchoRepetition((long) perSecond, 1, perSecond, 64, new EchoScore.Latency(1, 1, 1, 1, 1, 1), 0, 0,
                null, null, 3, null, null, new EchoScore.OfferedRates(new EchoScore.Held(10, 10, 0.1), Arrays.asList(rungs),
                        null), null);
    }

    private static Series.Row row(String id, EchoScore.EchoRepetition... reps) {
        Measured m = Measured.scored(id, new EchoScore(3, 3, "0", "1", List.of(reps)));
        return new Series.Row("jdk25-cpusall", m, Stats.summarize(Arrays.stream(reps)
                .map(r -> List.of(1e9 / r.requestsPerSecond())).toList()));
    }

    private final Series.Row lean = row("netty/nio", rep(60_000, rung(5_000, 10), rung(10_000, 10.2)),
            rep(50_000, rung(5_000, 10.4), rung(10_000, 10.1)), rep(70_000, rung(5_000, 9.8), rung(10_000, 10)));
    private final Series.Row close = row("vertx/eventloop", rep(55_000, rung(5_000, 10.3), rung(10_000, 10.1)),
            rep(65_000, rung(5_000, 10.1), rung(10_000, 10.3)), rep(40_000, rung(5_000, 9.9), rung(10_000, 10.4)));
    // the baseline answers 10,000/s in full in two repetitions only: the common rate is 5,000
    private final Series.Row heavy = row("threads/socket", rep(20_000, rung(5_000, 30), rung(10_000, 31)),
            rep(25_000, rung(5_000, 31), missed(10_000)), rep(15_000, rung(5_000, 29.5), rung(10_000, 30)));

    @Test
    void theCommonRateIsTheHighestEveryServerAnsweredInFullInEveryRepetition() {
        assertEquals(10_000, EchoEfficiency.commonRate(List.of(lean, close)).getAsDouble());
        assertEquals(5_000, EchoEfficiency.commonRate(List.of(lean, close, heavy)).getAsDouble());
    }

    /** A p99 over the ladder's target is still a rate the server did the work of. */
    @Test
    void aLateP99StillCountsItsCpuPerRequest() {
        EchoScore.Rung late = new EchoScore.Rung(5_000, 5_000, 5_000, 1, new EchoScore.Latency(100, 200, 15_700, 15_700,
                15_700, 150), 50, 100.0, 1, 150.0);
        Series.Row baseline = row("threads/socket", rep(20_000, rung(5_000, 30)), rep(25_000, late),
                rep(15_000, rung(5_000, 29.5)));
        assertEquals(5_000, EchoEfficiency.commonRate(List.of(lean, baseline)).getAsDouble());
    }

    @Test
    void serversAreTieredOnTheirCpuPerRequestNotTheirPeak() {
        EchoEfficiency.Ranking r = EchoEfficiency.of(List.of(close, heavy, lean)).orElseThrow();
        assertEquals(5_000, r.rate());
        assertEquals(List.of("netty/nio", "vertx/eventloop", "threads/socket"), r.entries().stream()
                .map(e -> e.form().id()).toList());
        assertEquals(List.of(1, 1, 2), r.entries().stream().map(EchoEfficiency.Entry::tier).toList());
        Stats.Ratio base = r.entries().get(2).over(r.entries().get(0));
        assertEquals(3.0, base.value(), 0.05);
        assertTrue(base.excludesOne());
        Series<threadring.core.echo.EchoSize> series = new Series<>(threadring.bench.data.Configuration.local(
                "jdk25-cpusall", "jdk", null, null), new threadring.core.echo.EchoSize(1000));
        threadring.bench.report.Board board = EchoEfficiency.board(series, List.of(close, heavy, lean)).orElseThrow();
        assertEquals(List.of("netty/nio", "vertx/eventloop"), board.leaders().stream()
                .map(threadring.bench.report.Board.Entry::id).toList());
        assertEquals("at 5,000 requests/s offered", board.at().text());
        assertEquals(3.0, board.over(board.entries().get(2), board.entries().get(0)).value(), 0.05);
        Doc doc = new Doc("echo");
        EchoEfficiency.write("echo", List.of(close, heavy, lean), "threads/socket", Map.of("netty/nio", true), doc);
        Doc.Table t = (Doc.Table) doc.blocks().get(1);
        assertEquals("server CPU µs/request at 5,000/s [95%]", t.columns().get(2).name());
        // the peak under wrk, requests/s, "at least" where wrk was the limit
        assertEquals("at least 59,439", t.rows().get(0).cells().get(5).text());
        assertEquals("1 (baseline)", t.rows().get(2).cells().get(3).text());
    }

    /**
     * Two repetitions (a third not granted by the budget) are tiered; servers whose two agree by chance
     * take the spread the series' repetitions show, pooled, not their own near-zero one.
     */
    @Test
    void twoRepetitionsAreTieredOnAtLeastThePooledSpread() {
        Series.Row lucky = row("netty/nio", rep(60_000, rung(10_000, 10)), rep(50_000, rung(10_000, 10.01)));
        Series.Row near = row("helidon/nima", rep(60_000, rung(10_000, 11)), rep(50_000, rung(10_000, 11.02)));
        Series.Row wide = row("vertx/eventloop", rep(55_000, rung(10_000, 10.5)), rep(65_000, rung(10_000, 12.5)));
        Series.Row far = row("threads/socket", rep(20_000, rung(10_000, 30)), rep(25_000, rung(10_000, 33)));
        List<Series.Row> rows = List.of(far, wide, near, lucky);
        EchoEfficiency.Ranking r = EchoEfficiency.of(rows).orElseThrow();
        assertEquals(List.of("netty/nio", "helidon/nima", "vertx/eventloop", "threads/socket"), r.entries().stream()
                .map(e -> e.form().id()).toList());
        assertEquals(List.of(1, 1, 1, 2), r.entries().stream().map(EchoEfficiency.Entry::tier).toList());
        EchoEfficiency.Pooled pooled = EchoEfficiency.Pooled.of(rows, 10_000);
        assertEquals(4, pooled.df());
        assertEquals(0.0703, pooled.sd(), 0.001);
        // on their own two values (a tick's error each) the lucky two would be apart; on the pool they tie
        Stats.Ratio own = Stats.ratio(EchoEfficiency.usPerRequest(near, 10_000), EchoEfficiency.usPerRequest(lucky, 10_000));
        assertTrue(own.excludesOne(), own.toString());
        Stats.Ratio onPool = r.entries().get(1).over(r.entries().get(0));
        assertFalse(onPool.excludesOne(), onPool.toString());
        assertTrue(r.entries().get(3).over(r.entries().get(0)).excludesOne());
    }

    /** Repetitions that read the same number of clock ticks still have an interval: a tick's worth. */
    @Test
    void identicalTickCountsKeepTheTicksUncertainty() {
        Series.Row same = row("threads/socket", rep(20_000, rung(5_000, 38)), rep(25_000, rung(5_000, 38)),
                rep(15_000, rung(5_000, 38)));
        Stats.Summary s = EchoEfficiency.usPerRequest(same, 5_000);
        assertEquals(38, s.median(), 1e-9);
        // 190 ms read in 10 ms ticks, three times: about +-3.5% (the tick's error is known, not estimated), not zero
        assertTrue(s.interval().high() / 38 > 1.02 && s.interval().high() / 38 < 1.06, s.interval().toString());
        assertTrue(s.interval().low() / 38 < 0.98, s.interval().toString());
    }

    @Test
    void aRunWithoutTheServersCpuPerRateHasNoRanking() {
        EchoScore.Rung old = new EchoScore.Rung(5_000, 5_000, 5_000, 1, new EchoScore.Latency(1, 1, 1, 1, 1, 1), 1, 1.0, 1,
                null);
        Series.Row a = row("netty/nio", rep(1, old), rep(1, old), rep(1, old));
        Series.Row b = row("threads/socket", rep(1, old), rep(1, old), rep(1, old));
        assertTrue(EchoEfficiency.of(List.of(a, b)).isEmpty());
        Doc doc = new Doc("echo");
        EchoEfficiency.write("echo", List.of(a, b), "threads/socket", Map.of(), doc);
        assertTrue(doc.blocks().isEmpty());
    }
}
