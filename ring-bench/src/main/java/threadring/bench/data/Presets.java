package threadring.bench.data;

import threadring.bench.stats.Forks;

/**
 * The sweep's presets, recorded in each run's {@link Settings}: the default calibrated passes,
 * {@code --quick} (a smoke run) and {@code --long} (the reference the default must agree with).
 */
public final class Presets {

    /** The minutes the default sweep is planned to, on any host (--budget). */
    public static final int BUDGET_MINUTES = 60;

    private Presets() {}

    /**
     * Calibrated passes aim at this length: long against a pass's own start and end (up to a
     * millisecond here), short against an iteration, which ends only after the pass running when
     * its time is up (an iteration of 250 ms holds about 3 passes).
     */
    public static final int PASS_MS = 100;
    /**
     * A scored iteration's length: short, so that each fork's series has the points its changepoint
     * analysis needs and a fork costs little (the spread between JVMs, not within one, sets a row's
     * interval: more, shorter forks buy more than fewer, longer ones). 250 ms, not 500: the default
     * sweep's budget (8 measured iterations of 500 ms and a 10 s settle put it at about two hours).
     */
    public static final int ITERATION_MS = 250;
    /**
     * Measured iterations per fork: enough for the changepoint analysis to find a +20% step at 3%
     * noise in at least 80% of forks (SteadyTest), so that a fork that changes level while measured
     * says so instead of averaging two levels.
     */
    public static final int ITERATIONS = 8;
    /** What one calibration may spend on passes (its JVM's start comes on top). */
    public static final int CALIBRATION_MS = 1000;
    /** The pilot every row starts with: its fork count is planned from it ({@link Forks}). */
    public static final int FORKS = Forks.PILOT;
    /**
     * A row's planned fork count is capped at this many. 5, not 6: the default sweep 20261128-050738
     * ran 63 minutes with 6, its sixth round 34 forks and 4.6 minutes; rows at the cap say what
     * their forks bought (*at the cap*).
     */
    public static final int MAX_FORKS = 5;
    /**
     * An echo server's repetitions are capped at this many, under {@link #MAX_FORKS}: each is a
     * server JVM, its connections held, 3 + 3 s of load and the offered rates (about 18 s), and
     * Stein's rule sent most servers to 6, 21.7 of the default sweep 20261126-194407's 50.7 minutes.
     * 3, the pilot: at 4, the sweep 20261128-050738 spent 16 of its 63 minutes on 11 servers.
     */
    public static final int ECHO_MAX_REPETITIONS = 3;
    /** A row whose JVMs stand in states gets forks until each state's share is known, up to this many. */
    public static final int STATE_FORKS = 10;
    /** The precision a row's forks are planned for: +-5%. */
    public static final int PRECISION = 5;
    /** The fewest warm-up iterations of a fork. */
    public static final int WARMUPS = 2;
    /**
     * The longest warm-up the evidence may ask for: a row's first fork warms up this long, and later
     * forks as long as its forks took to settle. 5 s holds ox/buffered-p1's 3.5 s; a fork that
     * changes level later (virtual/park-p1's forks switched 5.9 and 8.5 s into long runs,
     * 20261125-131129) does so while measured and says so. 10 s, with the evidence asking for the cap
     * on every noisy row, cost the default sweep about 4 s per fork; 6 s left it 3 minutes over its hour.
     */
    public static final int SETTLE_MS = 5_000;

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
