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

    /** With three forks the interval (each mode's, where they are modes) reaches past every fork median. */
    @Test
    void theIntervalOfThreeForksContainsEveryForkMedian() {
        double[][] cases = {{75, 177, 195}, {100, 101, 102}, {50, 50, 80}, {1, 1.3, 1.29}};
        for (double[] medians : cases) {
            Stats.Summary s = summary(Runs.forks("x/y", medians));
            for (Stats.Mode mode : s.modes()) {
                for (double m : mode.forkMedians()) {
                    assertTrue(mode.interval() == null || mode.interval().contains(m), m + " outside " + mode);
                }
            }
            assertTrue(s.modal() || s.forkMedians().stream().allMatch(s.interval()::contains), s.toString());
        }
    }

    /** akka/typed-p1's forks of 58.1, 60.4 and 60.0 ns/hop, each tight inside: a claim, flagged by nothing. */
    @Test
    void forksThatAgreeWithinAFewPercentAreAClaimHoweverTightTheirIterations() {
        Stats.Summary s = summary(Runs.measured("akka/typed-p1", new double[] {58.0, 58.1, 58.2, 58.1, 58.1},
                new double[] {60.3, 60.4, 60.5, 60.4, 60.4}, new double[] {59.9, 60.0, 60.1, 60.0, 60.0}));
        assertNull(s.flag(), s.unstable());
        assertFalse(s.modal());
        assertTrue(s.interval().contains(59.5) && s.precision() < 0.06, s.interval() + " " + s.precision());
        // and forks 20% apart, as tight inside, are ordinary spread between JVMs: a wider interval, no flag
        Stats.Summary wide = summary(Runs.measured("x/y", new double[] {100, 100.1, 99.9, 100},
                new double[] {120, 120.1, 119.9, 120}, new double[] {110, 110.1, 109.9, 110}));
        assertNull(wide.flag(), wide.unstable());
        assertTrue(wide.interval().contains(100) && wide.interval().contains(120), wide.interval().toString());
    }

    /** virtual/park's forks near 190, 190 and 600 ns/hop: two modes, each with its own median, never their average. */
    @Test
    void forksInSeparatedGroupsAreModes() {
        Stats.Summary s = summary(Runs.forks("virtual/park", 190, 192, 600));
        assertTrue(s.modal());
        assertEquals(Stats.Cause.MODES, s.flag().cause());
        assertEquals("two modes 3.14x apart (2 forks, 1 fork)", s.flag().text());
        assertNull(s.interval(), "no single interval around a value no JVM ran");
        assertEquals(2, s.modes().get(0).forks());
        assertEquals(191, s.modes().get(0).median(), 3);
        assertTrue(s.modes().get(0).interval().contains(191));
        assertEquals(600, s.modes().get(1).median(), 30);
        assertNull(s.modes().get(1).interval(), "one fork: no interval");
        // quasar/fiber's 75, 177 and 195 are two modes too; 100, 125 and 150 ns/hop spread evenly are not
        assertTrue(summary(Runs.forks("quasar/fiber", 75, 177, 195)).modal());
        assertFalse(summary(Runs.forks("x/y", 100, 125, 150)).modal());
    }

    /** Forks spread more than 2x without a gap between groups: flagged, forks apart. */
    @Test
    void forksScatteredMoreThanTwiceApartWithoutModesAreFlagged() {
        Stats.Summary s = summary(Runs.forks("x/y", 100, 120, 145, 175, 210));
        assertFalse(s.modal(), s.modes().toString());
        assertEquals(Stats.Cause.SPREAD, s.flag().cause());
        assertEquals("fork medians 2.10x apart", s.flag().text());
    }

    /** Forks whose iterations still fall, each from its first to its last, were not in steady state. */
    @Test
    void iterationsThatStillFallInEveryForkAreNotSteady() {
        Stats.Summary s = summary(Runs.measured("x/y", new double[] {130, 118, 108, 100, 95},
                new double[] {128, 117, 109, 101, 96}, new double[] {131, 119, 107, 99, 94}));
        assertEquals(Stats.Cause.DRIFT, s.flag().cause());
        assertTrue(s.flag().text().startsWith("passes fell 2"), s.unstable());
        // iterations that scatter as much without a trend are steady
        assertNull(summary(Runs.measured("x/y", new double[] {100, 108, 92, 104, 96},
                new double[] {101, 93, 107, 99, 102}, new double[] {97, 105, 100, 95, 103})).unstable());
        // and so is a trend smaller than the threshold, however clear
        assertNull(summary(Runs.measured("x/y", new double[] {104, 103, 102, 101, 100},
                new double[] {104, 103, 102, 101, 100}, new double[] {104, 103, 102, 101, 100.1})).unstable());
    }

    /** coroutines/continuation-loop's forks rose 27% from their first measured iteration to their last: a drift. */
    @Test
    void aRiseOfTwentySevenPercentInEveryForkIsADrift() {
        Stats.Summary s = summary(Runs.measured("coroutines/continuation-loop", new double[] {62.0, 62.8, 59.6, 68.1, 74.6},
                new double[] {63.8, 60.5, 59.4, 78.3, 81.7}, new double[] {62.3, 60.6, 59.0, 72.1, 76.5}));
        assertEquals(Stats.Cause.DRIFT, s.flag().cause(), String.valueOf(s.flag()));
        assertTrue(s.flag().text().startsWith("passes rose 2"), s.flag().text());
    }

    /** Forks are added until the interval is within the precision asked, up to the cap; modes get the cap. */
    @Test
    void forksAreAddedUntilTheIntervalIsPreciseEnoughOrTheCap() {
        Stats.Summary tight = summary(Runs.measured("x/y", new double[] {58.0, 58.1, 58.2}, new double[] {60.3, 60.4,
                60.5}, new double[] {59.9, 60.0, 60.1}));
        assertEquals(1, Forks.more(tight, 0.05, 8), "three forks 4% apart give +-" + tight.precision() + ": one more");
        Stats.Summary loose = summary(Runs.forks("x/y", 100, 110, 105));
        assertEquals(4, Forks.more(loose, 0.05, 8), "t(6) x sd / sqrt(7) is the first within 5%");
        assertEquals(2, Forks.more(loose, 0.05, 5), "capped");
        assertEquals(5, Forks.more(summary(Runs.forks("virtual/park", 190, 192, 600)), 0.05, 8), "modes: to the cap");
        Stats.Summary drifting = summary(Runs.measured("x/y", new double[] {130, 118, 108, 100, 95},
                new double[] {128, 117, 109, 101, 96}, new double[] {131, 119, 107, 99, 94}));
        assertEquals(0, Forks.more(drifting, 0.05, 8), "more forks drift the same way");
        assertEquals(7, Forks.more(Stats.summarize(List.of(List.of(5.0, 6.0))), 0.05, 8), "one fork: no spread to go by");
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
