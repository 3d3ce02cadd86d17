package threadring.core;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import threadring.core.Size;

/**
 * The JMH settings every workload shares (each workload's benchmark, in its own package, extends
 * it), and what each of their operations does: the workload's
 * {@link Size} opened on {@code impl} at setup, one verified run of {@link #steps} steps per
 * operation ({@link Operation}: a wrong answer throws, so it never reports a time), closed at
 * teardown. A subclass states its experiment as {@code @Param} fields and names its size.
 * The runner sets {@code impl} (every registered id, one at a time) and appends the id's own JVM
 * flags ({@link RingFactory#jvmArgs}) to the forks; by hand: {@code java -jar benchmarks.jar -p
 * impl=virtual/park}, and for ids that need flags also {@code -jvmArgsAppend "..."} (the
 * variant refuses to run without them).
 *
 * <p>These annotations are the by-hand defaults: one verified pass per operation and whole
 * one-second iterations, {@value #WARMUP_SECONDS} warm-up and {@value #MEASURED_SECONDS} measured
 * per fork, three forks (JVMs disagree more than iterations inside one JVM do). The runner
 * overrides them: passes calibrated to the machine, shorter iterations, a warm-up from the
 * evidence of each fork's series and as many forks as the spread needs (docs/method.md).
 * The heap is the runner's to choose; JMH run by hand uses the
 * JVM's default and the mission's 10^7 steps per pass.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(3)
@Warmup(iterations = WorkloadBenchmark.WARMUP_SECONDS, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = WorkloadBenchmark.MEASURED_SECONDS, time = 1, timeUnit = TimeUnit.SECONDS)
public abstract class WorkloadBenchmark {

    /** Warm-up iterations of one second each, per fork. */
    public static final int WARMUP_SECONDS = 3;
    /**
     * Measured iterations of one second each, per fork: three, enough to see a trend inside a fork;
     * the between-JVM spread, which dominates, is met with more forks ({@code --max-forks}).
     */
    public static final int MEASURED_SECONDS = 3;

    static final String UNSET = "unset";

    /**
     * The implementation id, e.g. {@code virtual/park}: the runner or {@code -p impl=} sets it; the
     * default only says so, since JMH needs one.
     */
    @Param({UNSET})
    public String impl;

    /**
     * The runner's configuration (JDK and cpu set, e.g. {@code jdk25-cpusall}); unused by the
     * benchmark, it keeps two configurations' results apart in JMH's own result file.
     */
    @Param({"by-hand"})
    public String configuration;

    /**
     * Moves what the workload keeps (its nodes, parties, schedulers) into the old generation
     * before the first measured pass, as a full collection does: where it stays for the rest of a
     * long run. Without it a fork measured its first seconds with the ring still young and the
     * rest after G1 had tenured it (15 young collections later), when every handoff's store of a
     * new object into a long-lived one pays G1's post-write barrier: coroutines/continuation-loop
     * stepped from 62 to 80 ns/hop about 9 s into every fork (run 20261124-000929), and did not
     * with the Parallel collector, which has no such barrier.
     */
    static void tenure() {
        System.gc();
    }

    private Operation operation;
    private int steps;

    /** The series this benchmark measures, from its {@code @Param} fields. */
    protected abstract Size.Timed size();

    /** Steps per operation: hops, exchanged values, or 1 (an operation is one fan-out). */
    protected abstract int steps();

    @Setup(Level.Trial)
    public void open() {
        steps = steps();
        operation = size().open(factory());
        operation.warm(steps);
        tenure();
    }

    /** One JMH operation: a verified run of {@link #steps} steps. */
    protected final long step() {
        return operation.run(steps);
    }

    @TearDown(Level.Trial)
    public void close() {
        if (operation != null) {
            operation.close();
        }
    }

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
