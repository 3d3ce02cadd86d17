package threadring.kilim;

import java.util.List;
import kilim.Scheduler;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.fairness.Fairness;

/** {@code kilim/hogs} and {@code kilim/hogs-yield}: the fairness forms of Kilim ({@link TaskFairness}), found by ServiceLoader. */
public final class KilimFairness implements RingProvider {

    /** Found by ServiceLoader, as every model's provider. */
    public KilimFairness() {}

    @Override
    public List<RingFactory> factories() {
        return List.of(
                Variant.of("kilim/hogs", "fairness: a woven Task per hog and a probe Task that Task.sleeps, default-size "
                        + "scheduler (" + Scheduler.defaultNumberThreads + " workers here)")
                        .opens(Fairness.WORKLOAD, id -> new TaskFairness(id, false)).build(),
                Variant.of("kilim/hogs-yield", "fairness: as kilim/hogs, each hog calling Task.yield() after every chunk")
                        .opens(Fairness.WORKLOAD, id -> new TaskFairness(id, true)).build());
    }
}
