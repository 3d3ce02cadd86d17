package threadring.threads;

import java.util.List;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.fairness.Fairness;

/**
 * The fairness forms of platform threads, the kernel's baseline: {@code threads/hogs}, a thread per
 * hog as first written, and {@code threads/hogs-yield}, which calls {@code Thread.yield()} after
 * every chunk.
 */
public final class ThreadsFairness implements RingProvider {

    /** Found by ServiceLoader, as every model's provider. */
    public ThreadsFairness() {}

    @Override
    public List<RingFactory> factories() {
        return List.of(
                Variant.of("threads/hogs", "fairness: a platform thread per hog and one for the probe, which sleeps "
                        + "with Thread.sleep; the kernel time-slices them")
                        .opens(Fairness.WORKLOAD, (id, size) -> new ThreadFairness(id, PlatformRings.platformThreads(id),
                                false))
                        .build(),
                Variant.of("threads/hogs-yield", "fairness: as threads/hogs, each hog calling Thread.yield() after "
                        + "every chunk")
                        .opens(Fairness.WORKLOAD, (id, size) -> new ThreadFairness(id, PlatformRings.platformThreads(id),
                                true))
                        .build());
    }
}
