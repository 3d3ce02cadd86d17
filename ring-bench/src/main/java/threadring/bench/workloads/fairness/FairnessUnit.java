package threadring.bench.workloads.fairness;

import java.util.Optional;
import threadring.bench.options.WorkloadOptions;
import threadring.bench.units.WorkloadUnit;
import threadring.core.Workload;
import threadring.core.fairness.Fairness;
import threadring.core.fairness.FairnessSize;

/** Fairness as the commands run it: its options, and the kernel's time-sliced threads as its baseline. */
public final class FairnessUnit implements WorkloadUnit<FairnessSize> {

    /** The kernel's baseline: platform threads, time-sliced. */
    public static final String BASELINE = "threads/hogs";

    @Override
    public Workload<FairnessSize, ?> workload() {
        return Fairness.WORKLOAD;
    }

    @Override
    public WorkloadOptions<FairnessSize> options() {
        return new FairnessOptions();
    }

    @Override
    public Optional<String> baseline() {
        return Optional.of(BASELINE);
    }
}
