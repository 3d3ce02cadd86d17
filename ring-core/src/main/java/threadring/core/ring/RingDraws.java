package threadring.core.ring;

import java.time.Duration;
import java.util.Optional;
import java.util.Random;
import threadring.core.Draws;
import threadring.core.RingFactory;
import threadring.core.Soak;

/**
 * The soak's rings: nodes, tokens, depth, work and hops drawn (half the rings have one token,
 * depth 0 or work 0; sizes log-uniform), three times as often as any other workload, as the ring is
 * where a lost wake-up shows. Sized on both the classic ring and the heaviest ring drawn (deepest
 * stack, most work): where a hop is nearly free (a floor loop), depth and work make it a hundred
 * times dearer, and a draw sized by the classic ring alone would run for minutes.
 */
public final class RingDraws implements Draws {

    /** The largest ring a soak draws: big enough to leave the caches, small enough for OS threads. */
    public static final int MAX_NODES = 2_000;
    public static final int MAX_TOKENS = 16;
    public static final int MAX_DEPTH = 24;
    public static final int MAX_WORK = 200;
    /** The heaviest ring a soak draws, at the classic ring's size. */
    public static final RingSize HEAVY = new RingSize(Rings.DEFAULT_NODES, 1, MAX_DEPTH, MAX_WORK);

    @Override
    public Optional<Draws.Sized> sized(RingFactory f, Duration target, Duration budget) {
        return Optional.of(new Sized(Soak.sized(RingSize.classic(Rings.DEFAULT_NODES), f, target, budget),
                Soak.sized(HEAVY, f, target, budget)));
    }

    /** Hops of a classic ring and of the heaviest drawn ring that take about the target each. */
    public record Sized(int hops, int heavyHops) implements Draws.Sized {
        public Sized {
            if (hops < 1 || heavyHops < 1) {
                throw new IllegalArgumentException("bad ring soak scale: hops=" + hops + " heavyHops=" + heavyHops);
            }
        }

        /** A ring as fast with depth and work as without (the self-tests' stand-ins). */
        public static Sized flat(int hops) {
            return new Sized(hops, hops);
        }

        @Override
        public int weight() {
            return 3;
        }

        @Override
        public Draws.Draw draw(Random random, int index) {
            int nodes = Soak.logUniform(random, MAX_NODES - 1) + 1;
            int tokens = random.nextBoolean() ? 1 : 1 + random.nextInt(Math.min(MAX_TOKENS, nodes - 1));
            int depth = random.nextBoolean() ? 0 : 1 + random.nextInt(MAX_DEPTH);
            int work = random.nextBoolean() ? 0 : 1 + random.nextInt(MAX_WORK);
            RingSize shape = new RingSize(nodes, tokens, depth, work);
            return new Draws.Draw(index, shape, hopsOf(shape, Soak.logUniform(random, (long) hops * Soak.RANGE)));
        }

        /**
         * Hops of a draw of {@code drawn} classic-ring hops on {@code shape}: fewer by the dearer
         * hop. A hop's cost grows linearly in depth and in work, so its cost on {@code shape} is
         * at most the classic cost plus the heavy ring's extra times the larger of the shape's
         * depth and work fractions.
         */
        public int hopsOf(RingSize shape, int drawn) {
            double dearer = Math.max(1.0, (double) hops / heavyHops) - 1;
            double fraction = Math.max((double) shape.depth() / MAX_DEPTH, (double) shape.work() / MAX_WORK);
            return (int) Math.max(1, Math.round(drawn / (1 + dearer * fraction)));
        }

        @Override
        public String describe() {
            return "hops=" + hops + " heavy=" + heavyHops;
        }
    }
}
