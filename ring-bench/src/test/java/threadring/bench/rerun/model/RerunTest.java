package threadring.bench.rerun.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.stats.IdSpread;
import threadring.bench.stats.RerunComponent;
import threadring.bench.stats.Stats;

/** A row's interval is floored by its id's own spreads over earlier runs. */
class RerunTest {

    private static final RerunComponent CLASS = new RerunComponent(0.015, 70);

    /** Four JVMs 0.5% apart, an id whose JVMs spread 7% in earlier runs: the interval is the id's. */
    @Test
    void luckyForksTakeTheIdsSpreadOfJvms() {
        List<Double> forks = List.of(116.0, 117.4, 117.6, 118.2);
        Stats.Summary alone = Stats.summarize(forks.stream().map(List::of).toList(), CLASS);
        Stats.Summary floored = Stats.summarize(forks.stream().map(List::of).toList(),
                CLASS.withLevels(new IdSpread(0.07, 20, 0, 0)));
        assertTrue(alone.interval().high() < 123, alone.interval().toString()); // +-4.5%
        // 7% over 4 JVMs and the class's 1.5%, for this run and a re-run, on about 28 df: +-11.7%
        assertEquals(1.117, floored.interval().high() / floored.median(), 0.005, floored.interval().toString());
    }

    /** An id whose level moved 5% between five earlier runs: a row's interval is at least t(4) * sqrt(2) * 5%. */
    @Test
    void anIdThatMovesBetweenRunsTakesItsOwnSpreadOfLevels() {
        double[] level = CLASS.withLevels(new IdSpread(0, 0, 0.05, 5)).floored(0.0001, 4, 3);
        assertEquals(0.0025, level[0], 1e-12);
        assertEquals(4, level[1], 0);
        double half = RerunComponent.halfWidth(0.0001, 4, CLASS.withLevels(new IdSpread(0, 0, 0.05, 5)));
        assertEquals(2.776 * Math.sqrt(2) * 0.05, half, 0.001);
    }

    /** Spreads narrower than the row's own leave it as it was. */
    @Test
    void narrowerSpreadsChangeNothing() {
        RerunComponent narrow = CLASS.withLevels(new IdSpread(0.001, 30, 0.001, 8));
        double[] own = CLASS.floored(0.004, 5, 4);
        double[] floored = narrow.floored(0.004, 5, 4);
        assertEquals(own[0], floored[0], 0);
        assertEquals(own[1], floored[1], 0);
        assertEquals(0.004 / 5 + 0.015 * 0.015, own[0], 1e-12);
    }

    /** Fewer than three earlier runs give no spread of levels. */
    @Test
    void twoRunsGiveNoSpreadOfLevels() {
        double[] level = CLASS.withLevels(new IdSpread(0, 0, 0.3, 2)).floored(0.0001, 4, 3);
        assertEquals(0.0001 / 4 + 0.015 * 0.015, level[0], 1e-12);
    }
}
