package threadring.bench.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What is left, as the console says it: the plan less the time spent, until enough has finished to scale it. */
class ProgressTest {

    static final String HOST = "JMH host";

    private final long[] now = {0};
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    private Progress progress() {
        return new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8),
                List.of(new Progress.Item(600, HOST), new Progress.Item(600, HOST)), () -> now[0]);
    }

    private String lastLine() {
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        return lines.get(lines.size() - 1);
    }

    @Test
    void beforeAnythingFinishedTheEstimateIsThePlanLessTheTimeSpent() {
        Progress p = progress();
        p.round(1, "rounds", 0, 2);
        assertEquals("[0/2  0s elapsed, ~20m00s left] round 1: 0 forks of 2 id-series done so far", lastLine());
        now[0] = 108_000_000_000L; // calibration took 1m48s, and nothing of the plan finished: the estimate moves down
        p.round(2, "rounds", 0, 2);
        assertEquals("[0/2  1m48s elapsed, ~18m12s left] round 2: 0 forks of 2 id-series done so far", lastLine());
    }

    /** An id that cannot run here ends at once: its estimate leaves the plan instead of speeding up the rest. */
    @Test
    void anIdThatCannotRunHereLeavesThePlan() {
        Progress p = progress();
        now[0] = 24_000_000_000L;
        p.finished("k", "threads/thread", 600, new threadring.core.echo.EchoSize(100),
                threadring.bench.data.Measured.limited("threads/thread", "the kernel's thread limit"), null);
        assertEquals("[1/2  24s elapsed, ~9m36s left] echo threads/thread  cannot run here: the kernel's thread limit",
                lastLine());
    }

    @Test
    void withinAPhaseItsOwnShareDoneSaysWhatIsLeft() {
        Progress p = progress();
        now[0] = 60_000_000_000L;
        p.phase(HOST, 0, 20, "forks"); // the phase starts here
        now[0] = 120_000_000_000L;
        p.phase(HOST, 5, 20, "forks"); // a quarter in 60 s: 180 s more
        p.round(2, "rounds", 5, 2);
        assertEquals("[0/2  2m00s elapsed, ~3m00s left] round 2: 5 forks of 2 id-series done so far", lastLine());
    }

    /** A phase's pace overstates what is left while its first forks warm up: the budget bounds it. */
    @Test
    void aBudgetBoundsWhatIsLeft() {
        Progress p = progress();
        p.plan(900, 1_200);
        now[0] = 60_000_000_000L;
        p.phase(HOST, 0, 20, "forks");
        now[0] = 660_000_000_000L;
        p.phase(HOST, 5, 20, "forks"); // a quarter in 600 s would leave 1,800 s; the budget leaves 540
        p.round(2, "rounds", 5, 2);
        assertEquals("[0/2  11m00s elapsed, ~9m00s left] round 2: 5 forks of 2 id-series done so far", lastLine());
    }

    /** Within a phase, the phases not begun add their estimates (the echo servers after the JMH host). */
    @Test
    void thePhasesNotBegunAddTheirEstimates() {
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8),
                List.of(new Progress.Item(600, HOST), new Progress.Item(300, "echo servers")), () -> now[0]);
        p.phase(HOST, 0, 20, "forks");
        now[0] = 60_000_000_000L;
        p.phase(HOST, 5, 20, "forks"); // 180 s more of the host, and the echo servers' 300
        p.round(2, "rounds", 5, 2);
        assertEquals("[0/2  1m00s elapsed, ~8m00s left] round 2: 5 forks of 2 id-series done so far", lastLine());
    }
}
