package threadring.bench.util;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What Linux's /proc says a process has spent so far: its CPU time (all its threads, the ended ones
 * included), and per live thread its name, CPU time, voluntary and involuntary context switches
 * and moves between cpus. Read from outside the process as well as from inside ({@code self}).
 * Whatever this OS does not provide is null or empty; nothing is guessed.
 */
public final class LinuxProc {

    /** USER_HZ, the unit of /proc's tick counts: 100 on every Linux the JVM runs on. */
    public static final long TICK_NS = 10_000_000L;

    /** One live thread: its name (the first 15 characters), CPU ns, switches, and migrations (-1: unknown). */
    public record Task(String name, long cpuNs, long voluntary, long involuntary, long migrations) {}

    private final Path proc;
    private final Path dir;

    /** The process {@code pid} ("self": this one) under {@code proc} ({@code /proc} here; tests give a folder). */
    public LinuxProc(Path proc, String pid) {
        this.proc = proc;
        this.dir = proc.resolve(pid);
    }

    public static LinuxProc self() {
        return new LinuxProc(Path.of("/proc"), "self");
    }

    public static LinuxProc of(long pid) {
        return new LinuxProc(Path.of("/proc"), String.valueOf(pid));
    }

    /** Whether /proc has this process. */
    /** Entries of the process's fd directory (its open files and sockets), or -1 where /proc does not say. */
    public int openFiles() {
        try (Stream<Path> fds = Files.list(dir.resolve("fd"))) {
            return (int) fds.count();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * The connections the process has accepted on local TCP port {@code port} and holds open: its
     * socket descriptors whose inode /proc/net/tcp (or tcp6) lists as an established connection on
     * that port. Connections still waiting in the kernel's accept backlog are not the process's yet.
     * -1 where /proc does not say.
     */
    public int acceptedConnections(int port) {
        Set<String> inodes = new HashSet<>();
        boolean read = false;
        for (String table : new String[] {"tcp", "tcp6"}) {
            try (Stream<String> lines = Files.lines(proc.resolve("net").resolve(table))) {
                read = true;
                lines.skip(1).forEach(line -> {
                    String[] f = line.trim().split("\\s+");
                    // sl local_address rem_address st ... inode (field 9); 01: established
                    if (f.length > 9 && f[3].equals("01") && f[1].endsWith(String.format(":%04X", port))) {
                        inodes.add(f[9]);
                    }
                });
            } catch (IOException | RuntimeException e) {
                // no tcp6 here, or no /proc: what was read counts
            }
        }
        if (!read) {
            return -1;
        }
        int held = 0;
        try (Stream<Path> fds = Files.list(dir.resolve("fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[") && inodes.contains(target.substring(8, target.length() - 1))) {
                        held++;
                    }
                } catch (IOException e) {
                    // closed meanwhile
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return held;
    }

    /**
     * SYNs this machine's kernel has dropped because a listen queue was full (TcpExt ListenOverflows in
     * /proc/net/netstat, every listening socket's together; the process is not asked), or -1 where
     * /proc does not say.
     */
    public long listenOverflows() {
        try {
            List<String> lines = Files.readAllLines(proc.resolve("net").resolve("netstat"));
            for (int i = 0; i + 1 < lines.size(); i++) {
                String[] names = lines.get(i).trim().split("\\s+");
                String[] values = lines.get(i + 1).trim().split("\\s+");
                if (names[0].equals("TcpExt:") && values[0].equals("TcpExt:") && names.length == values.length) {
                    for (int k = 1; k < names.length; k++) {
                        if (names[k].equals("ListenOverflows")) {
                            return Long.parseLong(values[k]);
                        }
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /proc here
        }
        return -1;
    }

    public boolean present() {
        return Files.isDirectory(dir);
    }

    /** Its live threads by id; empty if /proc has none (another OS, a process that ended). */
    public Map<String, Task> tasks() {
        Map<String, Task> tasks = new HashMap<>();
        Path all = dir.resolve("task");
        if (!Files.isDirectory(all)) {
            return tasks;
        }
        try (Stream<Path> list = Files.list(all)) {
            for (Path t : list.toList()) {
                Task task = task(t);
                if (task != null) {
                    tasks.put(t.getFileName().toString(), task);
                }
            }
        } catch (IOException | RuntimeException e) {
            tasks.clear();
        }
        return tasks;
    }

    /** A thread's counts, or null if it ended while being read. */
    private static Task task(Path task) {
        try {
            long cpu;
            Path schedstat = task.resolve("schedstat");
            if (Files.isReadable(schedstat)) {
                cpu = Long.parseLong(Files.readString(schedstat).trim().split("\\s+")[0]);
            } else {
                cpu = ticks(Files.readString(task.resolve("stat")), 11, 12); // utime, stime
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
            return new Task(read(task.resolve("comm")).strip(), cpu, voluntary, involuntary, migrations(task));
        } catch (IOException | RuntimeException e) {
            return null;
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

    /** The process's CPU ns (utime + stime of its stat: every thread, ended ones included), or null. */
    public Long cpuNs() {
        try {
            return ticks(Files.readString(dir.resolve("stat")), 11, 12);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** CPU ns of the process's children that ended and were waited for (cutime + cstime), or null. */
    public Long childrenCpuNs() {
        try {
            return ticks(Files.readString(dir.resolve("stat")), 13, 14);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The sum of the numbers at {@code fields} (0 = the first after the name's parenthesis: state) in ns. */
    private static long ticks(String stat, int... fields) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        long sum = 0;
        for (int i : fields) {
            sum += Long.parseLong(f[i]);
        }
        return sum * TICK_NS;
    }

    /** Steal time of the whole machine (the 8th number of /proc/stat's cpu line) in ns, or null. */
    public Long stealNs() {
        try {
            for (String line : Files.readAllLines(proc.resolve("stat"))) {
                if (line.startsWith("cpu ")) {
                    String[] f = line.trim().split("\\s+");
                    return f.length > 8 ? Long.parseLong(f[8]) * TICK_NS : null;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return null;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }

    /** The voluntary plus involuntary switches of {@code tasks}. */
    public static long switches(Map<String, Task> tasks) {
        return tasks.values().stream().mapToLong(t -> t.voluntary() + t.involuntary()).sum();
    }
}
