package threadring.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTest {

    @TempDir
    Path dir;

    static String result(String benchmark, String impl, int hops, double... samples) {
        return RunFixture.result(benchmark, impl, hops, -1, samples);
    }

    /** A profiled run: threads/park, virtual/park (gc and stack), virtual/lock (no gc data), virtual/sync failed. */
    RunFixture profiledRun() throws IOException {
        RunFixture f = new RunFixture(dir).env("20260101-000000", "[\"stack\",\"gc\"]", "jdk25-cpusall");
        f.jmh("jdk25-cpusall", "ThreadsBenchmark-1000000.json", RunFixture.result("t.ThreadsBenchmark.pass",
                "threads/park", 1_000_000, 48, 10_000, 10_200, 9_800));
        f.console(RunFixture.stackOutput("t.ThreadsBenchmark.pass", "threads/park",
                " 12.0%  60.0% jdk.internal.misc.Unsafe.unpark", "  6.0%  30.0% threadring.threads.ThreadRing.run",
                "  1.0%   5.0% java.lang.Thread.run", "  1.0%   5.0% <other>"));
        f.jmh("jdk25-cpusall", "VirtualBenchmark.json", RunFixture.result("v.VirtualBenchmark.pass", "virtual/park",
                10_000_000, 3_200_000, 2_000, 2_000, 2_000, 2_000, 2_000),
                result("v.VirtualBenchmark.pass", "virtual/lock", 10_000_000, 5_000, 5_000));
        f.console(RunFixture.stackOutput("v.VirtualBenchmark.pass", "virtual/park",
                " 15.0%  75.0% java.lang.VirtualThread.unpark", "  5.0%  25.0% jdk.internal.vm.Continuation.run"));
        f.console("# Parameters: (hops = 10000000, impl = virtual/lock, nodes = 503)\nIteration   1: 5000 ms/op\n");
        f.console("# Parameters: (hops = 1000000, impl = virtual/sync, nodes = 503)\n# Fork: 1 of 1\n"
                + "<failure>\n\njava.lang.IllegalStateException: virtual/sync: last node 17, expected 361\n"
                + "\tat threadring.core.Rings.verify(Rings.java:40)\n");
        f.sweep("""
                {"complete":true,"outcomes":[
                 {"configuration":"jdk25-cpusall","benchmark":"t.ThreadsBenchmark.pass","ids":["threads/park"],"status":"ok","exitCode":0},
                 {"configuration":"jdk25-cpusall","benchmark":"v.VirtualBenchmark.pass","ids":["virtual/park","virtual/lock","virtual/sync"],"status":"failed","exitCode":1}]}""");
        return f;
    }

    @Test
    void tableHasStatisticsNsPerHopSpeedUpAndAllocationFastestFirst() throws IOException {
        profiledRun();
        String md = Files.readString(Report.write(dir));
        List<String> lines = md.lines().collect(Collectors.toList());
        int park = index(lines, "| virtual/park |");
        int lock = index(lines, "| virtual/lock |");
        int threads = index(lines, "| threads/park |");
        assertTrue(park < lock && lock < threads, md);
        // 2,000 ms / 1e7 hops = 200 ns/hop; threads: 10,000 ms / 1e6 = 10,000 ns/hop -> 50x.
        // gc: 3,200,000 B/op / 1e7 hops = 0.32 B/hop; 48 B/op / 1e6 hops rounds to 0.00.
        assertEquals("| virtual/park | 10,000,000 | 2,000.0 | 100.0 | 1,900.0–2,100.0 | 2,000.0 | 2,000.0 | 0.00 | 5 "
                + "| 200.0 | 10.0 | 50.0x |  | 0.32 |", lines.get(park));
        assertEquals("| virtual/lock | 10,000,000 | 5,000.0 | n/a | n/a | 5,000.0 | 5,000.0 | 0.00 | 2 | 500.0 | n/a "
                + "| 20.0x |  | n/a |", lines.get(lock));
        // stddev of 10,000, 10,200, 9,800 is 200; the 2014 study's Java threads are the 1x row.
        assertEquals("| threads/park | 1,000,000 | 10,000.0 | 500.0 | 9,500.0–10,500.0 | 9,800.0 | 10,200.0 | 200.0 "
                + "| 3 | 10,000.0 | 500.0 | 1.0x | 1.0x | 0.00 |", lines.get(threads));
        assertTrue(md.contains("**failed** virtual/sync (JMH exit status 1): "
                + "`java.lang.IllegalStateException: virtual/sync: last node 17, expected 361`"), md);
        assertFalse(md.contains("**failed** virtual/park"), md);
        assertFalse(md.contains("Incomplete run"), md);
        assertTrue(md.contains("B/hop: n/a for [virtual/lock], the gc profiler reported no gc.alloc.rate.norm"), md);
        assertTrue(md.contains("Test CPU") && md.contains("commit abc123") && md.contains("JDK 25.0.3 (Vendor"), md);
        assertTrue(md.contains("- profilers: stack, gc\n"), md);
        assertTrue(md.contains("| jdk25-cpusall | 25.0.3 (Vendor, VM) | unpinned | 2 | `-Xss512k` `-Dx=1` |"), md);
    }

    @Test
    void hotMethodsComeFromTheStackProfilerAndMissingOnesAreNa() throws IOException {
        profiledRun();
        String md = Report.render(dir);
        assertTrue(md.contains("### Profiles: jdk25-cpusall"), md);
        assertTrue(md.contains("| threads/park | `jdk.internal.misc.Unsafe.unpark` 12.0%<br>"
                + "`threadring.threads.ThreadRing.run` 6.0%<br>`java.lang.Thread.run` 1.0% |"), md);
        assertTrue(md.contains("| virtual/park | `java.lang.VirtualThread.unpark` 15.0%<br>"
                + "`jdk.internal.vm.Continuation.run` 5.0% |"), md);
        assertTrue(md.contains("| virtual/lock | n/a |"), md);
        assertTrue(md.contains("hot methods: n/a for [virtual/lock]"), md);
    }

    @Test
    void flameGraphsAreLinkedPerIdAndMissingAsyncIsSaid() throws IOException {
        RunFixture f = new RunFixture(dir).env("20260101-000000", "[\"async\"]", "jdk25-cpusall");
        f.jmh("jdk25-cpusall", "VirtualBenchmark.json",
                result("v.VirtualBenchmark.pass", "virtual/park", 1000, 1, 1, 1),
                result("v.VirtualBenchmark.pass", "virtual/park-p1", 1000, 2, 2, 2));
        f.write("async/jdk25-cpusall/v.VirtualBenchmark.pass-SingleShotTime-hops-1000-impl-virtual_2Fpark-nodes-503/"
                + "flame-cpu-forward.html", "<html/>");
        f.write("async/jdk25-cpusall/v.VirtualBenchmark.pass-SingleShotTime-hops-1000-impl-virtual_2Fpark-p1-nodes-503/"
                + "flame-cpu-forward.txt", "not a flame graph");
        f.sweep("{\"complete\":true,\"outcomes\":[]}");
        f.write("env.json", Files.readString(dir.resolve("env.json")).replace("[\"async\"]", "[\"async\",\"jfr\"]"));
        f.write("jfr/jdk25-cpusall/v.VirtualBenchmark.pass-SingleShotTime-hops-1000-impl-virtual%2Fpark-p1-nodes-503/"
                + "profile.jfr", "JFR");
        String md = Report.render(dir);
        assertTrue(md.contains("| virtual/park-p1 | – | n/a | [profile.jfr](jfr/jdk25-cpusall/"
                + "v.VirtualBenchmark.pass-SingleShotTime-hops-1000-impl-virtual%252Fpark-p1-nodes-503/profile.jfr) |"), md);
        assertTrue(md.contains("JFR: n/a for [virtual/park], no recording found under jfr/"), md);
        assertTrue(md.contains("| virtual/park | – | [flame-cpu-forward.html](async/jdk25-cpusall/"
                + "v.VirtualBenchmark.pass-SingleShotTime-hops-1000-impl-virtual_2Fpark-nodes-503/flame-cpu-forward.html) |"),
                md);
        assertTrue(md.contains("flame graph: n/a for [virtual/park-p1], async-profiler wrote no flame graph"), md);
        assertTrue(md.contains("B/hop: n/a, the run had no gc profiler"), md);

        f.write("env.json", Files.readString(dir.resolve("env.json")).replace("\"configurations\"",
                "\"asyncProfiler\":{\"unavailable\":\"perf events refused\"},\"configurations\""));
        md = Report.render(dir);
        assertTrue(md.contains("- profilers: async, jfr (**async-profiler unavailable**: perf events refused)"), md);
        assertTrue(md.contains("async-profiler was unavailable: perf events refused"), md);
    }

    @Test
    void interruptedRunKeepsWhatFinishedAndSaysSo() throws IOException {
        RunFixture f = new RunFixture(dir).env("20260101-000000", "[]", "jdk25-cpus0", "jdk25-cpusall");
        f.jmh("jdk25-cpus0", "VirtualBenchmark.json", result("v.VirtualBenchmark.pass", "virtual/park", 1000, 1, 1, 1));
        f.write("jmh/jdk25-cpus0/ThreadsBenchmark.json", ""); // JMH was killed before writing
        f.sweep("""
                {"complete":false,"interrupted":true,"outcomes":[
                 {"configuration":"jdk25-cpus0","benchmark":"v.VirtualBenchmark.pass","ids":["virtual/park"],"status":"ok","exitCode":0},
                 {"configuration":"jdk25-cpus0","benchmark":"v.VirtualOneCarrierBenchmark.pass","ids":["virtual/park-p1"],"status":"skipped","reason":"needs JDK 21+"}]}""");
        String md = Files.readString(Report.write(dir));
        assertTrue(md.contains("**Incomplete run** (interrupted)"), md);
        assertTrue(md.contains("| virtual/park | 1,000 | 1.00 | 0.05 | 0.95–1.05 | 1.00 | 1.00 | 0.00 | 3 | 1,000.0 |"), md);
        assertTrue(md.contains("speed-up vs threads/park |") && md.contains("| n/a |"), md);
        assertTrue(md.contains("skipped [\"virtual/park-p1\"]: needs JDK 21+"), md);
        assertTrue(md.contains("## jdk25-cpus0") && md.contains("## jdk25-cpusall"), md);
        assertTrue(md.contains("pinned with taskset -c 0, availableProcessors=1"), md);
        assertTrue(md.contains("- profilers: none"), md);
        assertFalse(md.contains("### Profiles"), md);
    }

    @Test
    void sweepsOverCpuSetsGetAnAllConfigurationsTable() throws IOException {
        RunFixture f = new RunFixture(dir).env("20260101-000000", "[]", "jdk25-cpus0", "jdk25-cpusall");
        f.jmh("jdk25-cpus0", "VirtualBenchmark.json", result("v.VirtualBenchmark.pass", "virtual/park", 1000, 1, 1, 1),
                result("v.VirtualBenchmark.pass", "virtual/lock", 1000, 3, 3, 3));
        f.jmh("jdk25-cpusall", "VirtualBenchmark.json", result("v.VirtualBenchmark.pass", "virtual/park", 1000, 2, 2, 2));
        f.sweep("{\"complete\":true,\"outcomes\":[]}");
        String md = Files.readString(Report.write(dir));
        assertTrue(md.contains("## All configurations: ns/hop\n\n| id | jdk25-cpus0 | jdk25-cpusall |\n"), md);
        assertTrue(md.contains("| virtual/park | 1,000.0 ± 50.0 | 2,000.0 ± 100.0 |"), md);
        assertTrue(md.contains("| virtual/lock | 3,000.0 ± 150.0 | – |"), md);
        assertTrue(md.contains("![ns per hop, log scale](chart.png)"), md);
        assertTrue(Files.size(dir.resolve("chart.png")) > 0);
    }

    @Test
    void publishedFiguresSitBesideThisRunsRatios() throws IOException {
        profiledRun();
        String md = Report.render(dir);
        assertTrue(md.contains("## Published figures (ratios only)"), md);
        assertTrue(md.contains("| 2014 | Quasar fibers | 72.1 | 29.0x |  |"), md);
        assertTrue(md.contains("| 2014 | Java threads | 2,070.9 | 1.0x | threads/park 1.0x |"), md);
        // vy/fiber-test gives no ratio: it is computed from its own threads row, 7741 / 833.
        assertTrue(md.contains("| fiber-test-8u60 | Quasar fibers | 833.0 | 9.3x |"), md);
        assertTrue(md.contains("Testing Fiber Implementations in JVM (2014)"), md);
    }

    @Test
    void aRunWithoutResultsStillGetsAReport() throws IOException {
        new RunFixture(dir).env("20260101-000000", "[\"stack\",\"gc\"]", "jdk25-cpusall");
        String md = Files.readString(Report.write(dir));
        assertTrue(md.contains("**Incomplete run**"), md);
        assertTrue(md.contains("Chart: not drawn (no results to draw)"), md);
    }

    static int index(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line starting with " + prefix + " in\n" + String.join("\n", lines));
    }
}
