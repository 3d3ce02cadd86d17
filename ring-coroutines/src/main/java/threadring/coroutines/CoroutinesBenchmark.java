package threadring.coroutines;

import org.openjdk.jmh.annotations.Param;
import threadring.core.RingBenchmark;

/**
 * Kotlin coroutines, one per node: a rendezvous channel or a bare continuation handoff, on
 * runBlocking's event loop, Dispatchers.Default, or a one-thread executor.
 */
public class CoroutinesBenchmark extends RingBenchmark {

    @Param({"coroutines/channel-loop", "coroutines/channel-default", "coroutines/channel-p1",
            "coroutines/continuation-loop", "coroutines/continuation-default", "coroutines/continuation-p1"})
    public String impl;

    @Override
    protected String impl() {
        return impl;
    }
}
