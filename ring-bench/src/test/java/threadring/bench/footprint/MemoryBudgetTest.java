package threadring.bench.footprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import threadring.bench.data.FootprintRun.Measurement;

/** A size that cannot fit is skipped saying why, judged by the id's measurement at a smaller size. */
class MemoryBudgetTest {

    private static final long GIB = 1L << 30;
    /** This machine: 23.5 GiB, a JVM's heap at most three quarters of it. */
    private static final long MACHINE = (long) (23.5 * GIB);
    private static final long HEAP = MACHINE * 3 / 4;

    private static Measurement at(int tasks, double heap, Double outside) {
        return new Measurement("x/y", tasks, null, heap, outside, null, null, 1000.0);
    }

    @Test
    void aSleepingVirtualThreadFitsTenMillionTimes() {
        // footprint-20261129-234431: 893 B a task at 10^6, nearly all on the heap
        assertTrue(MemoryBudget.wontFit(at(1_000_000, 880, 13.0), 10_000_000, HEAP, MACHINE).isEmpty());
    }

    @Test
    void aTaskTooHeavyForTheHeapIsSkippedSayingHowMuchItNeeds() {
        // cats/sleep-loom held 2,236 B a task at 10^6 (footprint-20261129-152946): 20.8 GiB at 10^7
        String why = MemoryBudget.wontFit(at(1_000_000, 2_200, 36.0), 10_000_000, HEAP, MACHINE).orElseThrow();
        assertTrue(why.startsWith("cannot run here: 10,000,000 would hold about 20.5 GiB of heap (2,200 B a task on "
                + "the heap and 36 outside it at 1,000,000 in this run), over 80% of the 17.6 GiB heap"), why);
    }

    @Test
    void aGoroutineProgramTooLargeForTheMachineIsSkipped() {
        // go/sleep: 2,786 B a task at 10^6, all of it the Go program's own (footprint-20261129-234431)
        String why = MemoryBudget.wontFit(at(1_000_000, 1.0, 2_785.0), 10_000_000, HEAP, MACHINE).orElseThrow();
        assertTrue(why.contains("about 25.9 GiB outside the heap"), why);
        // at 10^6 it fits: 2.6 GiB beside the 4.4 GiB heap a million tasks' JVM gets
        assertTrue(MemoryBudget.wontFit(at(10_000, 1.0, 2_900.0), 1_000_000, (512 + 3_906) * (1L << 20), MACHINE)
                .isEmpty());
    }

    @Test
    void withoutASmallerMeasurementNothingIsJudged() {
        assertTrue(MemoryBudget.wontFit(null, 10_000_000, HEAP, MACHINE).isEmpty());
        assertTrue(MemoryBudget.wontFit(Measurement.failed("x/y", 1_000_000, "boom"), 10_000_000, HEAP, MACHINE).isEmpty());
        assertEquals(true, MemoryBudget.wontFit(at(10_000_000, 5_000, 0.0), 10_000_000, HEAP, MACHINE).isEmpty());
    }
}
