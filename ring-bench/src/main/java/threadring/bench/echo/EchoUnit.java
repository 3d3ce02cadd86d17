package threadring.bench.echo;

import java.util.Optional;
import threadring.bench.options.WorkloadOptions;
import threadring.bench.units.WorkloadUnit;
import threadring.core.Workload;
import threadring.core.echo.EchoServer;
import threadring.core.echo.EchoSize;

/** The echo server as the commands run it: its options, and a platform thread per connection as its baseline. */
public final class EchoUnit implements WorkloadUnit<EchoSize> {

    /** The row every speed-up is over: a platform thread per connection. */
    public static final String BASELINE = "threads/socket";

    @Override
    public Workload<EchoSize, ?> workload() {
        return EchoServer.WORKLOAD;
    }

    @Override
    public WorkloadOptions<EchoSize> options() {
        return new EchoOptions();
    }

    @Override
    public Optional<String> baseline() {
        return Optional.of(BASELINE);
    }

    @Override
    public boolean pools() {
        return false; // pools of two 2026-11-28 sweeps held 89.0% of another pool's ratios: heavier tails than stated
    }
}
