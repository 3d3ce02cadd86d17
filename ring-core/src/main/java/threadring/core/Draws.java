package threadring.core;

import java.time.Duration;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;

/**
 * How a workload's soak ({@link Soak}) sizes and draws its runs: each workload's package has one,
 * and its {@link Workload} names it. A type of its own, not a member of Soak, so that a workload
 * names what it draws without naming the soak that runs the draws.
 */
@FunctionalInterface
public interface Draws {

    /** Its draws sized on {@code f} (steps that take about {@code target}), or empty if it draws none for it. */
    Optional<Sized> sized(RingFactory f, Duration target, Duration budget);

    /**
     * Draws that are not sized on the implementation, one operation each (a fan-out lasts about
     * its wait, a tree is one operation): each a size {@code draw} picks, weighed 1.
     */
    static Draws perOperation(String describe, Function<Random, Size> draw) {
        Sized sized = new Sized() {
            @Override
            public int weight() {
                return 1;
            }

            @Override
            public Draw draw(Random random, int index) {
                return new Draw(index, draw.apply(random), 1);
            }

            @Override
            public String describe() {
                return describe;
            }
        };
        return (f, target, budget) -> Optional.of(sized);
    }

    /** One drawn run: a size of some workload and its steps (a ring's hops, a rendezvous's values, 1 operation). */
    record Draw(int index, Size size, int steps) {
        /** {@code nodes=97 tokens=5 depth=9 hops=1000003}, as {@code check} prints a run. */
        public String describe() {
            return size.arguments(steps);
        }
    }

    /**
     * One workload's draws for one implementation, sized on it: how often it is drawn against the
     * others, a draw, and its scale in words ({@code hops=2000000 heavy=20000}).
     */
    interface Sized {
        int weight();

        Draw draw(Random random, int index);

        String describe();
    }
}
