package threadring.bench.workloads.ring;

import java.util.Optional;
import threadring.bench.options.WorkloadOptions;
import threadring.bench.units.WorkloadUnit;
import threadring.core.Workload;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;

/** The thread ring as the commands run it: its options, and platform threads parking as its baseline. */
public final class RingUnit implements WorkloadUnit<RingSize> {

    /** The row every ring speed-up is over: a platform thread per node, handing off by park/unpark. */
    public static final String BASELINE = "threads/park";

    @Override
    public Workload<RingSize, ?> workload() {
        return Ring.WORKLOAD;
    }

    @Override
    public WorkloadOptions<RingSize> options() {
        return new RingOptions();
    }

    @Override
    public Optional<String> baseline() {
        return Optional.of(BASELINE);
    }
}
