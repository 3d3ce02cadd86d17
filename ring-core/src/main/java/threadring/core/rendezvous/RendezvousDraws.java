package threadring.core.rendezvous;

import java.time.Duration;
import java.util.Optional;
import java.util.Random;
import threadring.core.Draws;
import threadring.core.RingFactory;
import threadring.core.Soak;

/** The soak's rendezvous: log-uniform values, up to ten times those that take about the target. */
public final class RendezvousDraws implements Draws {

    @Override
    public Optional<Draws.Sized> sized(RingFactory f, Duration target, Duration budget) {
        return Optional.of(new Sized(Soak.sized(new RendezvousSize(), f, target, budget)));
    }

    /** Values of an exchange that take about the target. */
    public record Sized(int values) implements Draws.Sized {
        @Override
        public int weight() {
            return 1;
        }

        @Override
        public Draws.Draw draw(Random random, int index) {
            return new Draws.Draw(index, new RendezvousSize(), Soak.logUniform(random, (long) values * Soak.RANGE));
        }

        @Override
        public String describe() {
            return "values=" + values;
        }
    }
}
