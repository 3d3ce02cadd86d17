package threadring.bench.counters;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Every probe (found with ServiceLoader) read together at an iteration's boundaries, and the
 * counters they give between two readings, by name: what run.json keeps of each iteration
 * ({@link #WALL_MS} always, the rest where this OS and JVM tell). The names of the counters of
 * runs made before counters were open are the same ({@code cpuMs}, {@code voluntarySwitches}, ...),
 * so those runs read unchanged.
 */
public final class Counters {

    /** The iteration's wall time, ms: what cores busy is over. */
    public static final String WALL_MS = Metric.Over.WALL_MS.counter();
    /** The JVM's CPU time, ms: what per-step CPU and the CPU's split are of. */
    public static final String CPU_MS = Metric.Over.CPU_MS.counter();

    /** Every probe, in the order of its services file. */
    public static final List<Probe> PROBES = ServiceLoader.load(Probe.class, Counters.class.getClassLoader()).stream()
            .map(ServiceLoader.Provider::get).toList();

    /** Every metric of every probe, in order: a report's cost columns. */
    public static final List<Metric> METRICS = PROBES.stream().flatMap(p -> p.metrics().stream()).toList();

    private final Probe.Source source;

    public Counters(Probe.Source source) {
        this.source = source;
    }

    /** A reading of every probe at one moment, and when. */
    public record Reading(long nanos, List<Object> readings) {}

    public Reading read() {
        long now = System.nanoTime();
        List<Object> r = new ArrayList<>();
        for (Probe p : PROBES) {
            r.add(p.read(source));
        }
        return new Reading(now, r);
    }

    /** Every counter from {@code a} to {@code b}: the wall time, then each probe's. */
    public static Map<String, Double> between(Reading a, Reading b) {
        Map<String, Double> out = new LinkedHashMap<>();
        out.put(WALL_MS, (b.nanos() - a.nanos()) / 1e6);
        for (int i = 0; i < PROBES.size(); i++) {
            if (a.readings().get(i) != null && b.readings().get(i) != null) {
                PROBES.get(i).between(a.readings().get(i), b.readings().get(i)).forEach((k, v) -> {
                    if (v != null && Double.isFinite(v)) {
                        out.put(k, v);
                    }
                });
            }
        }
        return out;
    }

    /** The metric {@code key}, if a probe has it. */
    public static Optional<Metric> metric(String key) {
        return METRICS.stream().filter(m -> m.key().equals(key)).findFirst();
    }
}
