package threadring.bench.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Budget;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.util.UsageException;

/**
 * A sweep planned to its budget: the mandatory part must fit or the sweep is refused naming the
 * budget that would; the optional parts are granted in the order of what they buy, each while the
 * plan fits; and the estimates an earlier run on the host gives predict the next run's forks.
 */
class BudgetPlanTest {

    static final Path RESULTS = Path.of("..", "docs", "results");

    private static List<BudgetPlan.Cost> costs() {
        return List.of(new BudgetPlan.Cost(Budget.Kind.MANDATORY, "ring", 20 * 60),
                new BudgetPlan.Cost(Budget.Kind.MANDATORY, "echo", 10 * 60),
                new BudgetPlan.Cost(Budget.Kind.STATE_FORKS, "ring", 2 * 60),
                new BudgetPlan.Cost(Budget.Kind.FIFTH_FORKS, "ring", 6 * 60),
                new BudgetPlan.Cost(Budget.Kind.PROFILING, "ring", 4 * 60),
                new BudgetPlan.Cost(Budget.Kind.EXTRA_REPETITIONS, "echo", 5 * 60));
    }

    @Test
    void aBudgetTheMandatoryPartCannotFitIsRefusedNamingOneThatWould() {
        UsageException e = assertThrows(UsageException.class, () -> BudgetPlan.of(30, "the settings", costs()));
        assertEquals("--budget 30: the mandatory part of this sweep needs about 31.0 minutes here (probes and report "
                + "1.0, ring 20.0, echo 10.0; estimated from the settings); give --budget 31 or more, or fewer ids", e.getMessage());
        assertEquals(31.0, BudgetPlan.of(31, "x", costs()).mandatory(), 1e-9, "probes and report, a minute");
    }

    @Test
    void optionalPartsAreGrantedInTheOrderOfWhatTheyBuyWhileThePlanFits() {
        Budget b = BudgetPlan.of(40, "x", costs());
        assertTrue(b.granted(Budget.Kind.STATE_FORKS) && b.granted(Budget.Kind.FIFTH_FORKS), "31 + 2 + 6 = 39");
        assertFalse(b.granted(Budget.Kind.PROFILING), "39 + 4 > 40");
        assertFalse(b.granted(Budget.Kind.EXTRA_REPETITIONS), "39 + 5 > 40");
        assertEquals(List.of(Budget.Kind.PROFILING, Budget.Kind.EXTRA_REPETITIONS), b.notGranted());
        assertEquals(39.0, b.planned(), 1e-9);
        Budget small = BudgetPlan.of(37, "x", costs());
        assertEquals(List.of(Budget.Kind.FIFTH_FORKS, Budget.Kind.EXTRA_REPETITIONS), small.notGranted(),
                "a later part that fits is granted where an earlier one did not: 31 + 2, + 4 = 37");
        assertTrue(BudgetPlan.describe(b).startsWith("budget 40 min: mandatory 31.0 (probes and report 1.0, ring 20.0, "
                + "echo 10.0); granted: state forks 2.0, fifth forks 6.0; not granted: profiling pass 4.0, third echo "
                + "repetitions 5.0; planned 39.0 min"), BudgetPlan.describe(b));
    }

    /** A committed AMD sweep's forks: its first forks (the settle) longer than its later ones, per workload. */
    @Test
    void anEarlierRunGivesEachIdsForkSeconds() throws IOException {
        Run run = RunFile.read(RESULTS.resolve("20261128-231830"));
        History h = new History(run);
        double first = h.firstFork("ring", "akka/typed-p1").orElseThrow();
        double later = h.laterFork("ring", "akka/typed-p1").orElseThrow();
        assertTrue(first > later && later > 2 && first < 30, first + " / " + later);
        assertTrue(h.shareWithAtLeast("ring", 5).orElseThrow() > 0.2, "some ring rows got a fifth fork");
        assertTrue(h.beforeForksPerTask().orElseThrow() > 0.5 && h.beforeForksPerTask().orElseThrow() < 10);
    }
}
