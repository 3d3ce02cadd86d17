package threadring.virtual;

import org.openjdk.jmh.annotations.Param;
import threadring.core.RingBenchmark;

/** Virtual threads on the default scheduler (parallelism = available processors). */
public class VirtualBenchmark extends RingBenchmark {

    @Param({"virtual/park", "virtual/lock", "virtual/sync", "virtual/queue", "virtual/spin", "virtual/exchanger"})
    public String impl;

    @Override
    protected String impl() {
        return impl;
    }
}
