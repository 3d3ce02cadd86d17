package threadring.bench.workloads.fanout;

import java.util.Optional;
import threadring.bench.options.WorkloadOptions;
import threadring.bench.units.WorkloadUnit;
import threadring.core.Workload;
import threadring.core.fanout.FanOut;
import threadring.core.fanout.FanOutSize;

/** The fan-out as the commands run it: its options, one whole fan-out for a peak, and no baseline row. */
public final class FanOutUnit implements WorkloadUnit<FanOutSize> {

    @Override
    public Workload<FanOutSize, ?> workload() {
        return FanOut.WORKLOAD;
    }

    @Override
    public WorkloadOptions<FanOutSize> options() {
        return new FanOutOptions();
    }

    /** One operation of {@code tasks} tasks asleep for the sweep's default delay, no work. */
    @Override
    public Optional<FanOutSize> operationOf(int tasks) {
        return Optional.of(new FanOutSize(tasks, FanOut.DEFAULT_DELAY_MS, 0));
    }

    /** None: its yardstick is the ideal time (see FanOutSection). */
    @Override
    public Optional<String> baseline() {
        return Optional.empty();
    }
}
