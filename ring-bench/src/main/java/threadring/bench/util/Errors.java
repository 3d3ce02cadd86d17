package threadring.bench.util;

import java.util.ArrayList;
import java.util.List;

/** One line for a failure, whatever wrapped it. */
public final class Errors {

    private Errors() {}

    /**
     * The causes and suppressed exceptions of {@code e} as one line, outermost first; JMH's
     * RunnerException and BenchmarkException (which wrap what the benchmark threw in its fork)
     * are left out where they wrap something: they say nothing of their own then.
     */
    public static String describe(Throwable e) {
        List<String> parts = new ArrayList<>();
        collect(e, parts, 0);
        return String.join(" <- ", parts).replaceAll("\\s+", " ").strip();
    }

    private static void collect(Throwable e, List<String> parts, int depth) {
        if (e == null || depth > 8) {
            return;
        }
        String type = e.getClass().getName();
        boolean wrapper = type.equals("org.openjdk.jmh.runner.RunnerException")
                || type.equals("org.openjdk.jmh.runner.BenchmarkException");
        // a wrapper with nothing inside speaks for itself (JMH's lock: "Another JMH instance might be running")
        if (!wrapper || e.getCause() == null && e.getSuppressed().length == 0) {
            parts.add(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        for (Throwable s : e.getSuppressed()) {
            collect(s, parts, depth + 1);
        }
        if (e.getCause() != e) {
            collect(e.getCause(), parts, depth + 1);
        }
    }
}
