package threadring.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HistoryTest {

    @Test
    void the2014RowsMapToTheStudysSetup() {
        History h = History.load();
        assertEquals("Quasar fibers", h.sameSetup(History.STUDY_2014, "quasar/fiber-p2").orElseThrow().model());
        assertEquals("Quasar fibers", h.oneThreadOf(History.STUDY_2014, "quasar/fiber").orElseThrow().model());
        assertTrue(h.sameSetup(History.STUDY_2014, "quasar/fiber").isEmpty(), "one thread is not the 2014 setup");
        assertEquals("Akka actors", h.sameSetup(History.STUDY_2014, "akka/classic").orElseThrow().model());
        assertEquals("Quasar actors", h.sameSetup(History.STUDY_2014, "quasar/actor-p2").orElseThrow().model());
        assertEquals(29.0, h.speedUp(h.sameSetup(History.STUDY_2014, "quasar/fiber-p2").orElseThrow()));
    }

    @Test
    void everyStudyHasOneBaselineAndSpeedUpsFollowFromIt() {
        History h = History.load();
        for (String study : h.entries().stream().map(History.Entry::study).distinct().toList()) {
            assertEquals(1, h.study(study).stream().filter(History.Entry::baseline).count(), study);
        }
        History.Entry go = h.study("benchmarks-game-2018").stream().filter(e -> e.model().equals("Go")).findFirst()
                .orElseThrow();
        assertEquals(374_000 / 13_690.0, h.speedUp(go), 1e-9);
    }
}
