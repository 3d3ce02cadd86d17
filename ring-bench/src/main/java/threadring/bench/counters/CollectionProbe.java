package threadring.bench.counters;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;

/**
 * Garbage collections the JVM ran, of every collector (young and old, or ZGC's cycles), from the
 * JVM's own count: how often a model's allocation rate makes the collector step in. Only this JVM's
 * beans can tell, so another process's /proc reads nothing.
 */
public final class CollectionProbe implements Probe {

    @Override
    public Object read(Source source) {
        if (!source.own()) {
            return null;
        }
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc.getCollectionCount() < 0) {
                return null; // a collector that cannot count
            }
            n += gc.getCollectionCount();
        }
        return n;
    }

    @Override
    public Map<String, Double> between(Object start, Object end) {
        return Map.of("collections", (double) ((Long) end - (Long) start));
    }

    @Override
    public List<Metric> metrics() {
        return List.of(Metric.sum("collections", "collections per 10^6 {step}s", List.of("collections"),
                Metric.Over.STEPS, 1e6).noting("*collections*: garbage collections the JVM ran (every collector), per "
                        + "million {step}s"));
    }
}
