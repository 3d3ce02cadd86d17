package threadring.core;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The rendezvous: the time of one verified exchange of {@code values} values between the two
 * parties of implementation {@code impl} (see {@link Rendezvous}). JMH settings and {@code impl}:
 * {@link WorkloadBenchmark}.
 */
public class RendezvousBenchmark extends WorkloadBenchmark {

    /** Values of the short, verified exchange at setup that warms the JIT before the first sample. */
    static final int WARM_VALUES = 20_000;

    @Param({"10000000"})
    public int values;

    private String id;
    private Rendezvous rendezvous;

    @Setup(Level.Trial)
    public void open() {
        RingFactory factory = factory();
        id = factory.id();
        rendezvous = factory.openRendezvous();
        int warm = Math.min(values, WARM_VALUES);
        Rendezvous.verify(id, warm, rendezvous.exchange(warm));
        tenure();
    }

    /** One exchange; a wrong sum throws, so a broken rendezvous never reports a time. */
    @Benchmark
    public long exchange() {
        return Rendezvous.verify(id, values, rendezvous.exchange(values));
    }

    @TearDown(Level.Trial)
    public void close() {
        if (rendezvous != null) {
            rendezvous.close();
        }
    }
}
