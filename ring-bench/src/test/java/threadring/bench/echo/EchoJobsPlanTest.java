package threadring.bench.echo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Presets;
import threadring.bench.data.Runs;

/** How many repetitions an echo row gets: its pilot, then Stein's plan within the cap. */
class EchoJobsPlanTest {

    private static List<EchoScore.EchoRepetition> reps(double... requestsPerSecond) {
        return Runs.echo("virtual/socket", 100, 50, 20, requestsPerSecond).score(EchoScore.class).orElseThrow().repetitions();
    }

    @Test
    void theCapIsTheRunsForksWithinTheEchoCapNeverBelowThePilot() {
        assertEquals(Presets.ECHO_MAX_REPETITIONS, EchoJobs.cap(3, 5));
        assertEquals(2, EchoJobs.cap(1, 2));
        assertEquals(4, EchoJobs.cap(4, 2), "never fewer than the pilot");
    }

    @Test
    void aPilotAtTheCapIsAllTheRowGets() {
        assertEquals(3, EchoJobs.planned(reps(40_000, 80_000, 20_000), 3, 3, 0.05));
    }

    @Test
    void belowTheCapSteinsRulePlansMoreForASpreadPilotAndNoneForATightOne() {
        assertEquals(2, EchoJobs.planned(reps(50_000, 50_100), 2, 6, 0.05), "two repetitions 0.2% apart are enough");
        int spread = EchoJobs.planned(reps(50_000, 53_000, 56_000), 3, 6, 0.05);
        assertTrue(spread > 3 && spread <= 6, "a pilot spread over 12% asks for more, up to the cap: " + spread);
    }

    @Test
    void aRepetitionThatAnsweredNothingHasNoTime() {
        assertEquals(6, EchoJobs.planned(reps(50_000, 0), 2, 6, 0.05), "one time left: no spread known, the cap");
    }
}
