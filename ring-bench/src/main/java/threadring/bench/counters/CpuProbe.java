package threadring.bench.counters;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;
import threadring.bench.util.LinuxProc;

/**
 * The JVM's CPU time (all its threads, user and system, ended ones included: the JVM's own count,
 * finer than /proc's ticks), where /proc says this is Linux, and its live child processes' (a Go
 * row's program, {@link ChildProcesses}): CPU per step, the level a cost is first read by, and
 * cores busy (CPU time over wall time).
 */
public final class CpuProbe implements Probe {

    @Override
    public Object read(Source source) {
        if (!source.own() || !source.proc().present()) {
            return null; // another process's /proc, or another OS: the bean's answer would not be /proc's
        }
        if (!(ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os)
                || os.getProcessCpuTime() < 0) {
            return null;
        }
        long before = os.getProcessCpuTime();
        Map<String, LinuxProc.Task> children = ChildProcesses.tasks();
        return new Reading(before, os.getProcessCpuTime(), children);
    }

    /**
     * The JVM's CPU ns before and after it read its live child processes' threads, and those: the
     * reading's own work (a walk of /proc) is in neither iteration's count.
     */
    record Reading(long beforeNs, long afterNs, Map<String, LinuxProc.Task> children) {}

    @Override
    public Map<String, Double> between(Object start, Object end) {
        Reading a = (Reading) start;
        Reading b = (Reading) end;
        return Map.of(Counters.CPU_MS, (b.beforeNs() - a.afterNs() + ChildProcesses.cpuNs(a.children(), b.children()))
                / 1e6);
    }

    @Override
    public List<Metric> metrics() {
        return List.of(
                Metric.sum("cpu", "CPU ns/{step} [95%]", List.of(Counters.CPU_MS), Metric.Over.STEPS, 1e6).asLevel()
                        .noting("*CPU ns/{step}*: the JVM's CPU time (all its threads, user and system, and a Go "
                                + "row's program) per {step}"),
                Metric.sum("cores", "cores busy", List.of(Counters.CPU_MS), Metric.Over.WALL_MS, 1)
                        .noting("*cores busy*: CPU time over wall time"));
    }
}
