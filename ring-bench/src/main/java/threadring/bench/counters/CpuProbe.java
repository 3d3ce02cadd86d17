package threadring.bench.counters;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;

/**
 * The JVM's CPU time (all its threads, user and system, ended ones included: the JVM's own count,
 * finer than /proc's ticks), where /proc says this is Linux: CPU per step, the level a cost is
 * first read by, and cores busy (CPU time over wall time).
 */
public final class CpuProbe implements Probe {

    @Override
    public Object read(Source source) {
        if (!source.own() || !source.proc().present()) {
            return null; // another process's /proc, or another OS: the bean's answer would not be /proc's
        }
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                && os.getProcessCpuTime() >= 0 ? os.getProcessCpuTime() : null;
    }

    @Override
    public Map<String, Double> between(Object start, Object end) {
        return Map.of(Counters.CPU_MS, ((Long) end - (Long) start) / 1e6);
    }

    @Override
    public List<Metric> metrics() {
        return List.of(
                new Metric("cpu", "CPU ns/{step} [95%]", List.of(Counters.CPU_MS), Metric.Over.STEPS, 1e6,
                        Metric.Form.SUM, List.of(), true, "*CPU ns/{step}*: the JVM's CPU time (all its threads, user "
                                + "and system) per {step}", null),
                new Metric("cores", "cores busy", List.of(Counters.CPU_MS), Metric.Over.WALL_MS, 1, Metric.Form.SUM,
                        List.of(), false, "*cores busy*: CPU time over wall time", null));
    }
}
