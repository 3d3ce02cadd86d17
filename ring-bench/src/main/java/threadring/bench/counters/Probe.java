package threadring.bench.counters;

import java.util.List;
import java.util.Map;
import threadring.bench.util.LinuxProc;

/**
 * One source of what a JVM spends besides time, read at a scored iteration's start and end,
 * outside the timed passes (it samples nothing while they run): each probe names its counters
 * (CPU, switches, bytes, ...) and how they read per step in a report ({@link Metric}). A new
 * counter is one class implementing this and one line in
 * {@code META-INF/services/threadring.bench.counters.Probe}: run.json keeps any counter by name,
 * and every table, chart and comparison reads the probes' metrics, so nothing else changes.
 */
public interface Probe {

    /** Where a probe reads: a /proc (this JVM's, or a test's folder), and whether it is this JVM's own. */
    record Source(LinuxProc proc, boolean own) {}

    /** What it reads now (its own type; null where it can read nothing here). */
    Object read(Source source);

    /** Its counters between two of its readings, by name; a counter this OS or JVM cannot tell is left out. */
    Map<String, Double> between(Object start, Object end);

    /** How its counters read in a report (none: a counter only a note uses, as the host's steal time). */
    default List<Metric> metrics() {
        return List.of();
    }
}
