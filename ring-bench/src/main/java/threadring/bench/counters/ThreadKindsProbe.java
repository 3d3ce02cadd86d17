package threadring.bench.counters;

import java.lang.management.ManagementFactory;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import threadring.bench.util.LinuxProc;

/**
 * The JVM's CPU split by thread kind, from each live thread's CPU time in /proc: its garbage
 * collector's, its JIT compilers', its other service threads', and the rest, the workload's. For
 * this JVM the workload's is what the JVM's own CPU count leaves (ended threads included); for a
 * test's folder, its live threads'.
 */
public final class ThreadKindsProbe implements Probe {

    /** Thread names (Linux keeps their first 15 characters) of HotSpot's collectors. */
    static final List<String> GC = List.of("GC Thread", "G1 ", "GC ", "ZGC", "ZWorker", "ZDirector", "ZDriver",
            "Shenandoah", "Parallel GC", "PGC", "Concurrent Mark", "Conc#");
    /** ... of its JIT compilers. */
    static final List<String> JIT = List.of("C1 CompilerThre", "C2 CompilerThre", "C1 Compiler", "C2 Compiler",
            "JVMCI");
    /** ... of its other service threads: neither the workload's nor a collector or compiler. */
    static final List<String> JVM = List.of("VM Thread", "VM Periodic", "Signal Dispatch", "Finalizer",
            "Reference Handl", "Common-Cleaner", "Service Thread", "Monitor Deflati", "Notification Th",
            "Attach Listener", "Sweeper thread", "Cleaner-");

    enum Kind { GC, JIT, JVM, WORKLOAD }

    /** Its live threads, and the JVM's own CPU ns where it is this JVM's /proc (else null). */
    record Reading(Map<String, LinuxProc.Task> threads, Long processCpuNs) {}

    static Kind kind(String name) {
        if (GC.stream().anyMatch(name::startsWith)) {
            return Kind.GC;
        }
        if (JIT.stream().anyMatch(name::startsWith)) {
            return Kind.JIT;
        }
        return JVM.stream().anyMatch(name::startsWith) ? Kind.JVM : Kind.WORKLOAD;
    }

    @Override
    public Object read(Source source) {
        Map<String, LinuxProc.Task> tasks = source.proc().tasks();
        if (tasks.isEmpty()) {
            return null;
        }
        Long cpu = source.own() && ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os && os.getProcessCpuTime() >= 0
                        ? os.getProcessCpuTime() : null;
        return new Reading(tasks, cpu);
    }

    @Override
    public Map<String, Double> between(Object start, Object end) {
        Reading a = (Reading) start;
        Reading b = (Reading) end;
        Map<Kind, Double> kinds = new EnumMap<>(Kind.class);
        for (Kind k : Kind.values()) {
            kinds.put(k, 0.0);
        }
        for (Map.Entry<String, LinuxProc.Task> t : b.threads().entrySet()) {
            LinuxProc.Task before = a.threads().get(t.getKey());
            kinds.merge(kind(t.getValue().name()), (t.getValue().cpuNs() - (before == null ? 0 : before.cpuNs())) / 1e6,
                    Double::sum);
        }
        double workload = kinds.get(Kind.WORKLOAD);
        if (a.processCpuNs() != null && b.processCpuNs() != null) { // what the JVM's own threads did not spend
            double cpu = (b.processCpuNs() - a.processCpuNs()) / 1e6;
            workload = Math.max(0, cpu - kinds.get(Kind.GC) - kinds.get(Kind.JIT) - kinds.get(Kind.JVM));
        }
        return Map.of("workloadCpuMs", workload, "gcCpuMs", kinds.get(Kind.GC), "jitCpuMs", kinds.get(Kind.JIT));
    }

    @Override
    public List<Metric> metrics() {
        return List.of(Metric.shares("split", "CPU in GC, JIT", List.of("gcCpuMs", "jitCpuMs"), List.of("GC", "JIT"),
                Metric.Over.CPU_MS).noting("*GC, JIT*: the collector's and the JIT compiler's threads' shares of that "
                        + "CPU (the rest is the workload's)"));
    }
}
