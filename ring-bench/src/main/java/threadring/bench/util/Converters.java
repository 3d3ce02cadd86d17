package threadring.bench.util;

import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;
import threadring.core.Workload;
import threadring.core.fanout.FanOut;
import threadring.core.workloads.Workloads;

/**
 * picocli converters for option values that need more than a type: each rejects a bad value with
 * a message naming the value, which picocli prefixes with the option
 * ("Invalid value for option '--nodes': must be an integer >= 2, was '1'").
 */
public final class Converters {

    private Converters() {}

    public static int atLeast(String value, int min) {
        try {
            int v = Integer.parseInt(value.trim());
            if (v >= min) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new TypeConversionException("must be an integer >= " + min + ", was '" + value + "'");
    }

    /** Ring sizes: at least two nodes. */
    public static final class Nodes implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return atLeast(value, 2);
        }
    }

    public static final class Positive implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return atLeast(value, 1);
        }
    }

    public static final class NonNegative implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return atLeast(value, 0);
        }
    }

    /** A fan-out task's wait: 0 to a minute. */
    public static final class DelayMs implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return atMost(value, FanOut.MAX_TIMED_DELAY_MS, "a minute: one JMH operation");
        }
    }

    /** A live task's sleep: 0 to ten minutes (a footprint reading, which needs every task started first). */
    public static final class LiveDelayMs implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return atMost(value, FanOut.MAX_DELAY_MS, "ten minutes");
        }
    }

    private static int atMost(String value, int max, String what) {
        int v = atLeast(value, 0);
        if (v > max) {
            throw new TypeConversionException(String.format(Locale.ROOT, "must be at most %d (%s), was '%s'",
                    max, what, value));
        }
        return v;
    }

    /** A regular expression searched in ids, like JMH's include filter. */
    public static final class Regex implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            try {
                Pattern.compile(value);
                return value;
            } catch (PatternSyntaxException e) {
                throw new TypeConversionException("not a valid regular expression: '" + value + "' ("
                        + e.getDescription() + ")");
            }
        }
    }

    /** A JDK: its release ({@code 21}, found in the usual places) or its home (a directory with bin/java). */
    public static final class JdkHome implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            try {
                return JdkHomes.find(value, Path.of(System.getProperty("threadring.home", ".")).toAbsolutePath()
                        .normalize());
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A workload: ring, rendezvous, fanout or echo. */
    public static final class WorkloadName implements ITypeConverter<Workload<?, ?>> {
        @Override
        public Workload<?, ?> convert(String value) {
            try {
                return Workloads.of(value.trim().toLowerCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
