package threadring.bench.footprint;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How a footprint JVM reads its memory: used heap after two full collections, and the resident
 * set (with its live child processes', a Go row's program) once it stops moving.
 */
final class Memory {

    private Memory() {}

    /** Two full collections: what is left is what the ring keeps. */
    static void settle() {
        System.gc();
        System.gc();
    }

    static long heapUsed() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /**
     * The resident set once it stops moving (two readings 100 ms apart within 1 MiB, at most 3 s):
     * threads that just ended may still be giving their stacks back.
     */
    static long steadyRss() {
        long last = rss();
        for (int i = 0; i < 30 && last >= 0; i++) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            long now = rss();
            if (Math.abs(now - last) < (1 << 20)) {
                return now;
            }
            last = now;
        }
        return last;
    }

    /**
     * The resident set size in bytes (Linux /proc/self/status VmRSS) with its live child processes'
     * (a Go row's program holds its goroutines), or -1 elsewhere.
     */
    static long rss() {
        long own = rss("self");
        if (own < 0) {
            return -1;
        }
        return own + ProcessHandle.current().children().mapToLong(p -> Math.max(0, rss(String.valueOf(p.pid())))).sum();
    }

    /** VmRSS of process {@code pid} ("self": this one) in bytes, or -1. */
    private static long rss(String pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", pid, "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.substring(6).trim().split("\\s+")[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process ended
        }
        return -1;
    }
}
