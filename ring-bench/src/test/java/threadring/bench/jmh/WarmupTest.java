package threadring.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import threadring.bench.stats.Steady;

/** The evidence warm-up's decisions on forks classified from synthetic series. */
class WarmupTest {

    /** {@code n} iterations at {@code level} with 1% noise from {@code seed}. */
    private static double[] at(int n, double level, long seed) {
        Random r = new Random(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = level * Math.exp(0.01 * r.nextGaussian());
        }
        return x;
    }

    private static double[] concat(double[] a, double[] b) {
        double[] x = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, x, a.length, b.length);
        return x;
    }

    /** 6 iterations at 130 then 10 at 100, 2 of them warm-up: settles at iteration 6. */
    private static Steady warmUp() {
        Steady s = Steady.of(concat(at(6, 130, 1), at(10, 100, 2)), 2, null);
        assertEquals(Steady.Kind.WARMUP, s.kind());
        assertEquals(6, s.settledAt());
        return s;
    }

    /** 6 iterations at 80 then 10 at 100: faster before, a slowdown. */
    private static Steady slowdown() {
        Steady s = Steady.of(concat(at(6, 80, 3), at(10, 100, 4)), 2, null);
        assertEquals(Steady.Kind.SLOWDOWN, s.kind());
        return s;
    }

    private static Steady flat() {
        Steady s = Steady.of(at(16, 100, 5), 2, null);
        assertEquals(Steady.Kind.FLAT, s.kind());
        assertEquals(0, s.settledAt());
        return s;
    }

    /** 8 iterations at 100 then the last 2 at 150: fewer steady iterations than a steady state needs. */
    private static Steady none() {
        Steady s = Steady.of(concat(at(8, 100, 6), at(2, 150, 7)), 2, null);
        assertEquals(Steady.Kind.NONE, s.kind());
        return s;
    }

    /** The cap is the settle's time in iterations, each at least one operation long: a 5 s tree warms up twice, not 24 times. */
    @Test
    void theCapCountsIterationsAsLongAsAnOperation() {
        assertEquals(24, Warmup.cap(6000, 250, null));
        assertEquals(17, Warmup.cap(6000, 250, 180_000_000L), "an iteration of two 180 ms operations lasts 360 ms");
        assertEquals(24, Warmup.cap(6000, 250, 50_000_000L));
        assertEquals(6, Warmup.cap(6000, 250, 1_000_000_000L));
        assertEquals(2, Warmup.cap(6000, 250, 4_700_000_000L));
    }

    @Test
    void anIdSlowToSettleDeclaresTheWarmUpEveryForkGets() {
        threadring.core.RingFactory ox = threadring.core.RingFactories.load().require("ox/buffered-p1");
        assertEquals(6000, ox.warmupMs(threadring.core.ring.Ring.WORKLOAD));
        assertEquals(0, ox.warmupMs(threadring.core.rendezvous.Rendezvous.WORKLOAD));
        assertEquals(0, threadring.core.RingFactories.load().require("ox/buffered").warmupMs(threadring.core.ring.Ring.WORKLOAD));
        assertThrows(IllegalArgumentException.class,
                () -> threadring.core.Variant.of("x/y", "made up").warmsUp(threadring.core.ring.Ring.WORKLOAD, -1));
    }

    @Test
    void theFirstForkWarmsUpForTheCap() {
        Warmup w = Warmup.evidence(2, 20);
        assertEquals(20, w.next());
        assertFalse(w.unsettled());
    }

    @Test
    void laterForksWarmUpUntilTheLatestSettlingPlusOne() {
        Warmup w = Warmup.evidence(2, 20);
        w.observe(warmUp());
        assertEquals(7, w.next());
        w.observe(flat()); // an earlier settling does not shorten it
        assertEquals(7, w.next());
        assertFalse(w.unsettled());
    }

    @Test
    void theEvidenceIsClampedToMinAndCap() {
        Warmup capped = Warmup.evidence(2, 5);
        capped.observe(warmUp());
        assertEquals(5, capped.next());

        Warmup floored = Warmup.evidence(10, 20);
        floored.observe(warmUp());
        assertEquals(10, floored.next());

        Warmup flatOnly = Warmup.evidence(3, 20);
        flatOnly.observe(flat());
        assertEquals(3, flatOnly.next());
    }

    @Test
    void aCapBelowTheMinimumIsTheMinimum() {
        Warmup w = Warmup.evidence(6, 4);
        assertEquals(6, w.next());
        w.observe(warmUp());
        assertEquals(6, w.next());
    }

    @Test
    void aForkWithNoSteadyStateForcesTheCapAndSaysUnsettled() {
        Warmup w = Warmup.evidence(2, 20);
        w.observe(flat());
        assertEquals(2, w.next());
        w.observe(none());
        assertEquals(20, w.next());
        assertTrue(w.unsettled());
        w.observe(warmUp()); // a later settled fork does not undo it
        assertEquals(20, w.next());
        assertTrue(w.unsettled());
    }

    @Test
    void aSlowdownLengthensNothingAfterAWarmUp() {
        Warmup w = Warmup.evidence(2, 20);
        w.observe(warmUp());
        w.observe(slowdown());
        assertEquals(7, w.next());
        assertFalse(w.unsettled());
    }

    @Test
    void aSlowdownAloneDoesNotAskForTheCap() {
        Warmup w = Warmup.evidence(2, 20);
        w.observe(slowdown());
        assertTrue(w.next() <= 3, "next " + w.next());
        assertFalse(w.unsettled());
    }

    @Test
    void aFixedWarmUpIgnoresTheEvidence() {
        Warmup w = Warmup.fixed(5);
        assertEquals(5, w.next());
        w.observe(warmUp());
        assertEquals(5, w.next());
        w.observe(none());
        assertEquals(5, w.next());
    }
}
