package threadring.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Budget;
import threadring.bench.data.Job;
import threadring.bench.data.Measured;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.data.Score;
import threadring.bench.data.Settings;
import threadring.bench.docs.Headline;
import threadring.bench.docs.Pool;
import threadring.bench.rerun.estimate.RerunPairs;

/**
 * A sweep planned to its budget pools with the sweeps before it: the budget cuts only the optional
 * parts (fifth forks, the profiling pass, third echo repetitions), never a fork's settings, and the
 * alike rule compares only those; a change of a fork's settings (its measured iterations) does not pool.
 */
class PoolSurvivesBudgetTest {

    /** {@code run} as a budgeted sweep would have left it: every row's forks cut to four, no profiles, a budget. */
    static Run cut(Run run) {
        List<Job> jobs = run.jobs().stream().map(j -> j.with(j.status(), j.reason(), j.results().stream()
                .map(PoolSurvivesBudgetTest::fourForks).toList())).toList();
        Budget budget = new Budget(60, "test", List.of(new Budget.Part(Budget.Kind.MANDATORY, "ring", 40, true),
                new Budget.Part(Budget.Kind.FIFTH_FORKS, "ring", 5, false),
                new Budget.Part(Budget.Kind.PROFILING, "ring", 3, false)), List.of());
        return run.with(run.state(), run.finished(), jobs, run.cpuWork(), run.probes()).withBudget(budget);
    }

    private static Measured fourForks(Measured m) {
        return m.passes().map(p -> Measured.scored(m.id(), new Score.Passes(p.benchmark(), p.steps(), p.jvmArgs(),
                p.iterationMs(), p.pilot(), p.forks().subList(0, Math.min(4, p.forks().size()))))).orElse(m);
    }

    @Test
    void aBudgetedSweepPoolsWithTheSweepsBeforeItAndAForkSettingsChangeDoesNot() throws IOException {
        Run newest = RunFile.read(RatioAnswerTest.RESULTS.resolve("20261128-231830"));
        Run before = RunFile.read(RatioAnswerTest.RESULTS.resolve("20261128-191957"));
        Run budgeted = cut(newest);
        assertTrue(Headline.defaultSweep(budgeted), "still a default sweep");
        assertTrue(RerunPairs.alike(budgeted.settings().scored(), before.settings().scored()), "alike");
        Pool pool = new Pool(List.of(budgeted, before));
        Series<?> ring = Series.of(budgeted).get(0);
        Series.Row a = ring.row(budgeted, "akka/typed-p1").orElseThrow();
        Series.Row b = ring.row(budgeted, "threads/park").orElseThrow();
        assertEquals(2, pool.drawsOn(ring, b, a), "the ratio draws on both runs");

        Settings.Scored s = before.settings().scored();
        Settings.Scored otherIterations = new Settings.Scored(s.quick(), s.longRun(), s.forks(), s.maxForks(),
                s.warmups(), s.iterations() + 2, s.iterationMs(), s.passMs(), s.precision(), s.settleMs(), s.counters(),
                s.jvmArgs(), s.stateForks(), s.rerun());
        assertFalse(RerunPairs.alike(otherIterations, budgeted.settings().scored()), "a fork's settings changed");
    }
}
