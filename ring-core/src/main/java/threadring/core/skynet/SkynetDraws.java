package threadring.core.skynet;

import java.util.Random;
import threadring.core.Draws;
import threadring.core.Soak;

/**
 * The soak's Skynet trees: a branching of 2 to 10 and a depth whose leaves stay at most
 * {@link #MAX_LEAVES} (log-uniform in leaves, so deep narrow trees and wide shallow ones both come).
 * Not sized: one tree per draw.
 */
final class SkynetDraws {

    /** The most leaves a soak's tree has: small enough for a thread per task, big enough to race. */
    static final int MAX_LEAVES = 20_000;

    static final Draws DRAWS = Draws.perOperation("trees of up to " + MAX_LEAVES + " leaves", SkynetDraws::draw);

    private SkynetDraws() {}

    static SkynetSize draw(Random random) {
        int branching = 2 + random.nextInt(9);
        int leaves = Soak.logUniform(random, MAX_LEAVES);
        int depth = (int) Math.floor(Math.log(leaves) / Math.log(branching) + 1e-9);
        return new SkynetSize(branching, Math.max(0, depth));
    }
}
