package threadring.bench.data;

import org.openjdk.jmh.annotations.Fork;
import threadring.core.WorkloadBenchmark;

/**
 * The sweep's presets, recorded in each run's {@link Settings}: the default calibrated passes,
 * {@code --quick} (a smoke run) and {@code --long} (the reference the default must agree with).
 */
public final class Presets {

    private Presets() {}

    /**
     * Calibrated passes aim at this length: long against a pass's own start and end (up to a
     * millisecond here), short against a one-second iteration, which ends only after the pass
     * running when its time is up.
     */
    public static final int PASS_MS = 300;
    /** What one calibration may spend on passes (its JVM's start comes on top). */
    public static final int CALIBRATION_MS = 1000;
    /** Forks a row starts with (WorkloadBenchmark's {@code @Fork}). */
    public static final int FORKS = WorkloadBenchmark.class.getAnnotation(Fork.class).value();
    /** Forks are added up to this many, until a row's 95% interval is within {@link #PRECISION}. */
    public static final int MAX_FORKS = 6;
    /** The precision forks are added for: +-5% of the median. */
    public static final int PRECISION = 5;

    /** The profiling pass: one fork, 1 warm-up and 1 measured iteration of the scored passes' length. */
    public static final Settings.Profiling PROFILING = new Settings.Profiling(1, 1, 1, null);

    /** --quick: one fork of 1 warm-up and 2 measured iterations of this many ms. */
    public static final int QUICK_ITERATION_MS = 200;
    public static final Settings.Profiling QUICK_PROFILING = new Settings.Profiling(1, 0, 1, QUICK_ITERATION_MS);
    /** --quick does not calibrate (a JVM per id would double its time): every pass has this many steps. */
    public static final int QUICK_STEPS = 10_000;

    /**
     * --long: the mission's 10^7 steps per pass, one pass per iteration (an iteration ends after
     * its first pass once 1 ms has passed), 5 warm-up and 5 measured passes per fork.
     */
    public static final int LONG_STEPS = 10_000_000;
    public static final int LONG_PASSES = 5;
    public static final int LONG_ITERATION_MS = 1;
}
