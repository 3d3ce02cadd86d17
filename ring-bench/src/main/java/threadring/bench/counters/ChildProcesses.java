package threadring.bench.counters;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import threadring.bench.util.LinuxProc;

/**
 * The threads of this JVM's live child processes, from /proc: where a row's work runs in another
 * runtime the JVM drives over a pipe (the Go rows), its CPU and switches are the child's, and the
 * CPU and switch probes add them to the JVM's own. A JVM row starts no process: nothing is added.
 */
final class ChildProcesses {

    /** How long one look for children serves (the probes of one reading ask in turn): a walk of /proc each time costs. */
    static final long FRESH_NS = 20_000_000L;

    private static volatile Look last;

    /** The children's pids, found at {@code nanos}. */
    private record Look(long nanos, List<Long> pids) {}

    private ChildProcesses() {}

    /** This JVM's live children's pids: looked up at most once per {@link #FRESH_NS}. */
    static List<Long> pids() {
        long now = System.nanoTime();
        Look l = last;
        if (l == null || now - l.nanos() > FRESH_NS || now - l.nanos() < 0) {
            l = new Look(now, ProcessHandle.current().children().map(ProcessHandle::pid).toList());
            last = l;
        }
        return l.pids();
    }

    /** Each live child's threads, keyed {@code pid/tid} (empty if there are none, or no /proc). */
    static Map<String, LinuxProc.Task> tasks() {
        Map<String, LinuxProc.Task> tasks = new HashMap<>();
        for (long pid : pids()) {
            LinuxProc.of(pid).tasks().forEach((tid, t) -> tasks.put(pid + "/" + tid, t));
        }
        return tasks;
    }

    /** Whether this JVM has a live child process (a row whose work it does not run itself). */
    static boolean any() {
        return !pids().isEmpty();
    }

    /** The CPU ns the threads of {@code end} spent since {@code start} (a thread born since: all of its). */
    static long cpuNs(Map<String, LinuxProc.Task> start, Map<String, LinuxProc.Task> end) {
        return delta(start, end, LinuxProc.Task::cpuNs);
    }

    /** The voluntary switches of {@code end}'s threads since {@code start}. */
    static long voluntary(Map<String, LinuxProc.Task> start, Map<String, LinuxProc.Task> end) {
        return delta(start, end, LinuxProc.Task::voluntary);
    }

    /** The involuntary switches of {@code end}'s threads since {@code start}. */
    static long involuntary(Map<String, LinuxProc.Task> start, Map<String, LinuxProc.Task> end) {
        return delta(start, end, LinuxProc.Task::involuntary);
    }

    /** One count's growth over {@code end}'s threads since {@code start} (a thread born since counted from 0). */
    private static long delta(Map<String, LinuxProc.Task> start, Map<String, LinuxProc.Task> end,
            ToLongFunction<LinuxProc.Task> count) {
        long n = 0;
        for (Map.Entry<String, LinuxProc.Task> t : end.entrySet()) {
            LinuxProc.Task before = start.get(t.getKey());
            n += count.applyAsLong(t.getValue()) - (before == null ? 0 : count.applyAsLong(before));
        }
        return n;
    }
}
