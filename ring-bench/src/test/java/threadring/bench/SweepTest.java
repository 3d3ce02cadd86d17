package threadring.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.Sweep.Plan;
import threadring.core.RingFactories;

class SweepTest {

    /** virtual/park and virtual/lock at the sweep's 10^6 hops, virtual/sync (50-150 us a hop) at 10^4. */
    static final Catalog.Model VIRTUAL = Catalog.select(RingFactories.load(),
            List.of("^virtual/(park|sync|lock)$")).get(0);

    static List<String> ids(Plan p) {
        return p.ids();
    }

    @Test
    void slowIdsRunAsAJobOfTheirOwnAtTheirDefaultHops() {
        List<Plan> plans = Sweep.plan(List.of(VIRTUAL), List.of(), null, false);
        assertEquals(2, plans.size());
        assertEquals(List.of("virtual/lock", "virtual/park"), ids(plans.get(0)));
        assertEquals(1_000_000, plans.get(0).hops());
        assertEquals(List.of("virtual/sync"), ids(plans.get(1)));
        assertEquals(10_000, plans.get(1).hops());
        assertEquals("virtual-10000-n503", plans.get(1).file());
    }

    @Test
    void quickDividesEachIdsHops() {
        List<Plan> plans = Sweep.plan(List.of(VIRTUAL), List.of(), null, true);
        assertEquals(List.of(100_000, 1_000), plans.stream().map(Plan::hops).toList());
    }

    @Test
    void everyRingSizeGetsItsOwnJobs() {
        List<Plan> plans = Sweep.plan(List.of(VIRTUAL), List.of(503, 1_000_000), 5000, false);
        assertEquals(List.of(503, 1_000_000), plans.stream().map(Plan::nodes).toList());
        assertEquals(List.of("virtual/lock", "virtual/park", "virtual/sync"), ids(plans.get(1)));
    }

    @Test
    void userHopsKeepEachModelWhole() {
        assertEquals(1, Sweep.plan(List.of(VIRTUAL), List.of(), 5000, false).size());
        assertEquals(5000, Sweep.plan(List.of(VIRTUAL), List.of(), 5000, true).get(0).hops());
    }
}
