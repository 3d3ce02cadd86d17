package threadring.quasar;

import java.util.List;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.fairness.Fairness;

/** {@code quasar/hogs-p2} and {@code quasar/hogs-yield-p2}, found by ServiceLoader. */
public final class QuasarFairnessForms implements RingProvider {

    /** Found by ServiceLoader, as every model's provider. */
    public QuasarFairnessForms() {}

    @Override
    public List<RingFactory> factories() {
        return List.of(
                Variant.of("quasar/hogs-p2", "fairness: a fiber per hog and a probe fiber that Strand.sleeps, on "
                        + "a two-thread FiberForkJoinScheduler").opens(Fairness.WORKLOAD, id -> new QuasarFairness(id,
                                false)).jvmArgs(QuasarRings.JVM_ARGS, QuasarRings::javaLangOpen).build(),
                Variant.of("quasar/hogs-yield-p2", "fairness: as quasar/hogs-p2, each hog calling Fiber.yield() "
                        + "after every chunk").opens(Fairness.WORKLOAD, id -> new QuasarFairness(id, true))
                        .jvmArgs(QuasarRings.JVM_ARGS, QuasarRings::javaLangOpen).build());
    }
}
