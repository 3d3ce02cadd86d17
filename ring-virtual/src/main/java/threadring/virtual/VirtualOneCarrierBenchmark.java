package threadring.virtual;

import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import threadring.core.RingBenchmark;

/**
 * Virtual threads on a single carrier: every handoff is a continuation switch on one OS thread,
 * with no cross-core wake-up. The flags must equal {@link VirtualRings#ONE_CARRIER} (a test checks).
 */
@Fork(jvmArgsAppend = {
        "-Djdk.virtualThreadScheduler.parallelism=1",
        "-Djdk.virtualThreadScheduler.maxPoolSize=1",
        "-Djdk.virtualThreadScheduler.minRunnable=1"})
public class VirtualOneCarrierBenchmark extends RingBenchmark {

    @Param({"virtual/park-p1", "virtual/lock-p1", "virtual/sync-p1", "virtual/queue-p1", "virtual/spin-p1",
            "virtual/exchanger-p1"})
    public String impl;

    @Override
    protected String impl() {
        return impl;
    }
}
