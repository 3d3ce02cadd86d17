package threadring.bench.footprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import threadring.bench.data.FootprintRun.Measurement;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Variant;
import threadring.core.fanout.FanOut;

/** What a live task holds: the heap reading validated on a known size, a real model read while alive, and the check that can fail. */
@Timeout(120)
class LiveTasksTest {

    /**
     * The method's heap reading on objects of a known size: 100,000 arrays of 126 longs (a 16-byte
     * header and 1,008 bytes, 1,024 in all) held by one array (4 bytes a reference, compressed),
     * read as the footprint reads a task: two full collections before and after, the growth over
     * their number.
     */
    @Test
    void theHeapReadingGivesBackAKnownObjectSize() {
        int n = 100_000;
        Memory.settle();
        long before = Memory.heapUsed();
        long[][] held = new long[n][];
        for (int i = 0; i < n; i++) {
            held[i] = new long[126];
        }
        Memory.settle();
        double perObject = (double) (Memory.heapUsed() - before) / n;
        assertTrue(held[n - 1].length == 126);
        double expected = 1024 + 4;
        assertTrue(Math.abs(perObject / expected - 1) < 0.03, "read " + perObject + " bytes per object, expected about "
                + expected);
    }

    @Test
    void aModelsSleepingTasksAreReadWhileAlive() {
        RingFactory f = RingFactories.load().require("virtual/sleep");
        // asleep 10 s, read at 5 s: room for a busy machine to start them all and collect twice
        Measurement m = LiveTasks.measure(f, 10_000, 10_000);
        assertNull(m.error(), m.error());
        assertTrue(m.heapBytesPerNode() > 0, "a sleeping virtual thread holds heap: " + m);
        assertTrue(m.operationMs() >= 10_000, "the operation lasts its delay at least: " + m);
        assertEquals(10_000, m.nodes());
    }

    /** A fan-out whose operation ends long after its delay may have started tasks after the reading: it fails, saying so. */
    @Test
    void tasksNotAllAliveAtTheReadingFailTheMeasurement() {
        RingFactory late = Variant.of("fake/late", "answers after twice its delay, as a model whose last tasks start late")
                .opens(FanOut.WORKLOAD, id -> new FanOut() {
                    @Override
                    public long run(int tasks, int delayMs, int work) {
                        try {
                            Thread.sleep(2L * delayMs);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return FanOut.expected(tasks);
                    }

                    @Override
                    public Collection<Thread> threads() {
                        return List.of();
                    }

                    @Override
                    public void close() {}
                }).build();
        Measurement m = LiveTasks.measure(late, 10, 400);
        assertNotNull(m.error());
        assertTrue(m.error().contains("not every task was alive"), m.error());
        assertNull(m.heapBytesPerNode());
    }

    @Test
    void aLiveTaskLineNamesTasksAndTheOperation() {
        Measurement m = new Measurement("go/sleep", 1_000_000, null, 10.0, 2_500.0, null, null, 20_400.0);
        assertEquals("go/sleep tasks=1000000 operation_ms=20400 heap_bytes_per_task=10 native_bytes_per_task=2500 ok",
                FootprintRunner.line(m, new FootprintRunner.Subject.FanOutTasks(20_000)));
    }

    /** A live-task measurement that failed still says tasks, not ring nodes (it said nodes= on 2026-11-29). */
    @Test
    void aFailedLiveTaskLineNamesTasks() {
        Measurement m = Measurement.failed("zio/sleep", 1_000_000, "not every task was alive at the reading");
        assertEquals("zio/sleep tasks=1000000 FAIL not every task was alive at the reading", FootprintRunner.line(m, new FootprintRunner.Subject.FanOutTasks(20_000)));
        assertTrue(FootprintRunner.line(Measurement.failed("zio/sleep", 503, "x"),
                new FootprintRunner.Subject.RingNodes()).startsWith("zio/sleep nodes=503 "));
    }
}
