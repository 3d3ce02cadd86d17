package threadring.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import threadring.bench.Catalog.Benchmark;
import threadring.bench.Sweep.Plan;

class SweepTest {

    static final Benchmark VIRTUAL = new Benchmark("v.VirtualBenchmark.pass",
            List.of("virtual/park", "virtual/sync", "virtual/lock"));
    static final Map<String, Integer> DEFAULT_HOPS = Map.of("virtual/park", 1_000_000, "virtual/sync", 10_000,
            "virtual/lock", 1_000_000);

    @Test
    void slowIdsRunAsAJobOfTheirOwnAtTheirDefaultHops() {
        List<Plan> plans = Sweep.plan(List.of(VIRTUAL), List.of(), null, false, DEFAULT_HOPS::get);
        assertEquals(List.of(
                new Plan(new Benchmark(VIRTUAL.name(), List.of("virtual/park", "virtual/lock")), 1_000_000, 503),
                new Plan(new Benchmark(VIRTUAL.name(), List.of("virtual/sync")), 10_000, 503)), plans);
        assertEquals("VirtualBenchmark-10000-n503", plans.get(1).file());
    }

    @Test
    void quickDividesEachIdsHops() {
        assertEquals(List.of(new Plan(new Benchmark(VIRTUAL.name(), List.of("virtual/park", "virtual/lock")), 100_000, 503),
                new Plan(new Benchmark(VIRTUAL.name(), List.of("virtual/sync")), 1_000, 503)),
                Sweep.plan(List.of(VIRTUAL), List.of(), null, true, DEFAULT_HOPS::get));
    }

    @Test
    void everyRingSizeGetsItsOwnJobs() {
        List<Plan> plans = Sweep.plan(List.of(VIRTUAL), List.of(503, 1_000_000), 5000, false, DEFAULT_HOPS::get);
        assertEquals(List.of(new Plan(VIRTUAL, 5000, 503), new Plan(VIRTUAL, 5000, 1_000_000)), plans);
    }

    @Test
    void userHopsKeepEachBenchmarkWhole() {
        assertEquals(List.of(new Plan(VIRTUAL, 5000, 503)), Sweep.plan(List.of(VIRTUAL), List.of(), 5000, false, DEFAULT_HOPS::get));
        assertEquals(List.of(new Plan(VIRTUAL, 5000, 503)), Sweep.plan(List.of(VIRTUAL), List.of(), 5000, true, DEFAULT_HOPS::get));
    }
}
