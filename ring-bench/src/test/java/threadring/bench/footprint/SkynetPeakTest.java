package threadring.bench.footprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import threadring.bench.data.FootprintRun.Measurement;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Variant;
import threadring.core.WrongAnswerException;
import threadring.core.skynet.Skynet;

/** A Skynet tree's peak: the reading validated on a known size held while the tree runs, a real model, a wrong answer. */
@Timeout(120)
class SkynetPeakTest {

    /**
     * A fake Skynet whose tree holds one array of 126 longs per task (1,024 bytes and a 4-byte
     * reference) until the measuring thread has collected twice while they are held, then drops them:
     * the peak reads that size per task back.
     */
    @Test
    void thePeakReadingGivesBackAKnownSizePerTask() {
        Measurement m = SkynetPeak.measure(holding("fake/holding", 0), 10, 4);
        assertNull(m.error(), m.error());
        assertEquals(11_111, m.nodes());
        double expected = 1024 + 4;
        assertTrue(Math.abs(m.heapBytesPerNode() / expected - 1) < 0.05, "read " + m.heapBytesPerNode()
                + " bytes per task at the peak, expected about " + expected);
        assertTrue(m.peakReadings() >= 2, "the peak is the largest of the collections made while it held: " + m);
    }

    @Test
    void aModelsTreeIsMeasuredAndVerified() {
        RingFactory f = RingFactories.load().require("virtual/join");
        Measurement m = SkynetPeak.measure(f, 10, 4);
        assertNull(m.error(), m.error());
        assertEquals(Skynet.tasks(10, 4), m.nodes());
        assertTrue(m.peakReadings() >= 1, m.toString());
    }

    @Test
    void aWrongSumFailsTheMeasurement() {
        assertThrows(WrongAnswerException.class, () -> SkynetPeak.measure(holding("fake/off-by-one", 1), 10, 3));
    }

    @Test
    void aTreeSizeIsItsTasksAndOnlyATreesCountIsAccepted() {
        FootprintRunner.Subject.SkynetTrees trees = new FootprintRunner.Subject.SkynetTrees(10);
        assertEquals(List.of("skynet", "10", "6"), trees.childArgs(1_111_111));
        assertThrows(IllegalArgumentException.class, () -> trees.childArgs(1_000_000));
    }

    /**
     * A Skynet answering {@code off} more than the right sum, whose tree (past the warm one) holds
     * 1,024 bytes per task until two collections have run.
     */
    private static RingFactory holding(String id, long off) {
        return Variant.of(id, "holds a known size per task while its tree runs").opens(Skynet.WORKLOAD, i -> new Skynet() {
            @Override
            public long run(int branching, int depth) {
                long[][] held = new long[Math.toIntExact(Skynet.tasks(branching, depth))][];
                for (int t = 0; t < held.length; t++) {
                    held[t] = new long[126];
                }
                long seen = collections();
                while (depth > SkynetPeak.WARM_DEPTH && collections() < seen + 2) { // the warm tree is not read
                    Thread.onSpinWait();
                }
                return held[held.length - 1].length == 126 ? Skynet.expected(branching, depth) + off : -1;
            }

            @Override
            public Collection<Thread> threads() {
                return List.of();
            }

            @Override
            public void close() {}
        }).build();
    }

    private static long collections() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
    }
}
