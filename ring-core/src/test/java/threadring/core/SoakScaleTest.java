package threadring.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import threadring.core.ring.RingDraws;
import threadring.core.ring.RingSize;

/** A soak's draws must stay near their one-to-ten-second size whatever the shape's depth and work. */
class SoakScaleTest {

    // a floor loop: a classic hop costs 1 ns, the heaviest hop 100 ns
    private final RingDraws.Sized floor = new RingDraws.Sized(1_000_000_000, 10_000_000);

    @Test
    void aClassicShapeKeepsItsDrawnHops() {
        assertEquals(123_456, floor.hopsOf(RingSize.classic(503), 123_456));
    }

    @Test
    void theHeaviestShapeGetsTheHeavyRingsHops() {
        assertEquals(10_000_000, floor.hopsOf(RingDraws.HEAVY, 1_000_000_000));
    }

    @Test
    void depthOrWorkInBetweenIsBoundedByTheLargerFraction() {
        RingSize halfDeep = new RingSize(97, 3, RingDraws.MAX_DEPTH / 2, RingDraws.MAX_WORK / 4);
        assertEquals(Math.round(1e9 / (1 + 99 * 0.5)), floor.hopsOf(halfDeep, 1_000_000_000));
    }

    @Test
    void aHeavyRingMeasuredFasterThanTheClassicOneChangesNothing() {
        assertEquals(5_000, new RingDraws.Sized(1_000, 2_000).hopsOf(RingDraws.HEAVY, 5_000));
    }

    @Test
    void everyRingDrawOfAFloorScaleTakesAtMostTenSecondsOfHeavyHops() {
        Random random = new Random(Soak.seed(7648183219902837751L, "floor/loop"));
        Soak.Scale rings = new Soak.Scale(List.of(floor));
        for (int i = 1; i <= 10_000; i++) {
            Draws.Draw d = Soak.draw(random, i, rings);
            RingSize s = (RingSize) d.size(); // a scale of rings alone draws rings only
            double nanos = d.steps() * (1 + 99 * Math.max((double) s.depth() / RingDraws.MAX_DEPTH,
                    (double) s.work() / RingDraws.MAX_WORK));
            assertTrue(nanos <= 10.01e9, d.describe() + " would take " + nanos / 1e9 + " s");
        }
    }

    @Test
    void aScaleWithHopsButNoHeavyHopsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RingDraws.Sized(1_000, 0));
    }

    @Test
    void drawsAreSharedByWeight() {
        Soak.Scale two = new Soak.Scale(List.of(RingDraws.Sized.flat(1_000),
                new threadring.core.rendezvous.RendezvousDraws.Sized(1_000)));
        Random random = new Random(1);
        long rings = 0;
        for (int i = 1; i <= 4_000; i++) {
            rings += Soak.draw(random, i, two).size() instanceof RingSize ? 1 : 0;
        }
        assertTrue(rings > 2_800 && rings < 3_200, "three rings in four draws: " + rings);
    }

    @Test
    void anEmptyScaleDrawsNothing() {
        assertThrows(IllegalArgumentException.class, () -> Soak.draw(new Random(1), 1, new Soak.Scale(List.of())));
    }
}
