package threadring.threads;

import org.openjdk.jmh.annotations.Param;
import threadring.core.RingBenchmark;

/**
 * 503 OS threads: every hop is a kernel wake-up of another thread, 10-40 us here. (The default
 * sweep runs these at {@link threadring.core.Rings#SLOW_HOPS} hops; see RingFactory.defaultHops.)
 */
public class ThreadsBenchmark extends RingBenchmark {

    @Param({"threads/park", "threads/lock", "threads/sync", "threads/queue"})
    public String impl;

    @Override
    protected String impl() {
        return impl;
    }
}
