package threadring.bench.counters;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;

/**
 * Bytes the JVM allocated, its ended threads' included ({@code getTotalThreadAllocatedBytes},
 * called by name: {@code --release 17}'s API does not list it although JDKs 17 to 25 have it); not
 * read for a row whose work runs in a child process (a Go row), whose allocation the JVM cannot see.
 */
public final class AllocationProbe implements Probe {

    @Override
    public Object read(Source source) {
        if (!source.own()) {
            return null; // another process's /proc: this JVM's bean is not its count
        }
        Long before = allocated();
        if (before == null || ChildProcesses.any()) {
            return null; // a row whose work runs in a child process (Go's): the JVM's allocation is not its count
        }
        return new Reading(before, allocated());
    }

    /** Bytes allocated before and after the look for child processes, whose own allocation is in neither iteration. */
    record Reading(long before, long after) {}

    /** The JVM's bytes allocated so far, or null where this JVM does not say. */
    private static Long allocated() {
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
        return Map.of("allocatedBytes", (double) (((Reading) end).before() - ((Reading) start).after()));
    }

    @Override
    public List<Metric> metrics() {
        return List.of(Metric.sum("bytes", "bytes/{step}", List.of("allocatedBytes"), Metric.Over.STEPS, 1));
    }
}
