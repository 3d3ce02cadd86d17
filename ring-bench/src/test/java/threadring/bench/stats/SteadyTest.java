package threadring.bench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The changepoint analysis and a fork's classification, on synthetic series whose answer is known. */
class SteadyTest {

    /** A series of {@code n} iterations at {@code level} with {@code noise} (relative sd), from a seed. */
    static double[] flat(int n, double level, double noise, long seed) {
        Random r = new Random(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = level * Math.exp(noise * r.nextGaussian());
        }
        return x;
    }

    static double[] concat(double[] a, double[] b) {
        double[] x = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, x, a.length, b.length);
        return x;
    }

    @Test
    void aFlatSeriesHasNoChangepointHoweverNoisy() {
        int falses = 0;
        for (long seed = 0; seed < 200; seed++) {
            for (double noise : new double[] {0.005, 0.02, 0.05}) {
                falses += Changepoints.segments(Stats.logs(flat(13, 100, noise, seed))).size() > 1 ? 1 : 0;
            }
        }
        assertTrue(falses <= 6, falses + " of 600 flat series split (at most 1%)");
    }

    @Test
    void aStepIsFoundWhereItIs() {
        // virtual/park-p1 in a long run: ~190 ns/hop for 6 s, then ~278
        int found = 0;
        for (long seed = 0; seed < 100; seed++) {
            double[] x = concat(flat(6, 190, 0.02, seed), flat(7, 278, 0.02, seed + 1000));
            var segments = Changepoints.segments(Stats.logs(x));
            if (segments.size() == 2 && segments.get(1).from() == 6) {
                found++;
            }
        }
        assertTrue(found >= 95, "the step at 6 found in " + found + " of 100");
    }

    @Test
    void aForkIsFlatWarmUpSlowdownOrNoSteadyState() {
        Steady flat = Steady.of(flat(13, 100, 0.02, 1), 10, null);
        assertEquals(Steady.Kind.FLAT, flat.kind());
        assertEquals(100, flat.level(), 3);
        assertFalse(flat.late());

        Steady warm = Steady.of(concat(flat(4, 160, 0.02, 2), flat(9, 100, 0.02, 3)), 6, null);
        assertEquals(Steady.Kind.WARMUP, warm.kind());
        assertEquals(4, warm.settledAt());
        assertFalse(warm.late(), "settled during its warm-up");
        assertEquals(100, warm.level(), 3);

        // a switch to the slow state 8.5 s into the fork, during the measured iterations
        Steady slow = Steady.of(concat(flat(8, 195, 0.02, 4), flat(5, 277, 0.02, 5)), 6, null);
        assertEquals(Steady.Kind.SLOWDOWN, slow.kind());
        assertTrue(slow.late(), "settled only while measured");
        assertEquals(8, slow.settledAt());
        assertEquals(277, slow.level(), 9, "the level is the steady state's, not a mix");

        // a change after the first of three measured iterations: two steady ones, no steady state
        Steady none = Steady.of(concat(flat(11, 100, 0.01, 6), new double[] {300, 310}), 10, null);
        assertEquals(Steady.Kind.NONE, none.kind());
    }

    @Test
    void settlingIsCountedInSecondsWhereIterationsHaveLengths() {
        double[] seconds = {2, 2, 1, 1, 1, 1, 1, 1, 1, 1};
        Steady warm = Steady.of(concat(flat(2, 160, 0.01, 7), flat(8, 100, 0.01, 8)), 5, seconds);
        assertEquals(2, warm.settledAt());
        assertEquals(4.0, warm.settledSeconds(), 1e-9);
    }
}
