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
    void theLevelIsTheGeometricMeanOfForkLevelsWithAnIntervalOverForks() {
        Stats.Summary s = Stats.summarize(List.of(List.of(10.0, 12.0, 11.0), List.of(12.0, 11.5, 12.5),
                List.of(11.0, 11.5, 10.5)));
        assertEquals(3, s.forks());
        assertEquals(9, s.samples());
        assertEquals(List.of(11.0, 12.0, 11.0), s.forkMedians());
        assertEquals(Math.exp((Math.log(11) * 2 + Math.log(12)) / 3), s.median(), 1e-9);
        assertEquals(10.0, s.min());
        assertEquals(12.5, s.max());
        // log levels 2.398, 2.485, 2.398: mean 2.427, sd 0.0502, t(0.975, 2) = 4.303; the interval is for a
        // re-run's level, whose mean is as uncertain as this run's: sqrt(2) times the mean's standard error
        assertEquals(Math.exp(2.4270 - 4.3027 * 0.05024 * Math.sqrt(2.0 / 3)), s.interval().low(), 0.02);
        assertEquals(Math.exp(2.4270 + 4.3027 * 0.05024 * Math.sqrt(2.0 / 3)), s.interval().high(), 0.02);
        assertEquals(Math.sqrt(s.interval().high() / s.interval().low()) - 1, s.precision(), 1e-12,
                "the precision is half the interval's width");
    }

    /** akka/typed-p1's forks of 58.1, 60.4 and 60.0 ns/hop, each tight inside: a claim, flagged by nothing. */
    @Test
    void forksThatAgreeWithinAFewPercentAreAClaimHoweverTightTheirIterations() {
        Stats.Summary s = summary(Runs.measured("akka/typed-p1", new double[] {58.0, 58.1, 58.2, 58.1, 58.1},
                new double[] {60.3, 60.4, 60.5, 60.4, 60.4}, new double[] {59.9, 60.0, 60.1, 60.0, 60.0}));
        assertNull(s.flag(), s.unstable());
        assertFalse(s.modal());
        assertTrue(s.interval().contains(59.5) && s.precision() < 0.08, s.interval() + " " + s.precision());
        // and forks 12% apart, no gap of 18% between neighbours, are ordinary spread: a wider interval, no flag
        Stats.Summary wide = summary(Runs.measured("x/y", new double[] {100, 100.1, 99.9, 100},
                new double[] {112, 112.1, 111.9, 112}, new double[] {106, 106.1, 105.9, 106}));
        assertNull(wide.flag(), wide.unstable());
        assertTrue(wide.interval().contains(100) && wide.interval().contains(112), wide.interval().toString());
    }

    /**
     * coroutines/continuation-loop in run 20261125-122753: 79.2-81.5 on three JVMs and 97.7-107.2 on
     * three: two states, each with its level, interval and share, never their average.
     */
    @Test
    void forksThatSettleFarApartAreStatesEachWithItsShare() {
        Stats.Summary s = summary(Runs.forks("coroutines/continuation-loop", 79.18, 81.36, 81.53, 97.73, 106.9, 107.2));
        assertTrue(s.modal());
        assertEquals(Stats.Cause.STATES, s.flag().cause());
        assertEquals(2, s.states().size());
        assertNull(s.interval(), "no single interval around a value no JVM ran");
        Stats.State fast = s.states().get(0);
        assertEquals("3 of 6 JVMs", fast.jvms());
        assertEquals(80.7, fast.level(), 0.1);
        assertTrue(fast.interval().contains(79.18) && fast.interval().contains(81.53), fast.interval().toString());
        assertEquals(103.8, s.states().get(1).level(), 0.2);
        assertTrue(fast.share().contains(0.5) && fast.share().low() > 0.1 && fast.share().high() < 0.9,
                fast.share().toString());
        assertTrue(s.flag().text().startsWith("two states 1.29x apart (3 of 6 JVMs, 3 of 6 JVMs)"), s.flag().text());
    }

    /**
     * virtual/park-p1 in run 20261125-122753: four JVMs at 191-199, one at 273, one at 358. A lone
     * JVM is no state: it is shown apart, and the row's one state keeps its interval.
     */
    @Test
    void aLoneJvmFarFromTheOthersIsApartNotAState() {
        Stats.Summary s = summary(Runs.forks("virtual/park-p1", 191.0, 192.3, 197.9, 198.9, 273.1, 358.4));
        assertEquals(1, s.states().size());
        assertEquals(List.of(273.1, 358.4), s.apart().stream().map(x -> Math.round(x * 10) / 10.0).toList());
        assertEquals(Stats.Cause.SPREAD, s.flag().cause());
        assertEquals("4 of 6 JVMs", s.states().get(0).jvms());
        assertTrue(s.interval().high() < 210, s.interval().toString());
        assertTrue(s.flag().text().contains("2 JVMs of 6 apart at 273.1, 358.4"), s.flag().text());
        // an echo row of three repetitions with one apart: no state rests on one repetition
        Stats.Summary echo = Stats.summarize(List.of(List.of(43.0), List.of(42.0), List.of(31.9)));
        assertEquals(1, echo.states().size());
        assertEquals(List.of(31.9), echo.apart());
    }

    /** Two JVMs are shown as their two values: a t interval on one degree of freedom says nothing. */
    @Test
    void aStateOfTwoJvmsHasNoInterval() {
        Stats.Summary s = summary(Runs.forks("x/y", 100, 101, 102, 103, 150, 151));
        assertEquals(2, s.states().size(), s.states().toString());
        assertNull(s.states().get(1).interval());
        assertNotNull(s.states().get(0).interval());
    }

    /** A row's interval carries the run-to-run component: wider than its forks alone say. */
    @Test
    void theIntervalCarriesTheRunToRunComponent() {
        List<List<Double>> forks = List.of(List.of(100.0), List.of(101.0), List.of(99.0), List.of(100.5));
        Stats.Summary alone = Stats.summarize(forks);
        Stats.Summary rerun = Stats.summarize(forks, new RerunComponent(0.03, 100));
        assertTrue(rerun.precision() > alone.precision() + 0.03, alone.precision() + " " + rerun.precision());
        assertTrue(rerun.interval().contains(95) && rerun.interval().contains(105), rerun.interval().toString());
    }

    /** Levels of one state scattered more than 2x without an 18% gap between neighbours: flagged, forks apart. */
    @Test
    void forksScatteredMoreThanTwiceApartInOneStateAreFlagged() {
        Stats.Summary s = summary(Runs.forks("x/y", 100, 112, 125, 140, 157, 176, 197, 215));
        assertFalse(s.modal(), s.states().toString());
        assertEquals(Stats.Cause.SPREAD, s.flag().cause());
        assertEquals("fork levels 2.15x apart", s.flag().text());
    }

    @Test
    void oneForkHasNoIntervalAndNoStabilityVerdict() {
        Stats.Summary s = Stats.summarize(List.of(List.of(5.0, 6.0, 7.0)));
        assertNull(s.interval());
        assertFalse(s.isUnstable());
        assertEquals(6.0, s.median());
        Stats.Ratio r = Stats.ratio(s, s);
        assertNull(r.interval());
        assertFalse(r.excludesOne());
    }

    /** Separated means one thing everywhere: the two 95% intervals share no value. */
    @Test
    void rowsAreSeparatedOnlyWhenTheirIntervalsShareNoValue() {
        Stats.Summary a = summary(Runs.forks("x/y", 100, 110, 105));
        Stats.Summary slower = summary(Runs.forks("x/y", 150, 165, 157.5));
        Stats.Ratio r = Stats.ratio(slower, a);
        assertEquals(1.5, r.value(), 0.01);
        assertNotNull(r.interval());
        assertTrue(r.interval().contains(1.5) && r.interval().low() > 1, r.toString());
        assertTrue(Stats.separated(a.interval(), slower.interval()));
        Stats.Summary near = summary(Runs.forks("x/y", 109, 117, 113));
        assertFalse(Stats.separated(a.interval(), near.interval()), a.interval() + " " + near.interval());
        Stats.Ratio same = Stats.ratio(a, a);
        assertEquals(1.0, same.value(), 1e-12);
        assertTrue(same.interval().contains(1.0));
        assertEquals(1.0, same.p(), 1e-9);
    }

    /** A pilot plans the count: tight forks need no more, loose ones more, states and one fork the cap. */
    @Test
    void theForkCountIsPlannedFromThePilot() {
        assertEquals(4, Forks.planned(List.of(100.0, 100.5, 99.8, 100.2), 0.05, 6), "0.3% spread: the pilot is enough");
        assertEquals(6, Forks.planned(List.of(100.0, 108.0, 94.0, 104.0), 0.05, 6), "6% spread: the cap");
        assertEquals(8, Forks.planned(List.of(100.0, 108.0, 94.0, 104.0), 0.05, 8));
        assertEquals(4, Forks.planned(List.of(190.0, 192.0, 194.0, 600.0), 0.05, 6),
                "a JVM apart: the pilot, then forks until the shares are known");
        assertTrue(Forks.split(List.of(190.0, 192.0, 194.0, 600.0)));
        assertFalse(Forks.sharesKnown(List.of(190.0, 192.0, 194.0, 600.0)), "1 of 4 JVMs: a share of [0.05, 0.70]");
        assertTrue(Forks.sharesKnown(List.of(190.0, 192.0, 194.0, 191.0, 193.0, 195.0, 190.5, 600.0, 610.0)));
        assertEquals(6, Forks.planned(List.of(100.0), 0.05, 6), "one fork: no spread to go by");
        // (t(3) * 0.02 / ln 1.05)^2 = 1.70: 2% spread needs no more than four forks
        assertEquals(4, Forks.planned(List.of(98.0, 100.0, 102.0, 100.0), 0.05, 6));
    }

    /**
     * A row whose fork count a pilot planned gets the same interval as a fixed count would: Student's
     * t over every fork, not Stein's second stage (which method.md no longer claims).
     */
    @Test
    void aPlannedRowGetsTheIntervalOfEveryFork() {
        List<List<Double>> forks = List.of(List.of(100.0, 100.0), List.of(104.0, 104.0), List.of(96.0, 96.0),
                List.of(102.0, 102.0), List.of(99.0, 99.0), List.of(101.0, 101.0));
        List<ForkSeries> series = forks.stream().map(ForkSeries::measured).toList();
        Stats.Summary planned = Stats.summarize(series, 4);
        Stats.Summary fixed = Stats.summarize(series, (Integer) null);
        assertEquals(fixed.interval().low(), planned.interval().low(), 1e-12);
        assertEquals(fixed.interval().high(), planned.interval().high(), 1e-12);
    }

    /** Wilson's interval of a share, and Fisher's exact test of two (the 1 of 6 against 6 of 6). */
    @Test
    void sharesHaveWilsonIntervalsAndFisherCompares() {
        Interval half = Proportions.wilson(3, 6);
        assertEquals(0.188, half.low(), 0.001);
        assertEquals(0.812, half.high(), 0.001);
        assertEquals(0.015, Proportions.fisher(1, 5, 6, 0), 0.0005);
        assertEquals(1.0, Proportions.fisher(3, 3, 3, 3), 1e-9);
    }
}
