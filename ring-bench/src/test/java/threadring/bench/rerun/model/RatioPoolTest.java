package threadring.bench.rerun.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.stats.RerunComponent;
import threadring.bench.stats.Stats;

/** The pooled ratio: one run's is that run's, more runs narrow it, runs that disagree widen it. */
class RatioPoolTest {

    private static final RatioRerun.Spread SPREAD = new RatioRerun.Spread(0.0004, 20, 0.0001);
    private static final RerunComponent PART = new RerunComponent(0.02, 100);

    private static double halfWidth(Stats.Ratio r) {
        return Math.log(r.interval().high() / r.value());
    }

    @Test
    void aPoolOfOneRunIsThatRunsRatioAndInterval() {
        Stats.Ratio one = RatioPool.of(List.of(new RatioPool.Side(Math.log(1.5), SPREAD)), PART);
        assertEquals(1.5, one.value(), 1e-12);
        assertEquals(RatioRerun.halfWidth(SPREAD, PART, Stats.CONFIDENCE), halfWidth(one), 1e-12);
    }

    @Test
    void runsThatAgreeNarrowItAboutAsTheSquareRootOfTheirNumber() {
        RatioPool.Side side = new RatioPool.Side(Math.log(1.5), SPREAD);
        double one = halfWidth(RatioPool.of(List.of(side), PART));
        double four = halfWidth(RatioPool.of(List.of(side, side, side, side), PART));
        assertTrue(four < one / 1.8 && four > one / 2.2, one + " -> " + four);
    }

    @Test
    void runsThatDisagreeBeyondTheirSpreadsWidenIt() {
        List<RatioPool.Side> apart = List.of(new RatioPool.Side(Math.log(1.0), SPREAD),
                new RatioPool.Side(Math.log(1.6), SPREAD), new RatioPool.Side(Math.log(1.0), SPREAD),
                new RatioPool.Side(Math.log(1.6), SPREAD));
        List<RatioPool.Side> alike = List.of(new RatioPool.Side(Math.log(1.25), SPREAD),
                new RatioPool.Side(Math.log(1.27), SPREAD), new RatioPool.Side(Math.log(1.26), SPREAD),
                new RatioPool.Side(Math.log(1.26), SPREAD));
        Stats.Ratio wide = RatioPool.of(apart, PART);
        assertTrue(halfWidth(wide) > 2 * halfWidth(RatioPool.of(alike, PART)), wide.toString());
        assertTrue(wide.interval().low() < 1.0 * 1.05 && wide.interval().high() > 1.6 / 1.05, wide.toString());
        assertTrue(RatioPool.between(List.of(apart), PART) > 0.01, "the class's variance between runs");
        assertEquals(0, RatioPool.between(List.of(alike), PART));
    }
}
