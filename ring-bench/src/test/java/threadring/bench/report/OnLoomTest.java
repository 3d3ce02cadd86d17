package threadring.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.answer.Answer;
import threadring.bench.data.Run;
import threadring.bench.data.Runs;

/** The section that sets each library on its own scheduler beside the same library on virtual threads. */
class OnLoomTest {

    static Run run() {
        return Runs.run("20260101-000000", List.of(CostsTest.LABEL),
                Runs.counted("zio/promise-p1", 1.0, 0.0001, 16, 250, 252, 248),
                Runs.counted("zio/promise", 1.3, 0.3, 16, 400, 410, 390),
                Runs.counted("zio/promise-loom", 1.1, 0.002, 40, 500, 505, 495),
                Runs.counted("virtual/park-p1", 1.0, 0.002, 16, 150, 152, 148),
                Runs.forks("akka/pekko-typed-p1", 60, 61, 59));
    }

    @Test
    void eachModelOnBothHasOneRowOwnFastestBesideLoomFastest() {
        List<OnLoom.Pair> pairs = OnLoom.pairs(run());
        assertEquals(1, pairs.size(), "zio only: virtual is Loom itself, pekko has no -loom row here: " + pairs);
        OnLoom.Pair p = pairs.get(0);
        assertEquals("zio/promise-p1", p.own().id());
        assertEquals("zio/promise-loom", p.loom().id());
        String md = Report.render(run(), new Chart.Outcome(null, null, "none"), Answer::write);
        assertTrue(md.contains("## On their own scheduler and on Loom"), md);
        String row = md.substring(md.indexOf("## On their own scheduler and on Loom")).lines()
                .filter(l -> l.contains("| zio | zio/promise-p1 |")).findFirst().orElseThrow();
        assertTrue(row.contains("| zio/promise-loom |"), row);
        assertTrue(row.contains("| 2.00x [1.7"), "Loom / own: 500 / 250, each row with its run-to-run component: " + row);
        assertTrue(row.endsWith("| Loom slower |"), row);
        assertTrue(row.contains("| 2.00 |"), "Loom switches per 1,000 hops: " + row);
    }

    @Test
    void noLoomRowsNoSection() {
        Run own = Runs.run("20260101-000000", List.of(CostsTest.LABEL), Runs.forks("zio/promise-p1", 250, 252, 248));
        assertTrue(OnLoom.pairs(own).isEmpty());
        assertFalse(Report.render(own, new Chart.Outcome(null, null, "none"), Answer::write).contains("On their own scheduler"));
    }
}
