package threadring.bench.jmh;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What the JVM has spent so far, read from Linux's /proc and the JVM's own beans: its CPU time
 * (all threads, user and system, the dead ones included), each live thread's CPU time by kind
 * (the JVM's garbage collector, its JIT compilers, its other service threads, and the rest: the
 * workload's nodes, carriers, workers and JMH's own thread), the live threads' voluntary and
 * involuntary context switches, the bytes the JVM allocated, and the machine's steal time. A
 * {@link Snapshot} at an iteration's start and end gives what the iteration cost. Whatever this OS
 * or JVM does not provide is null; nothing is guessed.
 *
 * <p>Blind spots, said where the numbers are shown: switches and the split by kind count the
 * threads alive at the iteration's end, so a thread that starts and ends inside one iteration is
 * missed there (a platform thread per fan-out task); virtual threads are not OS threads, their
 * switches are their carriers'.
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
     * Totals at one moment: wall clock (ns), process CPU (ns, null if unknown), allocated bytes
     * and steal (ns), null if unknown; and each live thread by its id: CPU ns, voluntary and
     * involuntary switches, its {@link Kind} and its cpu migrations (-1 where the kernel keeps no
     * sched file); empty if /proc has no tasks.
     */
    record Snapshot(long nanos, Long cpuNs, Long allocated, Long stealNs, Map<String, long[]> threads) {}

    private final Path proc;
    private final long tickNs;

    /** Reads under {@code proc} ({@code /proc} here; tests give a folder of their own). */
    ProcCounters(Path proc) {
        this.proc = proc;
        this.tickNs = 10_000_000L; // USER_HZ is 100 on every Linux the JVM runs on
    }

    ProcCounters() {
        this(Path.of("/proc"));
    }

    Snapshot read() {
        long now = System.nanoTime();
        Map<String, long[]> threads = new HashMap<>();
        Path tasks = proc.resolve("self").resolve("task");
        if (Files.isDirectory(tasks)) {
            try (Stream<Path> list = Files.list(tasks)) {
                for (Path t : list.toList()) {
                    long[] counts = thread(t);
                    if (counts != null) {
                        counts[3] = kind(comm(t)).ordinal();
                        threads.put(t.getFileName().toString(), counts);
                    }
                }
            } catch (IOException | RuntimeException e) {
                threads.clear();
            }
        }
        return new Snapshot(now, processCpu(), allocated(), steal(), threads);
    }

    /** A thread's CPU ns (schedstat, else stat's ticks), voluntary and involuntary switches, room for its kind; null if unreadable. */
    private long[] thread(Path task) {
        try {
            long cpu;
            Path schedstat = task.resolve("schedstat");
            if (Files.isReadable(schedstat)) {
                cpu = Long.parseLong(Files.readString(schedstat).trim().split("\\s+")[0]);
            } else {
                String stat = Files.readString(task.resolve("stat"));
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
                cpu = (Long.parseLong(f[11]) + Long.parseLong(f[12])) * tickNs; // utime, stime (fields 14, 15)
            }
            long voluntary = 0;
            long involuntary = 0;
            for (String line : Files.readAllLines(task.resolve("status"))) {
                if (line.startsWith("voluntary_ctxt_switches:")) {
                    voluntary = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                    involuntary = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                }
            }
            return new long[] {cpu, voluntary, involuntary, 0, migrations(task)};
        } catch (IOException | RuntimeException e) {
            return null; // the thread ended while we read it
        }
    }

    /** The kernel's count of the thread's moves between cpus ({@code se.nr_migrations}), -1 if unknown. */
    private static long migrations(Path task) {
        Path sched = task.resolve("sched");
        if (!Files.isReadable(sched)) {
            return -1;
        }
        try (Stream<String> lines = Files.lines(sched)) {
            return lines.filter(l -> l.startsWith("se.nr_migrations")).findFirst()
                    .map(l -> Long.parseLong(l.substring(l.indexOf(':') + 1).trim())).orElse(-1L);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static String comm(Path task) {
        try {
            return Files.readString(task.resolve("comm")).strip();
        } catch (IOException e) {
            return "";
        }
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

    /** Steal time of the whole machine: the 8th number of /proc/stat's cpu line, in ticks. */
    private Long steal() {
        try {
            for (String line : Files.readAllLines(proc.resolve("stat"))) {
                if (line.startsWith("cpu ")) {
                    String[] f = line.trim().split("\\s+");
                    return f.length > 8 ? Long.parseLong(f[8]) * tickNs : null;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return null;
    }

    private Long processCpu() {
        if (!Files.isDirectory(proc.resolve("self"))) {
            return null; // another OS (or a test's empty /proc): the bean's answer would not be /proc's
        }
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                && os.getProcessCpuTime() >= 0 ? os.getProcessCpuTime() : null;
    }

    /**
     * Bytes the JVM allocated since it started, its dead threads' included; called by name, as
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
     * bytes, steal and migrations; a part the snapshots do not both have is null. Per-thread parts count the
     * threads alive at {@code b}, from 0 for those born since {@code a}.
     */
    static threadring.bench.data.Score.Counters between(Snapshot a, Snapshot b) {
        double wallMs = (b.nanos() - a.nanos()) / 1e6;
        Double cpu = a.cpuNs() != null && b.cpuNs() != null ? (b.cpuNs() - a.cpuNs()) / 1e6 : null;
        Map<Kind, Double> kinds = new HashMap<>();
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
            for (Map.Entry<String, long[]> t : b.threads().entrySet()) {
                long[] before = a.threads().getOrDefault(t.getKey(), new long[5]);
                long[] after = t.getValue();
                kinds.merge(Kind.values()[(int) after[3]], (after[0] - before[0]) / 1e6, Double::sum);
                v += after[1] - before[1];
                iv += after[2] - before[2];
                known &= after[4] >= 0 && before[4] >= 0;
                m += after[4] - before[4];
            }
            voluntary = v;
            involuntary = iv;
            migrations = known ? m : null;
        }
        Long allocated = a.allocated() != null && b.allocated() != null ? b.allocated() - a.allocated() : null;
        Double steal = a.stealNs() != null && b.stealNs() != null ? (b.stealNs() - a.stealNs()) / 1e6 : null;
        return new threadring.bench.data.Score.Counters(wallMs, cpu, kinds.get(Kind.WORKLOAD), kinds.get(Kind.GC),
                kinds.get(Kind.JIT), voluntary, involuntary, allocated, steal, migrations);
    }
}
