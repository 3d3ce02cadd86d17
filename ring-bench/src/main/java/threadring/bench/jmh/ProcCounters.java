package threadring.bench.jmh;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import threadring.bench.data.Score;
import threadring.bench.util.LinuxProc;

/**
 * What this JVM has spent so far: its CPU time (all threads, user and system, the ended ones
 * included), each live thread's CPU time by kind (the JVM's garbage collector, its JIT compilers,
 * its other service threads, and the rest: the workload's nodes, carriers, workers and JMH's own
 * thread), the live threads' context switches and cpu migrations ({@link LinuxProc}), the bytes
 * the JVM allocated, and the machine's steal time. A {@link Snapshot} at an iteration's start and
 * end gives what the iteration cost. Whatever this OS or JVM does not provide is null; nothing is
 * guessed.
 *
 * <p>Switches come from getrusage(2) ({@link threadring.bench.util.Rusage}: every thread the
 * process had, ended ones included), and the workload's CPU is the JVM's less what its collector,
 * compilers and service threads spent, so a thread that ends inside an iteration (a platform
 * thread per fan-out task) still counts. Blind spots, said where the numbers are shown: cpu
 * migrations and the collector's, compilers' and service threads' split count the threads alive at
 * the iteration's end (those threads live as long as the JVM); virtual threads are not OS
 * threads, their switches are their carriers'.
 */
final class ProcCounters {

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

    /**
     * Totals at one moment: wall clock (ns), process CPU (ns), allocated bytes and steal (ns),
     * each null if unknown; and each live thread by its id (empty if /proc has no tasks).
     */
    record Snapshot(long nanos, Long cpuNs, Long allocated, Long stealNs, Map<String, LinuxProc.Task> threads,
            threadring.bench.util.Rusage.Switches switches) {

        /** Whether it read this JVM's own /proc, where the process's totals (CPU, getrusage) are the same JVM's. */
        boolean whole() {
            return switches != null;
        }
    }

    private final LinuxProc proc;
    /** Whether {@code proc} is the real /proc, whose threads are this JVM's (a test's folder is not). */
    private final boolean real;

    /** Reads this JVM under {@code proc} ({@code /proc} here; tests give a folder of their own). */
    ProcCounters(Path proc) {
        this.proc = new LinuxProc(proc, "self");
        this.real = proc.equals(Path.of("/proc"));
    }

    ProcCounters() {
        this(Path.of("/proc"));
    }

    Snapshot read() {
        long now = System.nanoTime();
        return new Snapshot(now, processCpu(), allocated(), proc.stealNs(), proc.tasks(),
                real && proc.present() ? threadring.bench.util.Rusage.switches().orElse(null) : null);
    }

    static Kind kind(String name) {
        if (GC.stream().anyMatch(name::startsWith)) {
            return Kind.GC;
        }
        if (JIT.stream().anyMatch(name::startsWith)) {
            return Kind.JIT;
        }
        return JVM.stream().anyMatch(name::startsWith) ? Kind.JVM : Kind.WORKLOAD;
    }

    /** The JVM's own count (finer than /proc's ticks), where /proc says this is Linux. */
    private Long processCpu() {
        if (!proc.present()) {
            return null; // another OS (or a test's empty /proc): the bean's answer would not be /proc's
        }
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                && os.getProcessCpuTime() >= 0 ? os.getProcessCpuTime() : null;
    }

    /**
     * Bytes the JVM allocated since it started, its ended threads' included; called by name, as
     * {@code --release 17}'s API does not list it although the JDKs 17 to 25 have it.
     */
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

    /**
     * From {@code a} to {@code b}: ms of wall clock, CPU (all, workload, GC, JIT), switches,
     * bytes, steal and migrations; a part the snapshots do not both have is null. Per-thread parts
     * count the threads alive at {@code b}, from 0 for those born since {@code a}.
     */
    static Score.Counters between(Snapshot a, Snapshot b) {
        double wallMs = (b.nanos() - a.nanos()) / 1e6;
        Double cpu = a.cpuNs() != null && b.cpuNs() != null ? (b.cpuNs() - a.cpuNs()) / 1e6 : null;
        Map<Kind, Double> kinds = new EnumMap<>(Kind.class);
        Long voluntary = null;
        Long involuntary = null;
        Long migrations = null;
        if (!b.threads().isEmpty()) {
            long v = 0;
            long iv = 0;
            long m = 0;
            boolean known = true;
            for (Kind k : Kind.values()) {
                kinds.put(k, 0.0);
            }
            LinuxProc.Task none = new LinuxProc.Task("", 0, 0, 0, 0);
            for (Map.Entry<String, LinuxProc.Task> t : b.threads().entrySet()) {
                LinuxProc.Task before = a.threads().getOrDefault(t.getKey(), none);
                LinuxProc.Task after = t.getValue();
                kinds.merge(kind(after.name()), (after.cpuNs() - before.cpuNs()) / 1e6, Double::sum);
                v += after.voluntary() - before.voluntary();
                iv += after.involuntary() - before.involuntary();
                known &= after.migrations() >= 0 && before.migrations() >= 0;
                m += after.migrations() - before.migrations();
            }
            voluntary = v;
            involuntary = iv;
            migrations = known ? m : null;
            if (cpu != null && a.whole() && b.whole()) { // what the JVM's own threads did not spend: ended threads included
                kinds.put(Kind.WORKLOAD, Math.max(0, cpu - kinds.get(Kind.GC) - kinds.get(Kind.JIT) - kinds.get(Kind.JVM)));
            }
        }
        if (a.whole() && b.whole()) { // every thread's, ended ones included
            voluntary = b.switches().voluntary() - a.switches().voluntary();
            involuntary = b.switches().involuntary() - a.switches().involuntary();
        }
        Long allocated = a.allocated() != null && b.allocated() != null ? b.allocated() - a.allocated() : null;
        Double steal = a.stealNs() != null && b.stealNs() != null ? (b.stealNs() - a.stealNs()) / 1e6 : null;
        return new Score.Counters(wallMs, cpu, kinds.get(Kind.WORKLOAD), kinds.get(Kind.GC), kinds.get(Kind.JIT),
                voluntary, involuntary, allocated, steal, migrations);
    }
}
