package threadring.bench;

import threadring.core.Shape;

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
        List<Plan> plans = Sweep.plan(List.of(VIRTUAL), List.of(CLASSIC), null, false);
        assertEquals(2, plans.size());
        assertEquals(List.of("virtual/lock", "virtual/park"), ids(plans.get(0)));
        assertEquals(1_000_000, plans.get(0).steps());
        assertEquals(List.of("virtual/sync"), ids(plans.get(1)));
        assertEquals(10_000, plans.get(1).steps());
        assertEquals("virtual-10000-n503-t1-d0-w0", plans.get(1).file());
    }

    @Test
    void quickDividesEachIdsHops() {
        List<Plan> plans = Sweep.plan(List.of(VIRTUAL), List.of(CLASSIC), null, true);
        assertEquals(List.of(100_000, 1_000), plans.stream().map(Plan::steps).toList());
    }

    @Test
    void everyRingSizeGetsItsOwnJobs() {
        List<Plan> plans = Sweep.plan(List.of(VIRTUAL), List.of(CLASSIC, Shape.classic(1_000_000)), 5000, false);
        assertEquals(List.of(503, 1_000_000), plans.stream().map(p -> p.shape().nodes()).toList());
        assertEquals(List.of("virtual/lock", "virtual/park", "virtual/sync"), ids(plans.get(1)));
    }

    @Test
    void userHopsKeepEachModelWhole() {
        assertEquals(1, Sweep.plan(List.of(VIRTUAL), List.of(CLASSIC), 5000, false).size());
        assertEquals(5000, Sweep.plan(List.of(VIRTUAL), List.of(CLASSIC), 5000, true).get(0).steps());
    }

    private static final Shape CLASSIC = Shape.classic(503);

    /** Every combination of the ring parameters is a series; work shortens each id's own passes. */
    @Test
    void everyCombinationOfTheParametersIsPlannedAndWorkShortensPasses() {
        RunCommand command = new RunCommand();
        new picocli.CommandLine(command).parseArgs("--tokens", "1", "--tokens", "4", "--work", "0", "--work", "1000",
                "--depth", "16");
        RunFile.Settings s = command.resolve(java.util.Map.of(), java.nio.file.Path.of("results")).settings();
        assertEquals(List.of(new Shape(503, 1, 16, 0), new Shape(503, 1, 16, 1000), new Shape(503, 4, 16, 0),
                new Shape(503, 4, 16, 1000)), s.shapes());
        List<Plan> plans = Sweep.plan(List.of(VIRTUAL), s.shapes(), null, false);
        assertEquals(List.of(1_000_000, 10_000), plans.stream().filter(p -> p.shape().equals(new Shape(503, 1, 16, 0)))
                .map(Plan::steps).toList());
        assertEquals(List.of(47_619, 476), plans.stream().filter(p -> p.shape().work() == 1000 && p.shape().tokens() == 1)
                .map(Plan::steps).toList());
    }

    @Test
    void theRendezvousPlansOnlyIdsThatHaveOneAtTheirOwnValues() {
        RunCommand command = new RunCommand();
        new picocli.CommandLine(command).parseArgs("--workload", "ring", "--workload", "rendezvous");
        RunFile.Settings s = command.resolve(java.util.Map.of(), java.nio.file.Path.of("results")).settings();
        List<Plan> plans = Sweep.plan(List.of(VIRTUAL), s);
        List<Plan> rendezvous = plans.stream().filter(p -> p.shape() == null).toList();
        assertEquals(List.of(1_000_000, 10_000), rendezvous.stream().map(Plan::steps).toList());
        assertEquals(List.of("virtual/sync"), ids(rendezvous.get(1)));
        assertEquals("virtual-rendezvous-10000", rendezvous.get(1).file());
        assertEquals(2, plans.size() - rendezvous.size());
    }
}
