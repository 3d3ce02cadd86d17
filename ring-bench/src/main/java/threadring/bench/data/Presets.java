package threadring.bench.data;

/**
 * The sweep's presets, recorded in each run's {@link Settings}: the default calibrated passes,
 * {@code --quick} (a smoke run) and {@code --long} (the reference the default must agree with).
 */
public final class Presets {

    private Presets() {}

    /** Calibrated passes aim at this length: long against a pass's own start and end, about two per one-second iteration. */
    public static final int PASS_MS = 500;
    /** What one calibration may spend on passes (its JVM's start comes on top). */
    public static final int CALIBRATION_MS = 1000;
    /** The profiling pass: one fork, 1 warm-up and 2 measured iterations of the scored passes' length. */
    public static final Settings.Profiling PROFILING = new Settings.Profiling(1, 1, 2, null);

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
