package threadring.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Presets;
import threadring.bench.data.Settings;
import threadring.bench.plan.Catalog;
import threadring.bench.plan.Plan;
import threadring.core.RingFactories;
import threadring.core.Workload;
import threadring.core.fanout.FanOut;
import threadring.core.fanout.FanOutSize;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;
import threadring.core.workloads.Workloads;

class SweepTest {

    static final Catalog.Model VIRTUAL = Catalog.select(RingFactories.load(),
            List.of("^virtual/(park|sync|lock|sleep)$")).get(0);

    static Settings settings(String... args) {
        RunCommand command = new RunCommand();
        Cli.withWorkloads(new picocli.CommandLine(command)).parseArgs(args);
        return command.resolve(java.util.Map.of(), java.nio.file.Path.of("results")).settings();
    }

    static List<Plan<?>> plans(Workload<?, ?> w, String... args) {
        return Plan.of(List.of(VIRTUAL), settings(args)).stream().filter(p -> p.workload() == w).toList();
    }

    @Test
    void eachModelIsOneJobWhoseIdsCalibrateTheirOwnPasses() {
        List<Plan<?>> plans = plans(Ring.WORKLOAD, "--include", "virtual");
        assertEquals(1, plans.size());
        assertEquals(List.of("virtual/lock", "virtual/park", "virtual/sync"), plans.get(0).ids());
        assertNull(plans.get(0).steps());
        assertEquals("virtual-auto-n503-t1-d0-w0", plans.get(0).file());
        assertEquals(Presets.PASS_MS, settings().scored().passMs());
    }

    @Test
    void withoutIncludeEachWorkloadRunsItsDefaultSelection() {
        List<Plan<?>> ring = plans(Ring.WORKLOAD);
        assertEquals(List.of("virtual/park"), ring.get(0).ids());
        assertEquals(List.of("virtual/park"), plans(Rendezvous.WORKLOAD).get(0).ids());
        assertTrue(plans(Ring.WORKLOAD, "--all").get(0).ids().contains("virtual/sync"));
    }

    @Test
    void quickRunsFixedPassesInShortIterations() {
        Settings s = settings("--quick");
        assertEquals(List.of(Presets.QUICK_STEPS), plans(Ring.WORKLOAD, "--quick").stream().map(Plan::steps)
                .distinct().toList());
        assertEquals(Presets.QUICK_ITERATION_MS, s.scored().iterationMs());
        assertEquals(List.of(1, 1, 2), List.of(s.scored().forks(), s.scored().warmups(), s.scored().iterations()));
    }

    @Test
    void longIsTenMillionPerPassOnePassPerIteration() {
        Settings s = settings("--long");
        assertEquals(List.of(10_000_000), plans(Ring.WORKLOAD, "--long", "--all").stream().map(Plan::steps).distinct()
                .toList());
        assertEquals(List.of(5, 5, 1), List.of(s.scored().warmups(), s.scored().iterations(), s.scored().iterationMs()));
    }

    @Test
    void everyRingSizeGetsItsOwnJobs() {
        List<Plan<?>> plans = plans(Ring.WORKLOAD, "--all", "--nodes", "503", "--nodes", "1000000", "--hops", "5000");
        assertEquals(List.of(503, 1_000_000), plans.stream().map(p -> ((RingSize) p.size()).nodes()).toList());
        assertEquals(List.of("virtual/lock", "virtual/park", "virtual/sync"), plans.get(1).ids());
        assertEquals(5000, plans.get(1).steps());
    }

    /** Every combination of the ring parameters is a series. */
    @Test
    void everyCombinationOfTheParametersIsPlanned() {
        String[] args = {"--tokens", "1", "--tokens", "4", "--work", "0", "--work", "1000", "--depth", "16",
            "--workload", "ring"};
        Settings s = settings(args);
        assertEquals(List.of(new RingSize(503, 1, 16, 0), new RingSize(503, 1, 16, 1000), new RingSize(503, 4, 16, 0),
                new RingSize(503, 4, 16, 1000)), s.series(Ring.WORKLOAD));
        assertEquals(s.series(Ring.WORKLOAD), plans(Ring.WORKLOAD, args).stream().map(Plan::size).toList());
    }

    @Test
    void theRendezvousAndTheFanOutPlanOnlyIdsThatHaveOne() {
        List<Plan<?>> rendezvous = plans(Rendezvous.WORKLOAD, "--include", "virtual");
        assertEquals(1, rendezvous.size());
        assertEquals("virtual-rendezvous-auto", rendezvous.get(0).file());
        assertEquals(List.of("virtual/lock", "virtual/park", "virtual/sync"), rendezvous.get(0).ids());
        List<Plan<?>> fanOut = plans(FanOut.WORKLOAD, "--include", "virtual", "--work", "0", "--work", "1000");
        assertEquals(List.of(new FanOutSize(100_000, 100, 0), new FanOutSize(100_000, 100, 1000)),
                fanOut.stream().map(Plan::size).toList());
        assertEquals(List.of("virtual/sleep"), fanOut.get(0).ids());
        assertEquals("virtual-fanout-t100000-d100-w1000", fanOut.get(1).file());
    }
    /** A workload the default sweep leaves out, asked for by name without --include, runs every id it has. */
    @Test
    void aWorkloadTheDefaultSweepLeavesOutRunsAllItsIdsWhenAskedFor() {
        RingFactories factories = RingFactories.load();
        List<Catalog.Model> all = Catalog.select(factories, List.of());
        int asked = 0;
        for (Workload<?, ?> w : Workloads.ALL) {
            if (factories.all().stream().anyMatch(f -> f.runs(w) && f.inDefaultSweep(w))) {
                continue;
            }
            asked++;
            List<String> ids = Plan.of(all, settings("--workload", w.label())).stream().flatMap(p -> p.ids().stream())
                    .sorted().toList();
            List<String> expected = factories.all().stream().filter(f -> f.runs(w)).map(f -> f.id()).sorted().toList();
            assertEquals(expected, ids, w.label());
        }
        assertTrue(asked > 0, "a workload the default sweep leaves out");
    }
}
