package threadring.core;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The JMH settings both workloads share ({@link RingBenchmark}, {@link RendezvousBenchmark}).
 * The runner sets {@code impl} (every registered id, one at a time) and appends the id's own JVM
 * flags ({@link RingFactory#jvmArgs}) to the forks; by hand: {@code java -jar benchmarks.jar -p
 * impl=virtual/park}, and for ids that need flags also {@code -jvmArgsAppend "..."} (the
 * variant refuses to run without them).
 *
 * <p>One operation is one whole run (10^6-10^7 handoffs), so the mode is single-shot: every sample
 * is a whole run, and there is no loop around it for JMH to amortise. Three forks, because JVMs
 * disagree far more than runs inside one JVM do (fork medians of one ring row here ranged 75-195
 * ns/hop, passes inside each fork within 10%); the runner's statistics treat each fork as one
 * observation. One warm-up run after the setup's short one is enough for C2; four measured runs
 * give each fork's median. The heap is the runner's to choose; JMH run by hand uses the JVM's
 * default.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(3)
@Warmup(iterations = 1)
@Measurement(iterations = 4)
public abstract class WorkloadBenchmark {

    static final String UNSET = "unset";

    /**
     * The implementation id, e.g. {@code virtual/park}: the runner or {@code -p impl=} sets it; the
     * default only says so, since JMH needs one.
     */
    @Param({UNSET})
    public String impl;

    /** The factory of {@code impl}, once this JVM is known to run it. */
    RingFactory factory() {
        if (UNSET.equals(impl)) {
            throw new IllegalStateException("no implementation: run with -p impl=<id> (ids: benchmark.sh list), "
                    + "or through benchmark.sh");
        }
        RingFactory factory = RingFactories.load().require(impl);
        factory.unsupportedReason().ifPresent(reason -> {
            throw new IllegalStateException(reason);
        });
        return factory;
    }
}
