package threadring.threads;

import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Warmup;
import threadring.core.RingBenchmark;

/**
 * 503 OS threads: every hop is a kernel wake-up of another thread. A pass of 10^7 hops takes
 * about a minute here, so there is no JMH warm-up iteration (the base class's short verified
 * pass at setup warms the JIT, and a minute-long pass is dominated by the kernel, not the JIT).
 */
@Warmup(iterations = 0)
@Measurement(iterations = 3)
public class ThreadsBenchmark extends RingBenchmark {

    @Param({"threads/park", "threads/lock", "threads/sync", "threads/queue"})
    public String impl;

    @Override
    protected String impl() {
        return impl;
    }
}
