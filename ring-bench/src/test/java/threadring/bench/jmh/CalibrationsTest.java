package threadring.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import threadring.bench.data.Presets;
import threadring.bench.data.Settings;
import threadring.core.fanout.FanOutSize;
import threadring.core.ring.RingSize;

/**
 * The outcomes calibration decides: tasks whose pass size is fixed, on this JVM's own release, only
 * have their limits checked, without a JVM; a workload that is not calibrated has one operation timed.
 */
class CalibrationsTest {

    private static final int FEATURE = Runtime.version().feature();

    private static HostSpec spec(List<HostSpec.Task> tasks) {
        Settings.Scored scored = new Settings.Scored(false, false, null, Presets.MAX_FORKS, null, null, null,
                Presets.PASS_MS, Presets.PRECISION, null, false, List.of(), null, null);
        return new HostSpec("/nonexistent", 1L, List.of(new HostSpec.Config("a", "java", FEATURE, 2),
                new HostSpec.Config("b", "java", FEATURE, 1)), tasks, scored, 10, List.of(), Presets.PROFILING, null,
                Presets.CALIBRATION_MS, false, false, List.of(), HostSpec.Grants.ALL);
    }

    private static Map<String, Calibrations.Outcome> all(List<HostSpec.Task> tasks, Function<String, List<String>> flags) {
        return new Calibrations(spec(tasks), flags).all(tasks);
    }

    @Test
    void aFixedPassSizeIsKeptWithoutAJvm() {
        HostSpec.Task ring = new HostSpec.Task("a", "ring-job", RingSize.classic(503), 5000, "floor/loop");
        Map<String, Calibrations.Outcome> o = all(List.of(ring), id -> List.of());
        assertEquals(Map.of("a|ring-job|floor/loop", new Calibrations.Outcome(5000, null, null)), o);
    }

    /** A size that is not calibrated runs one operation per pass, timed in a JVM of its own (its warm-up's bound). */
    @Test
    void anUncalibratedWorkloadRunsOneOperationAndTimesIt(@TempDir Path dir) {
        HostSpec.Task fanOut = new HostSpec.Task("b", "fanout-job", new FanOutSize(100, 0, 0), null, "threads/scheduled");
        HostSpec spec = spec(List.of(fanOut));
        String java = threadring.bench.util.Processes.java(System.getProperty("java.home"));
        spec = new HostSpec(dir.toString(), 1L, List.of(new HostSpec.Config("b", java, FEATURE, 1)), spec.tasks(),
                spec.scored(), 10, List.of(), Presets.PROFILING, null, Presets.CALIBRATION_MS, false, false, List.of(), HostSpec.Grants.ALL);
        Calibrations.Outcome o = new Calibrations(spec, id -> List.of()).all(spec.tasks()).get("b|fanout-job|threads/scheduled");
        assertEquals(1, o.steps(), o.toString());
        assertNull(o.failure());
        assertNotNull(o.operationNanos(), "an operation is timed");
        assertTrue(o.operationNanos() > 0);
    }

    @Test
    void tasksOfOneJobAndOneSetOfFlagsShareTheFirstTasksPassSize() {
        HostSpec.Task first = new HostSpec.Task("a", "job", RingSize.classic(503), 5000, "floor/loop");
        HostSpec.Task second = new HostSpec.Task("a", "job", RingSize.classic(503), 7000, "floor/kotlin-intrinsics");
        Map<String, Calibrations.Outcome> same = all(List.of(first, second), id -> List.of());
        assertEquals(5000, same.get("a|job|floor/loop").steps());
        assertEquals(5000, same.get("a|job|floor/kotlin-intrinsics").steps());

        // an id with flags of its own is a group (a calibration JVM) of its own
        Map<String, Calibrations.Outcome> apart = all(List.of(first, second),
                id -> id.equals("floor/loop") ? List.of() : List.of("-Dx=1"));
        assertEquals(5000, apart.get("a|job|floor/loop").steps());
        assertEquals(7000, apart.get("a|job|floor/kotlin-intrinsics").steps());
    }
}
