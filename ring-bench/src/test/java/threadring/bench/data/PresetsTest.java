package threadring.bench.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import threadring.bench.stats.Forks;
import threadring.bench.stats.Steady;

/** The presets agree with each other and with what the statistics need of them. */
class PresetsTest {

    @Test
    void forkCountsGrowFromThePilotToTheStateCap() {
        assertEquals(Forks.PILOT, Presets.FORKS);
        assertTrue(Presets.FORKS < Presets.MAX_FORKS, "a pilot below the cap leaves forks to plan");
        assertTrue(Presets.MAX_FORKS < Presets.STATE_FORKS);
        assertTrue(Presets.STATE_FORKS >= Forks.SPLIT_FORKS, "a split row can reach the forks its shares need");
    }

    @Test
    void aPassIsShortAgainstAnIteration() {
        assertTrue(Presets.PASS_MS * 2 <= Presets.ITERATION_MS);
        assertTrue(Presets.QUICK_ITERATION_MS < Presets.ITERATION_MS);
        assertTrue(Presets.CALIBRATION_MS >= 3 * Presets.PASS_MS, "a calibration has passes to go by");
    }

    @Test
    void theWarmUpCapHoldsMoreThanTheFewestWarmUps() {
        int cap = (int) Math.ceil((double) Presets.SETTLE_MS / Presets.ITERATION_MS);
        assertEquals(20, cap);
        assertTrue(Presets.SETTLE_MS >= 3_500 + Presets.ITERATION_MS, "the first fork sees ox/buffered-p1 settle (3.5 s)");
        assertTrue(Presets.WARMUPS >= 1 && Presets.WARMUPS < cap);
    }

    @Test
    void aForkMeasuresEnoughForItsSteadyState() {
        assertTrue(Presets.ITERATIONS >= 2 * Steady.MIN_STEADY);
        assertEquals(1, Presets.PROFILING.forks());
        assertEquals(1, Presets.QUICK_PROFILING.forks());
        assertEquals(Presets.QUICK_ITERATION_MS, Presets.QUICK_PROFILING.iterationMs());
        assertTrue(Presets.LONG_PASSES >= Steady.MIN_STEADY);
        assertTrue(Presets.LONG_STEPS > Presets.QUICK_STEPS);
    }
}
