package threadring.bench.footprint;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How a footprint JVM reads its memory: used heap after two full collections, and the resident
 * set (with its live child processes', a Go row's program) once it stops moving, or at its peak.
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

    /**
     * Starts the peak resident set (VmHWM) over from the current one, for this JVM and its live
     * children (Linux's clear_refs, 5); false where it cannot.
     */
    static boolean resetPeakRss() {
        try {
            Files.writeString(Path.of("/proc/self/clear_refs"), "5");
            for (ProcessHandle child : ProcessHandle.current().children().toList()) {
                Files.writeString(Path.of("/proc", String.valueOf(child.pid()), "clear_refs"), "5");
            }
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The peak resident set since {@link #resetPeakRss} (VmHWM) with its live children's, or -1. */
    static long peakRss() {
        long own = status("self", "VmHWM:");
        if (own < 0) {
            return -1;
        }
        return own + ProcessHandle.current().children()
                .mapToLong(p -> Math.max(0, status(String.valueOf(p.pid()), "VmHWM:"))).sum();
    }

    /** VmRSS of process {@code pid} ("self": this one) in bytes, or -1. */
    private static long rss(String pid) {
        return status(pid, "VmRSS:");
    }

    /** A size in kB from process {@code pid}'s /proc status ({@code field}: "VmRSS:", "VmHWM:") in bytes, or -1. */
    private static long status(String pid, String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", pid, "status"))) {
                if (line.startsWith(field)) {
                    return Long.parseLong(line.substring(field.length()).trim().split("\\s+")[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process ended
        }
        return -1;
    }
}
