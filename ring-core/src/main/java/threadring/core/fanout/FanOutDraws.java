package threadring.core.fanout;

import java.util.Random;
import threadring.core.Draws;
import threadring.core.Soak;

/**
 * The soak's fan-outs: up to the experiment's 100,000 tasks (log-uniform), each waiting up to
 * {@link #MAX_DELAY_MS}, half with work. Not sized: a fan-out lasts about its wait.
 */
final class FanOutDraws {

    /** Fan-out draws wait up to this long. */
    static final int MAX_DELAY_MS = 20;
    static final int MAX_WORK = 200;

    static final Draws DRAWS = Draws.perOperation("fan-outs of up to " + FanOut.DEFAULT_TASKS + " tasks",
            FanOutDraws::draw);

    private FanOutDraws() {}

    static FanOutSize draw(Random random) {
        int work = random.nextBoolean() ? 0 : 1 + random.nextInt(MAX_WORK);
        return new FanOutSize(Soak.logUniform(random, FanOut.DEFAULT_TASKS), random.nextInt(MAX_DELAY_MS + 1), work);
    }
}
