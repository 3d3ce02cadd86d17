package threadring.bench.workloads.skynet;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.answer.Answer;
import threadring.bench.data.Measured;
import threadring.bench.data.Run;
import threadring.bench.data.Runs;
import threadring.bench.data.Score;
import threadring.bench.report.Chart;
import threadring.bench.report.Report;
import threadring.core.skynet.SkynetSize;

/** The Skynet summary reads each model's fastest form against the floor: slower than plain recursion is above 1x. */
class SkynetSectionTest {

    static final String LABEL = "jdk25-cpusall";
    static final SkynetSize TREE = new SkynetSize(10, 2);

    /** Four forks of three trees around {@code nsPerTask}. */
    static Measured tree(String id, double nsPerTask) {
        double ms = nsPerTask * TREE.stepsPerOperation() / 1e6;
        List<List<Double>> forks = List.of(List.of(ms * 0.98, ms * 1.02, ms), List.of(ms * 1.01, ms * 0.99, ms),
                List.of(ms, ms * 1.02, ms * 0.98), List.of(ms * 1.01, ms, ms * 0.99));
        return Measured.scored(id, new Score.Passes(TREE.benchmark(), TREE.stepsPerOperation(), List.of(), null, null,
                Runs.forks(forks)));
    }

    @Test
    void xFloorIsTheFormsTimeOverPlainRecursion() {
        Run run = Runs.withJobs(Runs.run("20260101-000000", List.of(LABEL)), List.of(Runs.job(LABEL, TREE,
                tree(SkynetSection.FLOOR, 3.3), tree("threads/forkjoin", 19.8))));
        String md = Report.render(run, new Chart.Outcome(null, null, "none"), Answer::write);
        String row = md.substring(md.indexOf("## Skynet: what a task costs")).lines()
                .filter(l -> l.contains("| threads | threads/forkjoin |")).findFirst().orElseThrow();
        List<String> cells = Arrays.asList(row.split(" \\| "));
        String xFloor = cells.get(cells.indexOf("threads/forkjoin") + 2);
        assertTrue(xFloor.startsWith("6.0"), "19.8 ns against the floor's 3.3: 6x, was " + row);
    }
}
