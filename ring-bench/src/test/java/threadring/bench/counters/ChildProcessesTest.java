package threadring.bench.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import threadring.bench.util.LinuxProc;

/** The child processes' part of the CPU and switch counters: a Go row's program is counted, nothing else changes. */
class ChildProcessesTest {

    private static LinuxProc.Task task(long cpuNs, long voluntary, long involuntary) {
        return new LinuxProc.Task("t", cpuNs, voluntary, involuntary, -1);
    }

    @Test
    void eachThreadCountsItsOwnMoveAndAThreadBornSinceAllOfIt() {
        Map<String, LinuxProc.Task> start = Map.of("7/7", task(1_000, 5, 1), "7/8", task(2_000, 1, 0));
        Map<String, LinuxProc.Task> end = Map.of("7/7", task(4_000, 9, 2), "7/8", task(2_500, 1, 3),
                "7/9", task(700, 2, 0));
        assertEquals(3_000 + 500 + 700, ChildProcesses.cpuNs(start, end));
        assertEquals(4 + 0 + 2, ChildProcesses.voluntary(start, end));
        assertEquals(1 + 3 + 0, ChildProcesses.involuntary(start, end));
        // a thread that ended between the readings is gone from the end: it adds nothing, subtracts nothing
        assertEquals(3_000, ChildProcesses.cpuNs(start, Map.of("7/7", task(4_000, 9, 2))));
        assertEquals(0, ChildProcesses.cpuNs(Map.of(), Map.of()));
    }

    /** Waits out a look another reading made, so that the next look walks /proc afresh. */
    private static void afterALook() throws InterruptedException {
        TimeUnit.NANOSECONDS.sleep(ChildProcesses.FRESH_NS + 5_000_000L);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aLiveChildIsReadAndAnEndedOneIsNot() throws Exception {
        Process child = new ProcessBuilder("sleep", "30").start();
        try {
            afterALook();
            Map<String, LinuxProc.Task> tasks = ChildProcesses.tasks();
            assertTrue(tasks.keySet().stream().anyMatch(k -> k.startsWith(child.pid() + "/")), tasks.keySet().toString());
            assertTrue(ChildProcesses.any());
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        afterALook();
        assertFalse(ChildProcesses.tasks().keySet().stream().anyMatch(k -> k.startsWith(child.pid() + "/")));
    }
}
