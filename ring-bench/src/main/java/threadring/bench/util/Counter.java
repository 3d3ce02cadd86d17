package threadring.bench.util;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * A progress line per item for commands whose result lines go to standard output ({@code check},
 * {@code footprint}): {@code [ 3/60  12s elapsed, ~4m left] <what>} on standard error, the
 * estimate from the average of the items so far.
 */
public final class Counter {
    private final PrintStream err;
    private final int total;
    private final long start = System.nanoTime();
    private int started;

    public Counter(PrintStream err, int total) {
        this.err = err;
        this.total = total;
    }

    /** The next item starts. */
    public void next(String what) {
        double elapsed = (System.nanoTime() - start) / 1e9;
        String left = started == 0 ? "?" : "~" + duration(elapsed / started * (total - started));
        int width = String.valueOf(total).length();
        err.println(String.format(Locale.ROOT, "[%" + width + "d/%d  %s elapsed, %s left] %s", ++started, total,
                duration(elapsed), left, what));
    }

    /** {@code 1h02m}, {@code 9m12s} or {@code 12s}. */
    public static String duration(double seconds) {
        Duration d = Duration.ofSeconds(Math.round(seconds));
        return d.toHours() > 0 ? String.format(Locale.ROOT, "%dh%02dm", d.toHours(), d.toMinutesPart())
                : d.toMinutes() > 0 ? String.format(Locale.ROOT, "%dm%02ds", d.toMinutes(), d.toSecondsPart())
                : d.toSeconds() + "s";
    }
}
