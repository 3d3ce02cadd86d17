package threadring.core.skynet;

import java.time.Duration;
import java.util.Optional;
import java.util.Random;
import threadring.core.Draws;
import threadring.core.RingFactory;
import threadring.core.Soak;

/**
 * The soak's Skynet trees: a branching of 2 to 10 and a depth whose leaves stay at most
 * {@link #MAX_LEAVES} (log-uniform in leaves, so deep narrow trees and wide shallow ones both come).
 * Not sized: one tree per draw.
 */
public final class SkynetDraws implements Draws {

    /** The most leaves a soak's tree has: small enough for a thread per task, big enough to race. */
    static final int MAX_LEAVES = 20_000;

    @Override
    public Optional<Draws.Sized> sized(RingFactory f, Duration target, Duration budget) {
        return Optional.of(new Sized());
    }

    /** One tree per draw. */
    public record Sized() implements Draws.Sized {
        @Override
        public int weight() {
            return 1;
        }

        @Override
        public Draws.Draw draw(Random random, int index) {
            int branching = 2 + random.nextInt(9);
            int leaves = Soak.logUniform(random, MAX_LEAVES);
            int depth = (int) Math.floor(Math.log(leaves) / Math.log(branching) + 1e-9);
            return new Draws.Draw(index, new SkynetSize(branching, Math.max(0, depth)), 1);
        }

        @Override
        public String describe() {
            return "trees of up to " + MAX_LEAVES + " leaves";
        }
    }
}
