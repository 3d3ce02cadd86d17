package threadring.core;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Values an operation measures inside itself, kept in this JVM by name (a probe's lateness, in ns),
 * for the runner's counters to read between two moments: a reading is each name's count so far
 * ({@link #mark}), and the values recorded between two readings are {@link #between}. One writer at
 * a time (the operation that runs); the reader, the iteration's counters, reads outside the timed
 * passes.
 */
public final class Samples {

    private static final Map<String, long[]> VALUES = new LinkedHashMap<>();
    private static final Map<String, Integer> COUNTS = new LinkedHashMap<>();

    private Samples() {}

    /** Adds {@code values} to the samples named {@code name}. */
    public static synchronized void record(String name, long[] values) {
        long[] all = VALUES.getOrDefault(name, new long[16]);
        int count = COUNTS.getOrDefault(name, 0);
        if (count + values.length > all.length) {
            all = Arrays.copyOf(all, Math.max(2 * all.length, count + values.length));
        }
        System.arraycopy(values, 0, all, count, values.length);
        VALUES.put(name, all);
        COUNTS.put(name, count + values.length);
    }

    /** How many values of each name there are now: a reading to take {@link #between} from. */
    public static synchronized Map<String, Integer> mark() {
        return Map.copyOf(COUNTS);
    }

    /** The values of each name recorded between two readings (a name with none is left out). */
    public static synchronized Map<String, long[]> between(Map<String, Integer> start, Map<String, Integer> end) {
        Map<String, long[]> out = new LinkedHashMap<>();
        end.forEach((name, to) -> {
            int from = start.getOrDefault(name, 0);
            if (to > from) {
                out.put(name, Arrays.copyOfRange(VALUES.get(name), from, to));
            }
        });
        return out;
    }
}
