package threadring.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import threadring.core.Workload.Size;

/** A soak's draws must stay near their one-to-ten-second size whatever the shape's depth and work. */
class SoakScaleTest {

    // a floor loop: a classic hop costs 1 ns, the heaviest hop 100 ns
    private final Soak.Scale floor = new Soak.Scale(1_000_000_000, 10_000_000, 0);

    @Test
    void aClassicShapeKeepsItsDrawnHops() {
        assertEquals(123_456, floor.hopsOf(Size.Ring.classic(503), 123_456));
    }

    @Test
    void theHeaviestShapeGetsTheHeavyRingsHops() {
        assertEquals(10_000_000, floor.hopsOf(Soak.HEAVY, 1_000_000_000));
    }

    @Test
    void depthOrWorkInBetweenIsBoundedByTheLargerFraction() {
        Size.Ring halfDeep = new Size.Ring(97, 3, Soak.MAX_DEPTH / 2, Soak.MAX_WORK / 4);
        assertEquals(Math.round(1e9 / (1 + 99 * 0.5)), floor.hopsOf(halfDeep, 1_000_000_000));
    }

    @Test
    void aHeavyRingMeasuredFasterThanTheClassicOneChangesNothing() {
        assertEquals(5_000, new Soak.Scale(1_000, 2_000, 0).hopsOf(Soak.HEAVY, 5_000));
    }

    @Test
    void everyRingDrawOfAFloorScaleTakesAtMostTenSecondsOfHeavyHops() {
        Random random = new Random(Soak.seed(7648183219902837751L, "floor/loop"));
        for (int i = 1; i <= 10_000; i++) {
            Soak.Draw d = Soak.draw(random, i, floor, false);
            Size.Ring s = (Size.Ring) d.size(); // a scale without values or fan-out draws rings only
            double nanos = d.steps() * (1 + 99 * Math.max((double) s.depth() / Soak.MAX_DEPTH,
                    (double) s.work() / Soak.MAX_WORK));
            assertTrue(nanos <= 10.01e9, d.describe() + " would take " + nanos / 1e9 + " s");
        }
    }

    @Test
    void aScaleWithHopsButNoHeavyHopsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Soak.Scale(1_000, 0, 0));
    }
}
