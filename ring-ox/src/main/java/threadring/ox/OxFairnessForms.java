package threadring.ox;

import java.util.List;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.fairness.Fairness;

/** {@code ox/hogs} and {@code ox/hogs-yield}: the fairness forms of Ox, found by ServiceLoader. */
public final class OxFairnessForms implements RingProvider {

    /** Found by ServiceLoader, as every model's provider. */
    public OxFairnessForms() {}

    @Override
    public List<RingFactory> factories() {
        return List.of(
                Variant.of("ox/hogs", "fairness: Ox, a fork per hog and a probe fork that sleeps, in one supervised "
                        + "scope, default scheduler").opens(Fairness.WORKLOAD, id -> new OxFairness(id, false))
                        .onVirtualThreads(true).build(),
                Variant.of("ox/hogs-yield", "fairness: as ox/hogs, each hog calling Thread.yield() after every chunk")
                        .opens(Fairness.WORKLOAD, id -> new OxFairness(id, true)).onVirtualThreads(true).build());
    }
}
