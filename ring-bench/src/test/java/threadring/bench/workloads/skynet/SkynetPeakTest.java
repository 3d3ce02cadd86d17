package threadring.bench.workloads.skynet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import threadring.bench.data.FootprintRun.Measurement;
import threadring.bench.footprint.OperationPeak;
import threadring.core.RingFactories;
import threadring.core.skynet.Skynet;
import threadring.core.skynet.SkynetSize;

/** footprint --peak skynet: a tree of that many leaves at the sweep's branching, measured and verified. */
@Timeout(120)
class SkynetPeakTest {

    @Test
    void aTreeIsItsLeavesAtTheSweepsBranchingAndOnlyAPowerOfItIsOne() {
        SkynetUnit section = new SkynetUnit();
        assertEquals(Optional.of(new SkynetSize(10, 6)), section.operationOf(1_000_000));
        assertEquals(Optional.of(new SkynetSize(10, 1)), section.operationOf(10));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> section.operationOf(5_000));
        assertTrue(e.getMessage().contains("power of 10"), e.getMessage());
    }

    /** Its size is every task of the tree, the inner ones too; the tree's answer is checked. */
    @Test
    void aModelsTreeIsReadAtItsPeak() {
        Measurement m = OperationPeak.measure(RingFactories.load().require("virtual/join"), new SkynetSize(10, 4));
        assertNull(m.error(), m.error());
        assertEquals(Skynet.tasks(10, 4), m.nodes());
        assertTrue(m.peakReadings() >= 1, m.toString());
    }
}
