package threadring.bench.workloads.skynet;

import java.util.Optional;
import threadring.bench.options.WorkloadOptions;
import threadring.bench.units.WorkloadUnit;
import threadring.core.Workload;
import threadring.core.skynet.Skynet;
import threadring.core.skynet.SkynetSize;

/** Skynet as the commands run it: its options, one whole tree for a peak, a virtual thread per task as its baseline. */
public final class SkynetUnit implements WorkloadUnit<SkynetSize> {

    /**
     * Speed-ups are over a virtual thread per task, the task a Loom user writes: fork/join tasks
     * ({@code threads/forkjoin}) are no thread per task, and every model over them read 0.01-0.05x.
     */
    public static final String BASELINE = "virtual/scope";

    @Override
    public Workload<SkynetSize, ?> workload() {
        return Skynet.WORKLOAD;
    }

    @Override
    public WorkloadOptions<SkynetSize> options() {
        return new SkynetOptions();
    }

    /** One tree of {@code leaves} leaves at the sweep's branching: they must be a power of it. */
    @Override
    public Optional<SkynetSize> operationOf(int leaves) {
        for (int d = 1; d <= 8; d++) {
            if (Skynet.leaves(Skynet.DEFAULT_BRANCHING, d) == leaves) {
                return Optional.of(new SkynetSize(Skynet.DEFAULT_BRANCHING, d));
            }
        }
        throw new IllegalArgumentException("a Skynet tree's leaves must be a power of " + Skynet.DEFAULT_BRANCHING
                + " from " + Skynet.DEFAULT_BRANCHING + " to " + Skynet.MAX_LEAVES + ", was " + leaves);
    }

    @Override
    public Optional<String> baseline() {
        return Optional.of(BASELINE);
    }

    @Override
    public boolean pools() {
        return false; // pools of two 2026-11-28 sweeps held 89.6% of another pool's ratios: heavier tails than stated
    }
}
