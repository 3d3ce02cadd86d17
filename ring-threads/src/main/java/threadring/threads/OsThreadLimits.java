package threadring.threads;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * How many more OS threads this process may start, by the kernel's limits (Linux; elsewhere none
 * are known): kernel.threads-max and kernel.pid_max (every thread takes one, machine-wide),
 * vm.max_map_count (a thread's stack and guard are two mappings of this process) and a cgroup's
 * pids.max. A platform-thread ring that would cross one fails at once, naming it, instead of
 * dying half-way with "unable to create native thread".
 */
final class OsThreadLimits {

    /** Threads the JVM itself may still start (GC, JIT, JMH): kept free. */
    static final int HEADROOM = 512;

    /** One limit: its name, its value, how much of it is in use, and where it is set. */
    record Limit(String name, long value, long inUse, String file) {
        long room() {
            return value - inUse;
        }
    }

    private OsThreadLimits() {}

    /** Why this process cannot start {@code threads} more OS threads (the tightest limit), or empty if it can. */
    static Optional<String> tooMany(int threads) {
        return tooMany(threads, "nodes");
    }

    /** As {@link #tooMany(int)}, for {@code threads} of something else ({@code "tasks"}). */
    static Optional<String> tooMany(int threads, String what) {
        for (Limit l : read().stream().sorted(Comparator.comparingLong(Limit::room)).toList()) {
            if (threads > l.room() - HEADROOM) {
                return Optional.of(String.format(Locale.ROOT,
                        "%,d %s need %,d OS threads, but %s is %,d with %,d in use (%s)",
                        threads, what, threads, l.name(), l.value(), l.inUse(), l.file()));
            }
        }
        return Optional.empty();
    }

    /** The limits that can be read here. */
    static List<Limit> read() {
        List<Limit> limits = new ArrayList<>();
        long threadsNow = number(Path.of("/proc/loadavg"), 3); // "0.00 0.01 0.05 1/123 4567": 123 threads
        long threadsMax = number(Path.of("/proc/sys/kernel/threads-max"), 0);
        if (threadsMax > 0 && threadsNow > 0) {
            limits.add(new Limit("kernel.threads-max", threadsMax, threadsNow, "/proc/sys/kernel/threads-max"));
        }
        long pidMax = number(Path.of("/proc/sys/kernel/pid_max"), 0);
        if (pidMax > 0 && threadsNow > 0) {
            limits.add(new Limit("kernel.pid_max", pidMax, threadsNow, "/proc/sys/kernel/pid_max"));
        }
        long maps = lines(Path.of("/proc/self/maps"));
        long maxMaps = number(Path.of("/proc/sys/vm/max_map_count"), 0);
        if (maxMaps > 0 && maps > 0) {
            // two mappings per thread: counted in threads
            limits.add(new Limit("vm.max_map_count / 2", maxMaps / 2, maps / 2, "/proc/sys/vm/max_map_count"));
        }
        long pidsMax = number(Path.of("/sys/fs/cgroup/pids.max"), 0);
        long pidsNow = number(Path.of("/sys/fs/cgroup/pids.current"), 0);
        if (pidsMax > 0 && pidsNow > 0) {
            limits.add(new Limit("the cgroup's pids.max", pidsMax, pidsNow, "/sys/fs/cgroup/pids.max"));
        }
        return limits;
    }

    /**
     * The {@code field}-th whitespace-separated field of a one-line kernel file, as a number (for
     * "1/123" the part after the slash); 0 if it cannot be read (another OS, "max").
     */
    private static long number(Path file, int field) {
        try {
            // readAllLines, not readString: procfs files report size 0 and readString may stop early
            String[] fields = Files.readAllLines(file).get(0).trim().split("\\s+");
            String f = fields[field];
            return Long.parseLong(f.contains("/") ? f.substring(f.indexOf('/') + 1) : f);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static long lines(Path file) {
        try (Stream<String> s = Files.lines(file)) {
            return s.count();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
