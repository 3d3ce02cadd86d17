package threadring.bench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Measured;
import threadring.bench.data.Runs;

class StatsTest {

    static Stats.Summary summary(Measured m) {
        return m.score().cost();
    }

    @Test
    void medianForkMediansMinMaxAndAnIntervalOverForks() {
        Stats.Summary s = Stats.summarize(List.of(List.of(10.0, 12.0, 11.0), List.of(13.0, 12.0, 14.0),
                List.of(11.0, 11.5, 10.5)));
        assertEquals(3, s.forks());
        assertEquals(9, s.samples());
        assertEquals(List.of(11.0, 13.0, 11.0), s.forkMedians());
        assertEquals(11.5, s.median(), 1e-9);
        assertEquals(10.0, s.min());
        assertEquals(14.0, s.max());
        // log medians 2.398, 2.565, 2.398: mean 2.453, sd 0.0964, t(0.975, 2) = 4.303
        assertEquals(Math.exp(2.4534 - 4.3027 * 0.0964 / Math.sqrt(3)), s.interval().low(), 0.05);
        assertEquals(Math.exp(2.4534 + 4.3027 * 0.0964 / Math.sqrt(3)), s.interval().high(), 0.05);
    }

    /** With three forks the interval always reaches past every fork median. */
    @Test
    void theIntervalOfThreeForksContainsEveryForkMedian() {
        double[][] cases = {{75, 177, 195}, {100, 101, 102}, {50, 50, 80}, {1, 1.3, 1.29}};
        for (double[] medians : cases) {
            Stats.Summary s = summary(Runs.forks("x/y", medians));
            for (double m : s.forkMedians()) {
                assertTrue(s.interval().contains(m), m + " outside " + s.interval());
            }
        }
    }

    @Test
    void forkMediansMoreThanThirtyPercentApartAreUnstable() {
        Stats.Summary s = summary(Runs.forks("quasar/fiber", 75, 177, 195));
        assertTrue(s.isUnstable());
        assertEquals("fork medians 2.60x apart", s.unstable());
        assertFalse(summary(Runs.forks("x/y", 100, 110, 125)).isUnstable());
    }

    /** Forks 20% apart whose passes agree within 0.1% disagree beyond their own noise. */
    @Test
    void forksThatDisagreeBeyondTheirPassesNoiseAreUnstable() {
        Stats.Summary s = summary(Runs.measured("x/y", new double[] {100, 100.1, 99.9, 100}, new double[] {120, 120.1,
                119.9, 120}, new double[] {110, 110.1, 109.9, 110}));
        assertTrue(s.isUnstable());
        assertTrue(s.unstable().startsWith("forks differ beyond their passes' noise (ANOVA p="), s.unstable());
        // the same fork medians with passes as noisy as the forks' spread are stable
        Stats.Summary noisy = summary(Runs.measured("x/y", new double[] {90, 110, 100, 100}, new double[] {108, 132,
                120, 120}, new double[] {99, 121, 110, 110}));
        assertNull(noisy.unstable());
    }

    /** Forks whose iterations still fall, each from its first to its last, were not in steady state. */
    @Test
    void iterationsThatStillFallInEveryForkAreNotSteady() {
        Stats.Summary s = summary(Runs.measured("x/y", new double[] {130, 118, 108, 100, 95},
                new double[] {128, 117, 109, 101, 96}, new double[] {131, 119, 107, 99, 94}));
        assertTrue(s.isUnstable());
        assertTrue(s.unstable().startsWith("not steady: passes fell 2"), s.unstable());
        // iterations that scatter as much without a trend are steady
        assertNull(summary(Runs.measured("x/y", new double[] {100, 108, 92, 104, 96},
                new double[] {101, 93, 107, 99, 102}, new double[] {97, 105, 100, 95, 103})).unstable());
        // and so is a trend smaller than the threshold, however clear
        assertNull(summary(Runs.measured("x/y", new double[] {104, 103, 102, 101, 100},
                new double[] {104, 103, 102, 101, 100}, new double[] {104, 103, 102, 101, 100.1})).unstable());
    }

    @Test
    void oneForkHasNoIntervalAndNoStabilityVerdict() {
        Stats.Summary s = Stats.summarize(List.of(List.of(5.0, 6.0, 7.0)));
        assertNull(s.interval());
        assertFalse(s.isUnstable());
        assertEquals(6.0, s.median());
        Stats.Ratio r = Stats.ratio(s, s);
        assertNull(r.interval());
        assertFalse(r.separates());
    }

    @Test
    void aRatioSeparatesOnlyWhenItsIntervalExcludesOne() {
        Stats.Summary a = summary(Runs.forks("x/y", 100, 110, 105));
        Stats.Summary slower = summary(Runs.forks("x/y", 150, 165, 157.5));
        Stats.Ratio r = Stats.ratio(slower, a);
        assertEquals(1.5, r.value(), 0.01);
        assertNotNull(r.interval());
        assertTrue(r.interval().contains(1.5) && r.interval().low() > 1, r.toString());
        assertTrue(r.separates());
        assertTrue(r.p() < 0.05, r.toString());
        Stats.Ratio same = Stats.ratio(a, a);
        assertEquals(1.0, same.value());
        assertTrue(same.interval().contains(1.0));
        assertFalse(same.separates());
        assertEquals(1.0, same.p(), 1e-9);
    }
}
