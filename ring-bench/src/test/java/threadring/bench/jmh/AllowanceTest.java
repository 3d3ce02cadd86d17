package threadring.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Budget;

/** The JMH host's optional forks against its deadline: rows in states first, then the widest pilots, while they fit. */
class AllowanceTest {

    private static final long NOW = 1_000_000L;

    private static Allowance allowance(long secondsLeft, boolean fifth) {
        return new Allowance(new HostSpec.Grants(NOW + secondsLeft * 1000, fifth, true, true, true, List.of(), List.of()),
                () -> NOW);
    }

    private static List<Allowance.Candidate> wanted() {
        return List.of(new Allowance.Candidate("narrow", Budget.Kind.FIFTH_FORKS, 0.02, 10),
                new Allowance.Candidate("wide", Budget.Kind.FIFTH_FORKS, 0.10, 10),
                new Allowance.Candidate("states", Budget.Kind.STATE_FORKS, 0.01, 10));
    }

    @Test
    void statesFirstThenTheWidestPilotWhileTheyFitBeyondWhatIsOwed() {
        Allowance a = allowance(100, true);
        assertEquals(Set.of("states", "wide"), a.grant(wanted(), 75), "25 s spare: two forks of 10 s");
        assertEquals(List.of(new Budget.Ran(Budget.Kind.STATE_FORKS, 1, 0), new Budget.Ran(Budget.Kind.FIFTH_FORKS, 1, 1)),
                a.outcome());
    }

    @Test
    void aKindTheBudgetDidNotGrantNeverRunsAndNoDeadlineGrantsAll() {
        assertEquals(Set.of("states"), allowance(1000, false).grant(wanted(), 0));
        Allowance none = new Allowance(HostSpec.Grants.ALL, () -> NOW);
        assertEquals(3, none.grant(wanted(), 1e9).size());
        assertTrue(none.fits(Budget.Kind.PROFILING, 1e9, 1e9));
        assertFalse(allowance(10, true).fits(Budget.Kind.PROFILING, 6, 5), "6 s with 5 owed of 10 left");
    }
}
