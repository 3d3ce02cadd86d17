package threadring.core.rendezvous;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import threadring.core.Size;
import threadring.core.WorkloadBenchmark;

/**
 * The rendezvous: the time of one verified exchange of {@code values} values between the two
 * parties of implementation {@code impl} (see {@link Rendezvous}). JMH settings and {@code impl}:
 * {@link WorkloadBenchmark}.
 */
public class RendezvousBenchmark extends WorkloadBenchmark {

    @Param({"10000000"})
    public int values;

    @Override
    protected Size.Timed size() {
        return new RendezvousSize();
    }

    @Override
    protected int steps() {
        return values;
    }

    /** One exchange; a wrong sum throws, so a broken rendezvous never reports a time. */
    @Benchmark
    public long exchange() {
        return step();
    }
}
