package threadring.core.fairness;

import java.util.Random;
import threadring.core.Draws;

/**
 * The soak's fairness runs: 1 to 8 hogs of up to 2,000 chunks of up to 5,000 units, a probe
 * sleeping 100 µs to 5 ms. Not sized: one run per draw.
 */
final class FairnessDraws {

    static final Draws DRAWS = Draws.perOperation("1-8 hogs of up to 2,000 chunks", FairnessDraws::draw);

    private FairnessDraws() {}

    static FairnessSize draw(Random random) {
        return new FairnessSize(1 + random.nextInt(8), random.nextInt(2_001), random.nextInt(5_001),
                100 + random.nextInt(4_901));
    }
}
