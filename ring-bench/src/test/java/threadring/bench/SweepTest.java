package threadring.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import threadring.bench.Catalog.Benchmark;
import threadring.bench.Sweep.Job;

class SweepTest {

    static final Benchmark VIRTUAL = new Benchmark("v.VirtualBenchmark.pass",
            List.of("virtual/park", "virtual/sync", "virtual/lock"));
    static final Map<String, Integer> DEFAULT_HOPS = Map.of("virtual/park", 10_000_000, "virtual/sync", 1_000_000,
            "virtual/lock", 10_000_000);

    @Test
    void slowIdsRunAsTheirOwnJobAtTheirDefaultHops() {
        List<Job> jobs = Sweep.plan(List.of(VIRTUAL), null, DEFAULT_HOPS::get);
        assertEquals(List.of(
                new Job(new Benchmark(VIRTUAL.name(), List.of("virtual/park", "virtual/lock")), 10_000_000),
                new Job(new Benchmark(VIRTUAL.name(), List.of("virtual/sync")), 1_000_000)), jobs);
        assertEquals("VirtualBenchmark-1000000.json", jobs.get(1).file());
    }

    /** JMH leaves a benchmark that threw out of its JSON: the sweep must notice the missing id. */
    @Test
    void measuredIdsComeFromTheJson(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("r.json");
        assertEquals(List.of(), Sweep.measuredIds(json));
        Files.writeString(json, "");
        assertEquals(List.of(), Sweep.measuredIds(json));
        Files.writeString(json, "[" + RunFixture.result("v.VirtualBenchmark.pass", "virtual/park", 1000, -1, 1, 2, 3) + "]");
        assertEquals(List.of("virtual/park"), Sweep.measuredIds(json));
    }

    @Test
    void userHopsKeepEachBenchmarkWhole() {
        assertEquals(List.of(new Job(VIRTUAL, null)), Sweep.plan(List.of(VIRTUAL), 5000, DEFAULT_HOPS::get));
        assertEquals("VirtualBenchmark.json", new Job(VIRTUAL, null).file());
    }

    @Test
    void aJmhProcessBrokenByAsyncProfilerIsRecognised() {
        assertEquals("[ERROR] Failed to open perf_events", Sweep.asyncFailure(new Sweep.JmhExit(1,
                List.of("# Fork: 1 of 1", "[ERROR] Failed to open perf_events", "<failure>"))));
        assertEquals("java.lang.IllegalStateException: Unable to load async-profiler.", Sweep.asyncFailure(
                new Sweep.JmhExit(1, List.of("java.lang.IllegalStateException: Unable to load async-profiler."))));
        assertEquals(null, Sweep.asyncFailure(new Sweep.JmhExit(1, List.of("java.lang.AssertionError: ring broke"))));
    }
}
