package threadring.bench;

import java.io.PrintStream;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.LongSupplier;
import threadring.bench.RunFile.Measured;
import threadring.core.Workload;
import threadring.core.WorkloadBenchmark;

/**
 * What the sweep says on the console, instead of JMH's own output (which goes to console.log): a
 * line when a job starts and one per finished id, e.g.
 * {@code [ 14/121  9m12s elapsed, ~21m left] ring akka/typed-p1  64.6 ns/hop [60.5–66.2]  ok}.
 * The estimate of what is left comes from the plan (each id's forks x iterations of its
 * iteration time, its calibration and profiling pass), scaled by how long the finished ids took
 * against their own estimate.
 */
final class Progress {

    /** A JVM's start, setup and teardown, per fork (measured here: 0.5-2 s). */
    static final double FORK_OVERHEAD_S = 1.5;
    /** A calibration JVM: its start and its one second of passes. */
    static final double CALIBRATION_S = 2.5;

    private final PrintStream out;
    private final LongSupplier nanos;
    private final long start;
    private final int total;
    private final double plannedSeconds;
    private final Set<String> done = new HashSet<>();
    private double doneEstimate;
    private int finished;

    /** {@code items}: every (configuration, workload, id) the sweep will run, each with its estimate in seconds. */
    Progress(PrintStream out, List<Double> items, LongSupplier nanos) {
        this.out = out;
        this.nanos = nanos;
        this.start = nanos.getAsLong();
        this.total = items.size();
        this.plannedSeconds = items.stream().mapToDouble(Double::doubleValue).sum();
    }

    /** Seconds one id is expected to take with these settings: calibration, scored forks, profiling pass. */
    static double estimate(RunFile.Settings s, Workload w, Integer steps) {
        int forks = s.forks() != null ? s.forks() : 3;
        int warmups = s.warmups() != null ? s.warmups() : WorkloadBenchmark.WARMUP_SECONDS;
        int iterations = s.iterations() != null ? s.iterations() : WorkloadBenchmark.MEASURED_SECONDS;
        double iteration = (s.iterationMs() != null ? s.iterationMs() : 1000) / 1000.0;
        // an iteration ends after the pass running when its time is up: half a pass more, on average
        double pass = w == Workload.FANOUT ? 0.5 : steps == null ? s.passMs() / 1000.0 : 0.1;
        double perIteration = Math.max(iteration, pass) + pass / 2;
        double scored = forks * (FORK_OVERHEAD_S + (warmups + iterations) * perIteration);
        double calibration = w != Workload.FANOUT && steps == null ? CALIBRATION_S : 0;
        RunFile.Profiling p = s.profiling();
        double profiling = s.profilers().isEmpty() ? 0
                : p.forks() * (FORK_OVERHEAD_S + 2 + (p.warmups() + p.iterations()) * perIteration);
        return calibration + scored + profiling;
    }

    /** A job starts: its configuration, workload and ids. */
    void job(String label, String what, List<String> ids) {
        out.println(prefix() + " " + what + " on " + label + ": " + String.join(", ", ids));
    }

    /** An id of a job has its score (or failed): one line, once per id and series. */
    void finished(String key, String id, double estimate, Workload w, Measured m, String error) {
        if (!done.add(key)) {
            return;
        }
        finished++;
        doneEstimate += estimate;
        String result;
        if (m != null && m.echo() != null) {
            Stats.Summary s = m.echo().summary();
            result = Report.rate(s.median()) + " requests/s" + (s.interval() == null ? ""
                    : " [" + Report.rateInterval(s.interval()) + "]") + (s.isUnstable() ? "  unstable" : "  ok");
        } else if (m != null && m.score() != null) {
            Stats.Summary s = m.score().summary();
            String unit = w == Workload.FANOUT ? "ms/op" : "ns/" + w.unit();
            result = w == Workload.FANOUT
                    ? Report.ms(s.median()) + " " + unit + " [" + Report.msInterval(s.interval()) + "]"
                    : Report.ns(s.median()) + " " + unit + " [" + Report.interval(s.interval()) + "]";
            result += s.isUnstable() ? "  unstable" : "  ok";
        } else {
            result = error != null && error.startsWith("SKIP ") ? error
                    : "FAIL " + (error != null ? error : m != null && m.error() != null ? m.error() : "no result");
        }
        out.println(prefix() + " " + w.label() + " " + id + "  " + result);
    }

    /** {@code [ 14/121  9m12s elapsed, ~21m left]} */
    private String prefix() {
        double elapsed = (nanos.getAsLong() - start) / 1e9;
        double rate = doneEstimate > 0 ? elapsed / doneEstimate : 1;
        double left = Math.max(0, (plannedSeconds - doneEstimate) * rate);
        int width = String.valueOf(total).length();
        return String.format(Locale.ROOT, "[%" + width + "d/%d  %s elapsed, ~%s left]", finished, total,
                duration(elapsed), duration(left));
    }

    /**
     * The same kind of line for {@code check} and {@code footprint}, on standard error so that their
     * result lines on standard output stay one per id: {@code [ 3/60  12s elapsed, ~4m left] <what>},
     * the estimate from the average of the items so far.
     */
    static final class Counter {
        private final PrintStream err;
        private final int total;
        private final long start = System.nanoTime();
        private int started;

        Counter(PrintStream err, int total) {
            this.err = err;
            this.total = total;
        }

        /** The next item starts. */
        void next(String what) {
            double elapsed = (System.nanoTime() - start) / 1e9;
            String left = started == 0 ? "?" : "~" + duration(elapsed / started * (total - started));
            int width = String.valueOf(total).length();
            err.println(String.format(Locale.ROOT, "[%" + width + "d/%d  %s elapsed, %s left] %s", ++started, total,
                    duration(elapsed), left, what));
        }
    }

    static String duration(double seconds) {
        Duration d = Duration.ofSeconds(Math.round(seconds));
        return d.toHours() > 0 ? String.format(Locale.ROOT, "%dh%02dm", d.toHours(), d.toMinutesPart())
                : d.toMinutes() > 0 ? String.format(Locale.ROOT, "%dm%02ds", d.toMinutes(), d.toSecondsPart())
                : d.toSeconds() + "s";
    }
}
