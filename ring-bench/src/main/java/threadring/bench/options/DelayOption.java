package threadring.bench.options;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;
import threadring.bench.util.Converters;
import threadring.bench.util.UsageException;

/**
 * {@code --delay-ms}, declared once: how long each fan-out task sleeps. The fan-out's series
 * ({@code run}, {@code check}) take every value, one series each, up to a JMH operation's minute;
 * {@code footprint --tasks} takes one, up to ten minutes. Each command gives its own default.
 */
public final class DelayOption {

    @Option(names = "--delay-ms", paramLabel = "D", converter = Converters.NonNegative.class,
            description = "Fan-out: each task's sleep in milliseconds. run and check: repeat for one series per value, at "
                    + "most 60000 (default 100). footprint --tasks: one value, at most 600000 (default 20000), long "
                    + "enough that every task is started before the reading at D/2.")
    List<Integer> values = new ArrayList<>();

    /** The values given, each at most {@code max} ({@code what} says why), in order. */
    public List<Integer> upTo(int max, String what) {
        for (int v : values) {
            if (v > max) {
                throw new UsageException(String.format(Locale.ROOT, "--delay-ms must be at most %d (%s), was %d", max,
                        what, v));
            }
        }
        return List.copyOf(values);
    }

    /** Whether any value was given. */
    public boolean given() {
        return !values.isEmpty();
    }
}
