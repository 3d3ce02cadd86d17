package threadring.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CalibrationTest {

    /** A pass that "takes" a fixed time per step: the calibration finds the steps of the target. */
    @Test
    void aSteadyRateGivesTheTargetsSteps() {
        Calibration.Result r = Calibration.steps(steps -> steps * 100L, Duration.ofMillis(500), Duration.ofMillis(20));
        assertEquals(5_000_000, r.steps());
        assertEquals(100.0, r.nsPerStep(), 1e-9);
    }

    /**
     * Short passes ten times faster per step than long ones (as platform threads' rendezvous ran):
     * the answer comes from a pass of the target's length, not from the short probes.
     */
    @Test
    void theRateOfAFullPassWinsOverShortProbes() {
        Calibration.Pass pass = steps -> steps < 20_000_000 ? steps * 10L : steps * 100L;
        Calibration.Result r = Calibration.steps(pass, Duration.ofMillis(500), Duration.ofMillis(20));
        assertEquals(5_000_000, r.steps());
    }

    @Test
    void stepsAreRoundedToTwoSignificantDigits() {
        assertEquals(1_200_000, Calibration.round(1_234_567));
        assertEquals(98, Calibration.round(98.7));
        assertEquals(1, Calibration.round(0.2));
        assertEquals(Calibration.MAX_STEPS, Calibration.round(1e12));
    }
}
