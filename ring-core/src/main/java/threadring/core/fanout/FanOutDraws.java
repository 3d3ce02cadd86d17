package threadring.core.fanout;

import java.time.Duration;
import java.util.Optional;
import java.util.Random;
import threadring.core.Draws;
import threadring.core.RingFactory;
import threadring.core.Soak;

/**
 * The soak's fan-outs: up to the experiment's 100,000 tasks (log-uniform), each waiting up to
 * {@link #MAX_DELAY_MS}, half with work. Not sized: a fan-out lasts about its wait.
 */
public final class FanOutDraws implements Draws {

    /** Fan-out draws wait up to this long. */
    static final int MAX_DELAY_MS = 20;
    static final int MAX_WORK = 200;

    @Override
    public Optional<Draws.Sized> sized(RingFactory f, Duration target, Duration budget) {
        return Optional.of(new Sized());
    }

    /** One operation per draw. */
    public record Sized() implements Draws.Sized {
        @Override
        public int weight() {
            return 1;
        }

        @Override
        public Draws.Draw draw(Random random, int index) {
            int work = random.nextBoolean() ? 0 : 1 + random.nextInt(MAX_WORK);
            return new Draws.Draw(index, new FanOutSize(Soak.logUniform(random, FanOut.DEFAULT_TASKS),
                    random.nextInt(MAX_DELAY_MS + 1), work), 1);
        }

        @Override
        public String describe() {
            return "fan-outs of up to " + FanOut.DEFAULT_TASKS + " tasks";
        }
    }
}
