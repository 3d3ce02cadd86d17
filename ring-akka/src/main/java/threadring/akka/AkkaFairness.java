package threadring.akka;

import java.util.List;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.fairness.Fairness;

/**
 * {@code akka/pekko-hogs} and {@code akka/pekko-hogs-yield}: the fairness forms of Pekko 1.x typed
 * actors ({@link TypedFairness}), found by ServiceLoader.
 */
public final class AkkaFairness implements RingProvider {

    /** Found by ServiceLoader, as every model's provider. */
    public AkkaFairness() {}

    @Override
    public List<RingFactory> factories() {
        return List.of(
                Variant.of("akka/pekko-hogs", "fairness: a Pekko 1.x typed actor per hog running its chunks in one "
                        + "message, a probe actor on its timer, default fork-join dispatcher")
                        .opens(Fairness.WORKLOAD, id -> new TypedFairness(id, new PekkoTyped(), false)).build(),
                Variant.of("akka/pekko-hogs-yield", "fairness: as akka/pekko-hogs, a message per chunk (the hog tells "
                        + "itself the next)").opens(Fairness.WORKLOAD, id -> new TypedFairness(id, new PekkoTyped(), true))
                        .build());
    }
}
