package threadring.bench.plan;

import java.io.PrintStream;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.LongSupplier;
import threadring.bench.data.Measured;
import threadring.bench.data.Settings;
import threadring.bench.report.Format;
import threadring.bench.stats.Stats;
import threadring.bench.util.Counter;
import threadring.bench.util.Processes;
import threadring.core.Size;
import threadring.core.WorkloadBenchmark;

/**
 * What the sweep says on the console, instead of JMH's own output (which goes to console.log): a
 * line when a job starts and one per finished id, e.g.
 * {@code [ 14/121  9m12s elapsed, ~21m left] ring akka/typed-p1  64.6 ns/hop [60.5–66.2]  ok}.
 * The estimate of what is left comes from the plan (each id's forks x iterations of its
 * iteration time, its calibration and profiling pass), less the time spent until a tenth of it has
 * finished, then scaled by how long the finished ids took against their own estimate; within a
 * phase (the JMH host's forks, the echo servers' repetitions), from the phase's own share done.
 */
public final class Progress {

    /** A JVM's start, setup and teardown, per fork (0.86 s over the 333 JVMs of run 20261125-122753). */
    static final double FORK_OVERHEAD_S = 1.0;
    /** A calibration JVM: its start and its one second of passes. */
    static final double CALIBRATION_S = 2.5;

    /** The share of the plan finished from which its pace scales what is left (before it, one id's luck would). */
    static final double CALIBRATED_SHARE = 0.10;

    /** One (configuration, workload, id) the sweep will run: its estimate in seconds, and the phase its runner runs it in. */
    public record Item(double seconds, String phase) {}

    private final PrintStream out;
    private final LongSupplier nanos;
    private final long start;
    private final int total;
    private double plannedSeconds;
    private final List<Item> items;
    /** The phases begun so far: what is left after the running one is the estimate of the others. */
    private final Set<String> begun = new HashSet<>();
    private final Set<String> done = new HashSet<>();
    private double doneEstimate;
    private int finished;
    /**
     * The phase running (the JMH host's rounds, the echo servers' rounds): when it started and the
     * share of its forks or repetitions done, which the estimate of what is left comes from while
     * its ids have not ended (a row ends only after its last fork).
     */
    private String phase;
    private long phaseStart = -1;
    private double phaseShare;
    private long lastLine;

    /**
     * When a fork or repetition ends and this long has passed since the last line, a line with the
     * phase's count and a new estimate (a fork longer than this leaves a longer gap: nothing ends in it).
     */
    static final long TICK_NS = 60_000_000_000L;

    public Progress(PrintStream out, List<Item> items, LongSupplier nanos) {
        this.out = out;
        this.nanos = nanos;
        this.start = nanos.getAsLong();
        this.lastLine = start;
        this.total = items.size();
        this.plannedSeconds = items.stream().mapToDouble(Item::seconds).sum();
        this.items = List.copyOf(items);
    }

    /**
     * Seconds one id is expected to take with these settings: calibration, its pilot and about half
     * the forks its plan may add (the first fork warming up for the evidence cap), the profiling pass.
     */
    public static double estimate(Settings settings, Size.Timed size, Integer steps) {
        Settings.Scored s = settings.scored();
        double forks = s.startForks() + (s.maxForks() - s.startForks()) / 2.0;
        int warmups = s.warmups() != null ? s.warmups() : WorkloadBenchmark.WARMUP_SECONDS;
        int iterations = s.iterations() != null ? s.iterations() : WorkloadBenchmark.MEASURED_SECONDS;
        double iteration = (s.iterationMs() != null ? s.iterationMs() : 1000) / 1000.0;
        // an iteration ends after the pass running when its time is up: half a pass more, on average
        double pass = !size.calibrated() ? 0.5 : steps == null ? s.passMs() / 1000.0 : 0.1;
        double perIteration = Math.max(iteration, pass) + pass / 2;
        double settle = s.settleMs() == null ? 0 : Math.max(0, s.settleMs() / 1000.0 - warmups * iteration);
        double scored = forks * (FORK_OVERHEAD_S + (warmups + 1 + iterations) * perIteration) + settle;
        double calibration = size.calibrated() && steps == null ? CALIBRATION_S : 0;
        Settings.Profiling p = settings.profiling();
        double profiling = settings.profilers().isEmpty() ? 0
                : p.forks() * (FORK_OVERHEAD_S + 2 + (p.warmups() + p.iterations()) * perIteration);
        return calibration + scored + profiling;
    }

    /**
     * The sweep's budget: its plan in seconds, what the estimate of what is left starts from, and
     * the budget's, which bounds it (the runners spend an optional fork only while it fits).
     */
    public void plan(double seconds, double budgetSeconds) {
        planSeconds = seconds;
        this.budgetSeconds = budgetSeconds;
    }

    /** The budget's plan in seconds, NaN without one: the first minutes' estimate of what is left. */
    private double planSeconds = Double.NaN;
    /** The budget in seconds, NaN without one. */
    private double budgetSeconds = Double.NaN;

    /** A job starts: its configuration, workload and ids. */
    public void job(String label, String what, List<String> ids) {
        if (Processes.stopping()) {
            return; // interrupted: the interrupt says what was kept
        }
        print(prefix() + " " + what + " on " + label + ": " + String.join(", ", ids));
    }

    /**
     * How far a runner's phase got ({@link Runner#progress}: the JMH host's forks, the echo servers'
     * repetitions): {@code done} of about {@code expected} {@code what} (the planned counts, the pilot
     * where not planned yet). Its ids end together after their last rounds, so until then what is
     * left comes from its share done, and the estimates of the phases not begun.
     */
    public void phase(String name, int done, int expected, String what) {
        long now = nanos.getAsLong();
        if (!name.equals(phase)) {
            phase = name;
            phaseStart = now;
            begun.add(name);
        }
        phaseShare = expected <= 0 ? 0 : Math.min(1, (double) done / expected);
        if (now - lastLine >= TICK_NS && !Processes.stopping()) {
            print(prefix() + " " + name + ": " + done + " of ~" + expected + " " + what + " done");
        }
    }

    private void print(String line) {
        lastLine = nanos.getAsLong();
        out.println(line);
    }

    /** The JMH host began a round (or another phase): one line, as ids end only after their last fork. */
    public void round(int round, String phase, int forks, int tasks) {
        if (Processes.stopping()) {
            return;
        }
        print(prefix() + " " + (phase.equals("rounds") ? "round " + round : phase) + ": " + forks
                + (phase.startsWith("echo") ? " repetitions" : " forks") + " of " + tasks + " id-series done so far");
    }

    /** The limits said so far: each is named once, the ids after it refer to it. */
    private final Set<String> limitsSaid = new HashSet<>();

    /** An id of a job has its score (or failed): one line, once per id and series. */
    public void finished(String key, String id, double estimate, Size size, Measured m, String error) {
        if (Processes.stopping() || !done.add(key)) { // an id the interrupt stopped did not fail
            return;
        }
        finished++;
        if (m != null && m.limit() != null) {
            plannedSeconds -= estimate; // it could not run here: it took none of its estimate, and none is left
        } else {
            doneEstimate += estimate;
        }
        String result;
        if (m != null && m.measured() && m.score().hasLevel()) {
            Stats.Summary s = m.score().reading();
            result = Format.reading(size, s) + (s.isUnstable() ? "  unstable" : "  ok");
        } else if (m != null && m.limit() != null) {
            // a limit several ids share (no Go toolchain, the kernel's thread limit) is named once
            result = limitsSaid.add(m.limit()) ? "cannot run here: " + m.limit() : "cannot run here (the same as above)";
        } else {
            result = error != null && error.startsWith("SKIP ") ? error
                    : "FAIL " + (error != null ? error : m != null && m.error() != null ? m.error() : "no result");
        }
        print(prefix() + " " + size.workload().label() + " " + id + "  " + result);
    }

    /** {@code [ 14/121  9m12s elapsed, ~21m left]} */
    private String prefix() {
        long now = nanos.getAsLong();
        double elapsed = (now - start) / 1e9;
        double left;
        if (phaseStart >= 0 && phaseShare > 0.05 && phaseShare < 1) {
            double inPhase = (now - phaseStart) / 1e9;
            left = inPhase * (1 - phaseShare) / phaseShare + items.stream().filter(i -> !begun.contains(i.phase()))
                    .mapToDouble(Item::seconds).sum();
        } else if (doneEstimate >= CALIBRATED_SHARE * plannedSeconds) {
            left = Math.max(0, (plannedSeconds - doneEstimate) * elapsed / doneEstimate);
        } else {
            // too little finished to scale the plan by (an id that could not run ends at once): the plan, less the time spent
            left = Math.max(0, (Double.isNaN(planSeconds) ? plannedSeconds : planSeconds) - elapsed);
        }
        if (!Double.isNaN(budgetSeconds) && elapsed < budgetSeconds) {
            // a phase's first forks warm up longest: its pace overstates what is left, which the budget bounds
            left = Math.min(left, budgetSeconds - elapsed);
        }
        int width = String.valueOf(total).length();
        return String.format(Locale.ROOT, "[%" + width + "d/%d  %s elapsed, ~%s left]", finished, total,
                duration(elapsed), duration(left));
    }

    static String duration(double seconds) {
        return Counter.duration(seconds);
    }
}
