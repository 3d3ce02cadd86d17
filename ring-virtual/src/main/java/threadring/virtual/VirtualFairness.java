package threadring.virtual;

import java.util.List;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.fairness.Fairness;
import threadring.threads.ThreadFairness;

/**
 * The fairness forms of virtual threads, on ring-threads' thread-per-task code (only the thread
 * builder changes): {@code virtual/hogs}, a virtual thread per hog as first written, which keeps its
 * carrier until it ends; {@code virtual/hogs-yield}, which calls {@code Thread.yield()} after every
 * chunk, unmounting so that another virtual thread may run.
 */
public final class VirtualFairness implements RingProvider {

    /** Found by ServiceLoader, as every model's provider. */
    public VirtualFairness() {}

    @Override
    public List<RingFactory> factories() {
        return List.of(
                Variant.of("virtual/hogs", "fairness: a virtual thread per hog and one for the probe, which sleeps with "
                        + "Thread.sleep, on the default scheduler")
                        .opens(Fairness.WORKLOAD, (id, size) -> new ThreadFairness(id, VirtualRings.threads(id + "#"), false))
                        .onVirtualThreads(true).build(),
                Variant.of("virtual/hogs-yield", "fairness: as virtual/hogs, each hog calling Thread.yield() after every "
                        + "chunk")
                        .opens(Fairness.WORKLOAD, (id, size) -> new ThreadFairness(id, VirtualRings.threads(id + "#"), true))
                        .onVirtualThreads(true).build());
    }
}
