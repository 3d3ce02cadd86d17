package threadring.bench.footprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import threadring.bench.data.FootprintRun.Measurement;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Size;
import threadring.core.Variant;
import threadring.core.WrongAnswerException;
import threadring.core.fanout.FanOut;
import threadring.core.fanout.FanOutSize;
import threadring.core.ring.RingSize;

/** An operation's peak: the reading validated on a known size held while it runs, a real model, a wrong answer, a size refused. */
@Timeout(120)
class OperationPeakTest {

    /**
     * A fake fan-out whose operation (past the warm one) holds one array of 126 longs per task (1,024
     * bytes and a 4-byte reference) until the measuring thread has collected twice while they are
     * held, then drops them: the peak reads that size per task back.
     */
    @Test
    void thePeakReadingGivesBackAKnownSizePerTask() {
        Measurement m = OperationPeak.measure(holding("fake/holding", 0), new FanOutSize(20_000, 1, 0));
        assertNull(m.error(), m.error());
        assertEquals(20_000, m.nodes());
        double expected = 1024 + 4;
        assertTrue(Math.abs(m.heapBytesPerNode() / expected - 1) < 0.05, "read " + m.heapBytesPerNode()
                + " bytes per task at the peak, expected about " + expected);
        assertTrue(m.peakReadings() >= 2, "the peak is the largest of the collections made while it held: " + m);
    }

    @Test
    void aModelsOperationIsMeasuredAndVerified() {
        RingFactory f = RingFactories.load().require("virtual/sleep");
        Measurement m = OperationPeak.measure(f, new FanOutSize(2_000, 200, 0));
        assertNull(m.error(), m.error());
        assertEquals(2_000, m.nodes());
        assertTrue(m.peakReadings() >= 1 && m.operationMs() >= 200, m.toString());
    }

    @Test
    void aWrongAnswerFailsTheMeasurement() {
        assertThrows(WrongAnswerException.class,
                () -> OperationPeak.measure(holding("fake/off-by-one", 1), new FanOutSize(2_000, 1, 0)));
    }

    /** A ring's step is one hop, not an operation: refused, naming why. */
    @Test
    void aSizeWhoseStepIsNoWholeOperationIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> OperationPeak.measure(RingFactories.load().require("threads/park"), new RingSize(503, 1, 0, 0)));
        assertTrue(e.getMessage().contains("not a whole operation"), e.getMessage());
    }

    /** The child gets its size as JSON and reads the same size back. */
    @Test
    void theChildsSizeArgumentReadsBackAsTheSameSize() {
        FanOutSize size = new FanOutSize(1_000, 100, 0);
        FootprintRunner.Subject.OperationPeaks peaks = new FootprintRunner.Subject.OperationPeaks(FanOut.WORKLOAD,
                Map.of(1_000, size));
        List<String> args = peaks.childArgs(1_000);
        assertEquals(Footprint.PEAK, args.get(0));
        assertEquals(size, threadring.bench.data.Json.GSON.fromJson(args.get(1), Size.class));
    }

    /**
     * A fan-out answering {@code off} more than the right sum, whose operation (past the warm one)
     * holds 1,024 bytes per task until two collections have run.
     */
    private static RingFactory holding(String id, long off) {
        return Variant.of(id, "holds a known size per task while its operation runs").opens(FanOut.WORKLOAD, i -> new FanOut() {
            @Override
            public long run(int tasks, int delayMs, int work) {
                long[][] held = new long[tasks][];
                for (int t = 0; t < held.length; t++) {
                    held[t] = new long[126];
                }
                long seen = collections();
                while (tasks > FanOutSize.WARM_TASKS && collections() < seen + 2) { // the warm operation is not read
                    Thread.onSpinWait();
                }
                return held[held.length - 1].length == 126 ? FanOut.expected(tasks) + off : -1;
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
