package threadring.bench.workloads.rendezvous;

import java.util.Optional;
import threadring.bench.options.WorkloadOptions;
import threadring.bench.units.WorkloadUnit;
import threadring.core.Workload;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.rendezvous.RendezvousSize;

/** The rendezvous as the commands run it: its options, and platform threads parking as its baseline. */
public final class RendezvousUnit implements WorkloadUnit<RendezvousSize> {

    /** The row every rendezvous speed-up is over: two platform threads handing off by park/unpark. */
    public static final String BASELINE = "threads/park";

    @Override
    public Workload<RendezvousSize, ?> workload() {
        return Rendezvous.WORKLOAD;
    }

    @Override
    public WorkloadOptions<RendezvousSize> options() {
        return new RendezvousOptions();
    }

    @Override
    public Optional<String> baseline() {
        return Optional.of(BASELINE);
    }
}
