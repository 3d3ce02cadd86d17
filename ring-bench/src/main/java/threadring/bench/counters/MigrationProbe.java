package threadring.bench.counters;

import java.util.List;
import java.util.Map;
import threadring.bench.util.LinuxProc;

/**
 * Moves of the JVM's live threads between cpus ({@code se.nr_migrations} in each thread's sched
 * file: what perf reports as cpu-migrations); unknown where the kernel keeps no such file.
 */
public final class MigrationProbe implements Probe {

    @Override
    public Object read(Source source) {
        Map<String, LinuxProc.Task> tasks = source.proc().tasks();
        return tasks.isEmpty() ? null : tasks;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map<String, Double> between(Object start, Object end) {
        Map<String, LinuxProc.Task> a = (Map<String, LinuxProc.Task>) start;
        Map<String, LinuxProc.Task> b = (Map<String, LinuxProc.Task>) end;
        long m = 0;
        for (Map.Entry<String, LinuxProc.Task> t : b.entrySet()) {
            LinuxProc.Task before = a.get(t.getKey());
            if (t.getValue().migrations() < 0 || before != null && before.migrations() < 0) {
                return Map.of();
            }
            m += t.getValue().migrations() - (before == null ? 0 : before.migrations());
        }
        return Map.of("migrations", (double) m);
    }

    @Override
    public List<Metric> metrics() {
        return List.of(Metric.sum("migrations", "migrations per 1,000 {step}s", List.of("migrations"),
                Metric.Over.STEPS, 1000).noting("*migrations*: moves of its threads between cpus (the kernel's count, "
                        + "perf's cpu-migrations)").absentSaying("migrations (this kernel keeps no per-thread sched file)"));
    }
}
