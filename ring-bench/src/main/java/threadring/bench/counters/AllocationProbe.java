package threadring.bench.counters;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;

/**
 * Bytes the JVM allocated, its ended threads' included ({@code getTotalThreadAllocatedBytes},
 * called by name: {@code --release 17}'s API does not list it although JDKs 17 to 25 have it).
 */
public final class AllocationProbe implements Probe {

    @Override
    public Object read(Source source) {
        if (!source.own()) {
            return null; // another process's /proc: this JVM's bean is not its count
        }
        try {
            if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t
                    && t.isThreadAllocatedMemorySupported() && t.isThreadAllocatedMemoryEnabled()) {
                long bytes = (long) com.sun.management.ThreadMXBean.class.getMethod("getTotalThreadAllocatedBytes")
                        .invoke(t);
                return bytes >= 0 ? bytes : null;
            }
            return null;
        } catch (ReflectiveOperationException | UnsupportedOperationException | LinkageError e) {
            return null;
        }
    }

    @Override
    public Map<String, Double> between(Object start, Object end) {
        return Map.of("allocatedBytes", (double) ((Long) end - (Long) start));
    }

    @Override
    public List<Metric> metrics() {
        return List.of(new Metric("bytes", "bytes/{step}", List.of("allocatedBytes"), Metric.Over.STEPS, 1,
                Metric.Form.SUM, List.of(), false, null, null));
    }
}
