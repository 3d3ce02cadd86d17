package threadring.bench.units;

import java.util.Optional;
import threadring.bench.options.WorkloadOptions;
import threadring.core.Size;
import threadring.core.Workload;

/**
 * One workload as the commands that run it see it: its options, the size of one whole operation,
 * its baseline row and whether its answer pools alike runs. One per workload, in the workload's
 * own package, found by ServiceLoader ({@code META-INF/services/threadring.bench.units.WorkloadUnit});
 * {@code run}, {@code check}, {@code footprint} and the sweep ask it, never the report. Typed on the
 * workload's size: every size it makes is one of its own.
 */
public interface WorkloadUnit<S extends Size> {

    /** The workload it is. */
    Workload<S, ?> workload();

    /** Its options for a command: a fresh picocli mixin each time. */
    WorkloadOptions<S> options();

    /**
     * The size of one whole operation of {@code count} of the workload's own units (a Skynet tree's
     * leaves, a fan-out's tasks), for {@code footprint --peak}; empty where a step is no whole
     * operation (the default).
     *
     * @throws IllegalArgumentException naming the count, where no operation has that many
     */
    default Optional<S> operationOf(int count) {
        return Optional.empty();
    }

    /** The id every speed-up of the workload is over (each workload declares its own), or empty where there is none. */
    Optional<String> baseline();

    /**
     * Whether the answer pools this workload's ratios over alike runs: only where pools of two
     * committed sweeps held another pool's ratios as their intervals say (PooledAnswerTest); a
     * workload that does not answers from the newest run alone.
     */
    default boolean pools() {
        return true;
    }
}
