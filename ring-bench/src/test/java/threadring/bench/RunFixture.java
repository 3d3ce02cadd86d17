package threadring.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Builds small run directories in the shape the sweep writes them, with JMH 1.37-style JSON. */
final class RunFixture {

    final Path run;
    private final StringBuilder console = new StringBuilder();

    RunFixture(Path run) {
        this.run = run;
    }

    /**
     * One JMH JSON result (single-shot, ms/op) as JMH 1.37 writes it: NaN error and confidence
     * below 3 samples, error = 5% of the mean otherwise; with {@code allocBytesPerOp} >= 0 the gc
     * and stack profilers' secondary metrics too (JMH 1.37 names them without a prefix and leaves
     * the stack profiler's text out of the JSON: it is only printed, so it is read from console.log).
     */
    static String result(String benchmark, String impl, int hops, double allocBytesPerOp, double... samples) {
        double mean = Arrays.stream(samples).average().orElseThrow();
        boolean enough = samples.length >= 3;
        String error = enough ? num(mean * 0.05) : "\"NaN\"";
        String confidence = enough ? "[" + num(mean * 0.95) + ", " + num(mean * 1.05) + "]" : "[\"NaN\", \"NaN\"]";
        String raw = Arrays.stream(samples).mapToObj(RunFixture::num).collect(Collectors.joining(", "));
        String secondary = allocBytesPerOp < 0 ? "{}" : """
                {
                    "gc.alloc.rate" : {"score" : 12.5, "scoreError" : "NaN", "scoreConfidence" : ["NaN", "NaN"],
                        "scorePercentiles" : {"0.0" : 12.5, "100.0" : 12.5}, "scoreUnit" : "MB/sec", "rawData" : [[12.5]]},
                    "gc.alloc.rate.norm" : {"score" : %s, "scoreError" : "NaN", "scoreConfidence" : ["NaN", "NaN"],
                        "scorePercentiles" : {"0.0" : %s, "100.0" : %s}, "scoreUnit" : "B/op", "rawData" : [[%s]]},
                    "gc.count" : {"score" : 1.0, "scoreError" : "NaN", "scoreConfidence" : ["NaN", "NaN"],
                        "scorePercentiles" : {"0.0" : 1.0, "100.0" : 1.0}, "scoreUnit" : "counts", "rawData" : [[1.0]]},
                    "gc.time" : {"score" : 3.0, "scoreError" : "NaN", "scoreConfidence" : ["NaN", "NaN"],
                        "scorePercentiles" : {"0.0" : 3.0, "100.0" : 3.0}, "scoreUnit" : "ms", "rawData" : [[3.0]]},
                    "stack" : {"score" : "NaN", "scoreError" : "NaN", "scoreConfidence" : ["NaN", "NaN"],
                        "scorePercentiles" : {"0.0" : "NaN", "100.0" : "NaN"}, "scoreUnit" : "---", "rawData" : [["NaN", "NaN"]]}
                }""".formatted(num(allocBytesPerOp), num(allocBytesPerOp), num(allocBytesPerOp), num(allocBytesPerOp));
        return """
                {
                    "jmhVersion" : "1.37", "benchmark" : "%s", "mode" : "ss", "threads" : 1, "forks" : 1,
                    "jvm" : "/jdk/bin/java", "jvmArgs" : ["-Xss512k", "%s"], "jdkVersion" : "25.0.3",
                    "warmupIterations" : 1, "measurementIterations" : %d,
                    "params" : {"hops" : "%d", "impl" : "%s", "nodes" : "503"},
                    "primaryMetric" : {
                        "score" : %s, "scoreError" : %s, "scoreConfidence" : %s,
                        "scorePercentiles" : {"0.0" : %s, "100.0" : %s},
                        "scoreUnit" : "ms/op", "rawData" : [[%s]]
                    },
                    "secondaryMetrics" : %s
                }""".formatted(benchmark, impl.startsWith("quasar") ? "--add-opens=java.base/java.lang=ALL-UNNAMED" : "-Dx=1",
                samples.length, hops, impl, num(mean), error, confidence,
                num(Arrays.stream(samples).min().orElseThrow()), num(Arrays.stream(samples).max().orElseThrow()), raw,
                secondary);
    }

    static String num(double d) {
        return String.format(Locale.ROOT, "%.3f", d);
    }

    RunFixture write(String path, String text) throws IOException {
        Path p = run.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return this;
    }

    /** env.json with one configuration per label ("...-cpusall" unpinned, others on cpu 0). */
    RunFixture env(String runId, String profiles, String... labels) throws IOException {
        String configs = Arrays.stream(labels).map(l -> """
                {"label":"%s","jdk":"/jdk","cpus":%s,"jvm":{"javaVendor":"Vendor","javaVersion":"25.0.3",
                 "javaFeature":25,"vmName":"VM","availableProcessors":%d}}""".formatted(l,
                l.endsWith("all") ? "null" : "\"0\"", l.endsWith("all") ? 2 : 1)).collect(Collectors.joining(","));
        return write("env.json", """
                {"runId":"%s","machine":{"date":"2026-01-01T00:00:00Z","cpuModel":"Test CPU",
                 "onlineCpus":[0,1],"os":"Linux amd64","kernel":"6.0","gitCommit":"abc123","gitDirty":false},
                 "options":{"nodes":null,"hops":null,"quick":false,"includes":[],"jmhArgs":[],"profiles":%s},
                 "configurations":[%s]}""".formatted(runId, profiles, configs));
    }

    /** A JMH JSON file with these results, and its process in console.log. */
    RunFixture jmh(String label, String file, String... results) throws IOException {
        console.append("threadring: [").append(label).append("] java -jar benchmarks.jar x -rf json -rff /r/jmh/")
                .append(label).append('/').append(file).append('\n');
        return write("jmh/" + label + "/" + file, "[" + String.join(",", results) + "]");
    }

    /** Lines JMH printed, in the current process of console.log. */
    RunFixture console(String text) throws IOException {
        console.append(text).append('\n');
        return write("console.log", console.toString());
    }

    RunFixture sweep(String json) throws IOException {
        return write("sweep.json", json);
    }

    /** What JMH 1.37 prints for one params set with the stack profiler on. */
    static String stackOutput(String benchmark, String impl, String... runnable) {
        StringBuilder s = new StringBuilder();
        s.append("# Benchmark: ").append(benchmark).append('\n');
        s.append("# Parameters: (hops = 1000, impl = ").append(impl).append(", nodes = 503)\n\n");
        s.append("Iteration   1: 10.0 ms/op\n\n");
        s.append("Result \"").append(benchmark).append("\":\n  N = 2\n  mean = 10.0 ms/op\n\n");
        s.append("Secondary result \"").append(benchmark).append(":·stack\":\nStack profiler:\n\n");
        s.append("....[Thread state distributions]....................................................................\n");
        s.append(" 80.0%         WAITING\n 20.0%         RUNNABLE\n\n");
        s.append("....[Thread state: WAITING].........................................................................\n");
        s.append(" 80.0% 100.0% jdk.internal.misc.Unsafe.park\n\n");
        s.append("....[Thread state: RUNNABLE]........................................................................\n");
        for (String r : runnable) {
            s.append(r).append('\n');
        }
        s.append("\n\n");
        return s.toString();
    }
}
