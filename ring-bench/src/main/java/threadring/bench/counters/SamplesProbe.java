package threadring.bench.counters;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import threadring.core.Samples;

/**
 * What an operation measured inside itself ({@link Samples}: a probe task's lateness, by name),
 * read at an iteration's boundaries in this JVM: per name, the count of values recorded between
 * the two readings and their median, 99th percentile and maximum ({@code <name>.count},
 * {@code .p50}, {@code .p99}, {@code .max}, in the values' unit). Nothing where no operation of the
 * workload records any; nothing in another process (it reads this JVM's own).
 */
public final class SamplesProbe implements Probe {

    @Override
    public Object read(Source source) {
        return source.own() ? Samples.mark() : null;
    }

    @Override
    @SuppressWarnings("unchecked") // its own readings: Samples.mark()'s maps
    public Map<String, Double> between(Object start, Object end) {
        Map<String, Double> out = new LinkedHashMap<>();
        Samples.between((Map<String, Integer>) start, (Map<String, Integer>) end).forEach((name, values) -> {
            long[] sorted = values.clone();
            Arrays.sort(sorted);
            out.put(name + ".count", (double) sorted.length);
            out.put(name + ".p50", (double) percentile(sorted, 0.50));
            out.put(name + ".p99", (double) percentile(sorted, 0.99));
            out.put(name + ".max", (double) sorted[sorted.length - 1]);
        });
        return out;
    }

    /** The nearest-rank percentile {@code q} of {@code sorted} (not empty). */
    static long percentile(long[] sorted, double q) {
        return sorted[Math.max(0, (int) Math.ceil(q * sorted.length) - 1)];
    }
}
