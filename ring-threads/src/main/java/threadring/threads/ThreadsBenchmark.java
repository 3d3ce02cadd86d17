package threadring.threads;

import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Warmup;
import threadring.core.RingBenchmark;

/**
 * 503 OS threads: every hop is a kernel wake-up of another thread, 8-15 us here. No JMH warm-up
 * iteration: the base class's short verified pass at setup warms the JIT, and a pass of
 * seconds is dominated by the kernel, not by compiled code. (The default sweep runs these at
 * {@link threadring.core.Rings#SLOW_HOPS} hops; see RingFactory.defaultHops.)
 */
@Warmup(iterations = 0)
@Measurement(iterations = 5)
public class ThreadsBenchmark extends RingBenchmark {

    @Param({"threads/park", "threads/lock", "threads/sync", "threads/queue"})
    public String impl;

    @Override
    protected String impl() {
        return impl;
    }
}
