package threadring.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The JMH runner's count of the forks its host will run, as the progress line shows it. */
class JmhJobsTest {

    /** A row whose JVMs split keeps adding forks past its plan: the host's expected count grows with it. */
    @Test
    void theHostsExpectedForksGrowWithARowThatAddsForksForItsStates() {
        List<HostSpec.TaskStatus> tasks = List.of(
                status(5, 5, true), // finished at its plan
                status(7, 5, false), // in states: past its plan, one more to come at least
                status(2, null, false), // in its pilot of 4
                status(3, 6, false)); // planned 6
        assertEquals(5 + 8 + 4 + 6, JmhJobs.expectedForks(tasks, 4));
    }

    private static HostSpec.TaskStatus status(int forks, Integer planned, boolean done) {
        return new HostSpec.TaskStatus("k" + forks, "c", "j", "x/y", forks, planned, done, null);
    }
}
