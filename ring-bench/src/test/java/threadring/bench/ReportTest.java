package threadring.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTest {

    @TempDir
    Path run;

    /** A JMH JSON result as JMH 1.37 writes it (single-shot, ms/op; NaN error below 3 samples). */
    static String result(String benchmark, String impl, int hops, double... samples) {
        double mean = Arrays.stream(samples).average().orElseThrow();
        String error = samples.length < 3 ? "\"NaN\"" : String.format(Locale.ROOT, "%.3f", mean * 0.05);
        String raw = Arrays.stream(samples).mapToObj(d -> String.format(Locale.ROOT, "%.3f", d))
                .collect(Collectors.joining(", "));
        return String.format(Locale.ROOT, """
                {"jmhVersion":"1.37","benchmark":"%s","mode":"ss","forks":1,
                 "params":{"hops":"%d","impl":"%s","nodes":"503"},
                 "primaryMetric":{"score":%.3f,"scoreError":%s,"scoreUnit":"ms/op","rawData":[[%s]]},
                 "secondaryMetrics":{}}""", benchmark, hops, impl, mean, error, raw);
    }

    void write(String path, String text) throws IOException {
        Path p = run.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    void env(String... labels) throws IOException {
        String configs = Arrays.stream(labels).map(l -> """
                {"label":"%s","jdk":"/jdk","cpus":%s,"jvm":{"javaVendor":"Vendor","javaVersion":"25.0.3",
                 "javaFeature":25,"vmName":"VM","availableProcessors":%d}}""".formatted(l,
                l.endsWith("all") ? "null" : "\"0\"", l.endsWith("all") ? 2 : 1)).collect(Collectors.joining(","));
        write("env.json", """
                {"runId":"20260101-000000","machine":{"date":"2026-01-01T00:00:00Z","cpuModel":"Test CPU",
                 "onlineCpus":[0,1],"os":"Linux amd64","kernel":"6.0","gitCommit":"abc123","gitDirty":false},
                 "options":{"nodes":null,"hops":null,"quick":false,"includes":[],"jmhArgs":[]},
                 "configurations":[%s]}""".formatted(configs));
    }

    @Test
    void tableHasNsPerHopAndSpeedUpFastestFirst() throws IOException {
        env("jdk25-cpusall");
        write("jmh/jdk25-cpusall/ThreadsBenchmark.json", "[" + result("t.ThreadsBenchmark.pass", "threads/park",
                1_000_000, 10_000, 10_200, 9_800) + "]");
        write("jmh/jdk25-cpusall/VirtualBenchmark.json", "[" + result("v.VirtualBenchmark.pass", "virtual/park",
                10_000_000, 2_000, 2_000, 2_000, 2_000, 2_000) + "," + result("v.VirtualBenchmark.pass", "virtual/lock",
                10_000_000, 5_000, 5_000) + "]");
        write("sweep.json", """
                {"complete":true,"outcomes":[
                 {"configuration":"jdk25-cpusall","benchmark":"t.ThreadsBenchmark.pass","ids":["threads/park"],"status":"ok","exitCode":0},
                 {"configuration":"jdk25-cpusall","benchmark":"v.VirtualBenchmark.pass","ids":["virtual/park","virtual/lock","virtual/sync"],"status":"failed","exitCode":1}]}""");
        String md = Files.readString(Report.write(run));
        List<String> lines = md.lines().collect(Collectors.toList());
        int park = index(lines, "| virtual/park |");
        int lock = index(lines, "| virtual/lock |");
        int threads = index(lines, "| threads/park |");
        assertTrue(park < lock && lock < threads, md);
        // 2,000 ms / 1e7 hops = 200 ns/hop; threads: 10,000 ms / 1e6 = 10,000 ns/hop -> 50x.
        assertTrue(lines.get(park).equals("| virtual/park | 10,000,000 | 2,000.0 | 100.0 | 5 | 200.0 | 50.0x |"), lines.get(park));
        assertTrue(lines.get(lock).contains("| 5,000.0 | n/a | 2 | 500.0 | 20.0x |"), lines.get(lock));
        assertTrue(lines.get(threads).contains("| 10,000.0 | 500.0 | 3 | 10,000.0 | 1.0x |"), lines.get(threads));
        assertTrue(md.contains("**failed** virtual/sync (JMH exit status 1)"), md);
        assertFalse(md.contains("**failed** virtual/park"), md);
        assertFalse(md.contains("Incomplete run"), md);
        assertTrue(md.contains("Test CPU") && md.contains("commit abc123") && md.contains("JDK 25.0.3 (Vendor"), md);
    }

    @Test
    void interruptedRunKeepsWhatFinishedAndSaysSo() throws IOException {
        env("jdk25-cpus0", "jdk25-cpusall");
        write("jmh/jdk25-cpus0/VirtualBenchmark.json", "[" + result("v.VirtualBenchmark.pass", "virtual/park",
                1000, 1, 1, 1) + "]");
        write("jmh/jdk25-cpus0/ThreadsBenchmark.json", ""); // JMH was killed before writing
        write("sweep.json", """
                {"complete":false,"interrupted":true,"outcomes":[
                 {"configuration":"jdk25-cpus0","benchmark":"v.VirtualBenchmark.pass","ids":["virtual/park"],"status":"ok","exitCode":0},
                 {"configuration":"jdk25-cpus0","benchmark":"v.VirtualOneCarrierBenchmark.pass","ids":["virtual/park-p1"],"status":"skipped","reason":"needs JDK 21+"}]}""");
        String md = Report.render(run);
        assertTrue(md.contains("**Incomplete run** (interrupted)"), md);
        assertTrue(md.contains("| virtual/park | 1,000 | 1.0 |"), md);
        assertTrue(md.contains("speed-up vs threads/park |") && md.contains("| n/a |"), md);
        assertTrue(md.contains("skipped [\"virtual/park-p1\"]: needs JDK 21+"), md);
        assertTrue(md.contains("## jdk25-cpus0") && md.contains("## jdk25-cpusall"), md);
        assertTrue(md.contains("pinned with taskset -c 0, availableProcessors=1"), md);
    }

    private static int index(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line starting with " + prefix + " in\n" + String.join("\n", lines));
    }
}
