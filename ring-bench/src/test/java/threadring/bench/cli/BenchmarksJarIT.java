package threadring.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import threadring.bench.data.FootprintRun;
import threadring.bench.data.Job;
import threadring.bench.data.Json;
import threadring.bench.data.Measured;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.data.Score;
import threadring.bench.report.Report;
import threadring.bench.results.JmhResults;
import threadring.bench.util.Processes;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Workload;
import threadring.core.echo.EchoServer;
import threadring.core.fanout.FanOut;
import threadring.core.rendezvous.RendezvousSize;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;

/** Runs against the shaded benchmarks.jar that `mvn package` just built. */
public class BenchmarksJarIT {

    static final Path JAR = Path.of(System.getProperty("benchmarks.jar", "target/benchmarks.jar"));

    @TempDir
    Path tmp;

    record Result(int exit, String output) {}

    static Result cli(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dthreadring.home=" + dir, "-cp", JAR.toString(), Cli.class.getName()));
        cmd.addAll(List.of(args));
        Processes.Exit exit = Processes.capture(cmd, Duration.ofMinutes(10));
        assertFalse(exit.timedOut(), "timed out: " + cmd);
        return new Result(exit.status(), String.join("\n", exit.output()) + "\n");
    }

    static List<String> factoryIds() {
        return RingFactories.load().all().stream().map(RingFactory::id).collect(Collectors.toList());
    }

    static List<String> idsThatRun(Workload w) {
        return RingFactories.load().all().stream().filter(f -> f.runs(w)).map(RingFactory::id).toList();
    }

    /**
     * The jar's JMH list holds every timed workload's benchmark and the floor probes, whose impl parameter has no default
     * (the runner sets it), and every registered id can be loaded from the jar.
     */
    @Test
    void jarListsEveryBenchmarkAndEveryImplementationLoads() throws Exception {
        try (JarFile jar = new JarFile(JAR.toFile())) {
            String list = new String(jar.getInputStream(jar.getJarEntry("META-INF/BenchmarkList")).readAllBytes(),
                    StandardCharsets.UTF_8);
            List<BenchmarkListEntry> entries = list.lines().filter(l -> !l.isBlank()).map(BenchmarkListEntry::new)
                    .collect(Collectors.toList());
            List<String> probes = List.of(threadring.core.CpuWorkBenchmark.class.getName() + ".consume",
                    threadring.core.CrossCpuBenchmark.class.getName() + ".handoff",
                    threadring.core.SpeedProbeBenchmark.class.getName() + ".hop");
            List<String> names = entries.stream().map(BenchmarkListEntry::getUsername).toList();
            assertTrue(names.containsAll(probes), names.toString());
            // one benchmark per timed workload, in the workload's own package
            assertEquals(threadring.core.workloads.Workloads.ALL.stream()
                            .filter(w -> threadring.core.Size.Timed.class.isAssignableFrom(w.sizeType()))
                            .map(w -> w.sizeType().getPackageName()).sorted().toList(),
                    names.stream().filter(n -> !probes.contains(n)).map(n -> n.substring(0, n.lastIndexOf('.', n.lastIndexOf('.') - 1)))
                            .sorted().toList());
            assertEquals("org.openjdk.jmh.Main", jar.getManifest().getMainAttributes().getValue("Main-Class"));
        }
        Result r = cli(tmp, "list");
        assertEquals(0, r.exit(), r.output());
        for (String id : factoryIds()) {
            assertTrue(r.output().lines().anyMatch(l -> l.startsWith("  " + id + " ")), id + " missing from\n" + r.output());
        }
        assertTrue(!r.output().contains("cannot load"), r.output());
    }

    /** check answers for every id, including -p1 ones that need a child JVM with scheduler flags. */
    @Test
    void checkPassesEveryImplementation() throws Exception {
        RingSize shape = new RingSize(7, 3, 2, 5);
        Result r = cli(tmp, "check", "--nodes", "7", "--tokens", "3", "--depth", "2", "--work", "5", "--hops", "1234");
        assertEquals(0, r.exit(), r.output());
        for (String id : idsThatRun(Ring.WORKLOAD)) {
            boolean known = RingFactories.load().all().stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow()
                    .knownIssue(Ring.WORKLOAD).isPresent();
            String line = id + " nodes=7 tokens=3 depth=2 work=5 hops=1234 ";
            String expected = line + "sum=" + shape.expected(1234) + " ms=";
            assertTrue(r.output().lines().anyMatch(l -> known ? l.startsWith(line + "SKIP known issue: ")
                    : l.startsWith(expected) && l.endsWith(" ok")), "no " + (known ? "SKIP" : "ok") + " line for " + id
                    + " in\n" + r.output());
        }
    }

    /** The fan-out's check: the sum of 1..T, one line per fan-out id, at sizes of its own. */
    @Test
    void checkRunsTheFanOutOfEveryIdThatHasOne() throws Exception {
        Result r = cli(tmp, "check", "--workload", "fanout", "--tasks", "1234", "--delay-ms", "7", "--work", "10");
        assertEquals(0, r.exit(), r.output());
        List<String> ids = idsThatRun(FanOut.WORKLOAD);
        assertTrue(ids.size() >= 18, ids.toString());
        for (String id : ids) {
            boolean known = RingFactories.load().all().stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow()
                    .knownIssue(FanOut.WORKLOAD).isPresent();
            String expected = java.util.regex.Pattern.quote(id + " workload=fanout tasks=1234 delay_ms=7 work=10")
                    + (known ? " SKIP known issue: .*" : " sum=761995 ms=[0-9.]+ ok");
            assertTrue(r.output().lines().anyMatch(l -> l.matches(expected)), id + " in\n" + r.output());
        }
    }

    /** The echo check: every echo server answers 1000 checked requests on 10 connections. */
    @Test
    void checkRunsEveryEchoServer() throws Exception {
        Result r = cli(tmp, "check", "--workload", "echo");
        assertEquals(0, r.exit(), r.output());
        List<String> ids = idsThatRun(EchoServer.WORKLOAD);
        assertTrue(ids.size() >= 7, ids.toString());
        for (String id : ids) {
            assertTrue(r.output().lines().anyMatch(l -> l.equals(id + " workload=echo requests=1000 connections=10 ok")),
                    id + " in\n" + r.output());
        }
    }

    @Test
    void tokensNotBelowNodesAreAUsageError() throws Exception {
        Result r = cli(tmp, "check", "--nodes", "5", "--tokens", "5");
        assertEquals(2, r.exit(), r.output());
        assertTrue(r.output().contains("--tokens must be >= 1 and < nodes (5), was 5"), r.output());
    }

    @Test
    void badInputIsOneLineExitTwoAndWritesNothing() throws Exception {
        for (String[] args : new String[][] {{"--nodes", "1"}, {"--hops", "x"}, {"--cpus", "99"}, {"--bogus"},
                {"check", "--hops", "-1"}, {"--include", "no-such-id"}, {"frobnicate"}, {"compare", "a"}}) {
            Result r = cli(tmp, args);
            assertEquals(2, r.exit(), String.join(" ", args) + ": " + r.output());
            assertEquals(1, r.output().lines().count(), r.output());
            assertTrue(r.output().startsWith("benchmark.sh: "), r.output());
        }
        assertFalse(Files.exists(tmp.resolve("results")), "a rejected run must not create results/");
    }

    /** A results directory that cannot be created stops the run before any work, in one line. */
    @Test
    void anUnwritableResultsDirectoryIsAUsageError() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        Result r = cli(tmp, "--quick", "--include", "^threads/park$", "--results", file.resolve("runs").toString());
        assertEquals(2, r.exit(), r.output());
        assertEquals(1, r.output().lines().count(), r.output());
        assertTrue(r.output().startsWith("benchmark.sh: --results " + file.resolve("runs") + ": cannot create it"),
                r.output());
    }

    /**
     * A whole sweep through the jar, small: two forks of an id, then its profiling pass, all read
     * back from run.json with the runner's own types.
     */
    @Test
    void aSmallSweepWritesTypedResultsAReportAndLatest() throws Exception {
        Result r = cli(tmp, "--quick", "--forks", "2", "--hops", "20000", "--include", "^coroutines/continuation-loop$",
                "--profile", "gc", "--profile", "jfr", "--workload", "ring", "--workload", "rendezvous", "--values",
                "30000");
        assertEquals(0, r.exit(), r.output());
        Path run = tmp.resolve("results").resolve("latest").toRealPath();
        Run data = RunFile.read(run);
        assertEquals(Run.State.COMPLETE, data.state());
        String label = data.configurations().get(0).label();
        Measured m = data.measured(label, RingSize.classic(503)).stream()
                .filter(x -> x.id().equals("coroutines/continuation-loop")).findFirst().orElseThrow();
        assertEquals(2, m.passes().orElseThrow().msPerPass().size(), "forks");
        assertTrue(m.passes().orElseThrow().msPerPass().stream().allMatch(f -> f.size() == 2), "measured passes per fork");
        assertEquals(20000, m.passes().orElseThrow().steps());
        java.util.Map<String, Double> c = m.passes().orElseThrow().forks().get(0).measured().get(0).counters();
        assertTrue(c != null && c.get("cpuMs") != null && c.get("cpuMs") > 0 && c.get("wallMs") > 0
                && c.get("voluntarySwitches") != null && c.get("migrations") != null,
                "each iteration's counters: " + c);
        assertEquals(1, m.profile().msPerPass().size(), "the profiling pass is separate and shorter");
        assertTrue(m.profile().allocBytesPerOp() != null && m.profile().allocBytesPerOp() > 0, m.profile().toString());
        assertTrue(m.profile().executionSamples() > 0 && !m.profile().hotMethods().isEmpty(), m.profile().toString());
        assertTrue(m.profile().files().stream().allMatch(f -> Files.isRegularFile(run.resolve(f))), m.profile().files().toString());
        String report = Files.readString(run.resolve("report.md"));
        assertTrue(report.contains("| coroutines/continuation-loop | 20,000 | 2 x 2 |"), report);
        assertTrue(report.contains("### Profiling pass: " + label), report);
        assertTrue(Files.size(run.resolve("chart.png")) > 1000);
        Measured e = data.measured(label, new RendezvousSize()).stream().findFirst().orElseThrow();
        assertEquals("coroutines/continuation-loop", e.id());
        assertEquals(30000, e.passes().orElseThrow().steps());
        assertTrue(report.contains("| coroutines/continuation-loop | 30,000 | 2 x 2 |"), report);
        assertTrue(report.contains("## Rendezvous beside the ring"), report);
        assertTrue(Files.readString(run.resolve(Report.HTML)).contains("<table class=\"sortable\" data-kind=\"ring\">"));
        assertJmhResultsMatchRunJson(run, data);
    }

    /**
     * {@code --beside-jvm-arg}: every id also in JVMs started with the flag, as a configuration of its
     * own in the same run (its probe JVM started with the flag too), and the report sets the rows side by
     * side; a flag the JDK refuses is one line, exit 2, before anything is written.
     */
    @Test
    void aFlagBesideThePlainJvmsIsAConfigurationOfItsOwnAndABadOneAUsageError() throws Exception {
        Result r = cli(tmp, "--quick", "--hops", "20000", "--include", "^floor/loop$", "--workload", "ring",
                "--profile", "none", "--beside-jvm-arg=-XX:+UseSerialGC");
        assertEquals(0, r.exit(), r.output());
        Path run = tmp.resolve("results").resolve("latest").toRealPath();
        Run data = RunFile.read(run);
        assertEquals(2, data.configurations().size(), data.configurations().toString());
        threadring.bench.data.Configuration flagged = data.configurations().get(1);
        assertTrue(flagged.label().endsWith("-UseSerialGC"), flagged.label());
        assertEquals(List.of("-XX:+UseSerialGC"), flagged.flags());
        assertTrue(flagged.jvm().inputArguments().contains("-XX:+UseSerialGC"), flagged.jvm().inputArguments().toString());
        assertTrue(data.configurations().get(0).flags().isEmpty());
        for (threadring.bench.data.Configuration c : data.configurations()) {
            assertTrue(data.measured(c.label(), RingSize.classic(503)).stream().anyMatch(Measured::measured), c.label());
        }
        assertTrue(Files.readString(run.resolve("report.md")).contains("## Beside JVM flags"));

        Path other = Files.createDirectories(tmp.resolve("other"));
        Result bad = cli(other, "--quick", "--include", "^floor/loop$", "--workload", "ring",
                "--beside-jvm-arg=-XX:+NoSuchFlagAnywhere");
        assertEquals(2, bad.exit(), bad.output());
        assertEquals(1, bad.output().lines().count(), bad.output());
        assertTrue(bad.output().contains("NoSuchFlagAnywhere"), bad.output());
        assertFalse(Files.exists(other.resolve("results")), "a refused flag must not create results/");
    }

    /**
     * A row's fork count is planned from its pilot, and the forks run in rounds: a pilot of one
     * fork has no spread at all, so the plan is the cap (when a pilot's spread plans fewer is
     * StatsTest's); each fork records its round and its whole series, warm-up included, with the
     * counters of each iteration; JMH's own result file holds all three with the total count.
     */
    @Test
    void forksArePlannedFromThePilotAndRunInRounds() throws Exception {
        Result r = cli(tmp, "--quick", "--forks", "1", "--max-forks", "3", "--precision", "1", "--include",
                "^floor/loop$", "--workload", "ring", "--profile", "none", "--hops", "2000000");
        assertEquals(0, r.exit(), r.output());
        Path run = tmp.resolve("results").resolve("latest").toRealPath();
        Run data = RunFile.read(run);
        Measured m = data.measured(data.configurations().get(0).label()).get(0);
        assertEquals(3, m.passes().orElseThrow().msPerPass().size(), "forks: 1, then two more");
        assertEquals(List.of(1, 2, 3), m.passes().orElseThrow().forks().stream().map(Score.Fork::round).toList(),
                "one fork per round");
        assertTrue(m.passes().orElseThrow().forks().stream().allMatch(f -> f.warmup() != null
                && f.measured().stream().allMatch(i -> i.passes() > 0)), "each fork's whole series logged");
        assertTrue(Files.readString(run.resolve("console.log")).contains(
                "floor/loop: 3 forks planned from its pilot of 1"), "said why");
        assertTrue(Files.readString(run.resolve(Report.FILE)).contains("| floor/loop | 2,000,000 | 3 x 2 |"),
                "the report counts the forks");
        com.google.gson.JsonObject jmh = com.google.gson.JsonParser.parseString(Files.readString(
                run.resolve(JmhResults.FILE))).getAsJsonArray().get(0).getAsJsonObject();
        assertEquals(3, jmh.get("forks").getAsInt());
        assertJmhResultsMatchRunJson(run, data);
    }

    /**
     * Two shards of a small plan (4 ids), run here, merge into a run with the unsharded run's ids
     * and pass counts, and its jmh-result.json still matches its run.json.
     */
    @Test
    void twoShardsMergeIntoTheUnshardedPlansIdsAndPasses() throws Exception {
        String[] plan = {"--quick", "--workload", "ring", "--include", "^threads/park$", "--include", "^virtual/park$",
            "--include", "^akka/typed-p1$", "--include", "^coroutines/continuation-loop$"};
        Result whole = cli(tmp, concat(plan, "--results", tmp.resolve("whole").toString()));
        assertEquals(0, whole.exit(), whole.output());
        Run unsharded = RunFile.read(tmp.resolve("whole").resolve("latest").toRealPath());
        for (String k : List.of("1/2", "2/2")) {
            Result r = cli(tmp, concat(plan, "--shard", k, "--results", tmp.resolve("shards").toString()));
            assertEquals(0, r.exit(), r.output());
            assertTrue(r.output().contains("threadring: shard " + k + " of plan "), r.output());
        }
        List<String> shardDirs;
        try (java.util.stream.Stream<Path> dirs = Files.list(tmp.resolve("shards"))) {
            shardDirs = dirs.filter(d -> !d.getFileName().toString().equals("latest")).filter(RunFile::isRun)
                    .map(Path::toString).sorted().toList();
        }
        assertEquals(2, shardDirs.size());
        Result missing = cli(tmp, "merge", "--results", tmp.resolve("merged").toString(), shardDirs.get(0));
        assertEquals(2, missing.exit(), missing.output());
        assertTrue(missing.output().startsWith("benchmark.sh: merge: missing shard "), missing.output());
        Result merge = cli(tmp, concat(new String[] {"merge", "--results", tmp.resolve("merged").toString()},
                shardDirs.toArray(String[]::new)));
        assertEquals(0, merge.exit(), merge.output());
        Path mergedDir;
        try (java.util.stream.Stream<Path> dirs = Files.list(tmp.resolve("merged"))) {
            mergedDir = dirs.filter(d -> !d.getFileName().toString().equals("latest")).filter(RunFile::isRun)
                    .findFirst().orElseThrow();
        }
        Run merged = RunFile.read(mergedDir);
        assertEquals(Run.State.COMPLETE, merged.state());
        String label = unsharded.configurations().get(0).label();
        assertEquals(passes(unsharded, label), passes(merged, label));
        assertEquals(4, passes(merged, label).size());
        assertJmhResultsMatchRunJson(mergedDir, merged);
    }

    /** Each measured id with its forks' measured pass counts. */
    private static java.util.Map<String, List<Integer>> passes(Run run, String label) {
        return run.measured(label).stream().collect(Collectors.toMap(Measured::id,
                m -> m.passes().orElseThrow().msPerPass().stream().map(List::size).toList(), (x, y) -> x, java.util.TreeMap::new));
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    /**
     * jmh-result.json is JMH's own format: one entry per id and series, params with impl, the
     * configuration and the series' parameters, and rawData (ms per pass, per fork) equal to
     * run.json's scored iterations.
     */
    public static void assertJmhResultsMatchRunJson(Path run, Run data) throws IOException {
        com.google.gson.JsonArray jmh = com.google.gson.JsonParser.parseString(
                threadring.bench.data.RunFile.text(Files.exists(run.resolve(JmhResults.FILE)) ? run.resolve(JmhResults.FILE)
                        : run.resolve(JmhResults.FILE + ".gz"))).getAsJsonArray();
        int scored = 0;
        for (Job job : data.jobs()) {
            for (Measured m : job.results()) {
                if (m.passes().isEmpty()) {
                    continue;
                }
                scored++;
                java.util.Map<String, String> params = ((threadring.core.Size.Timed) job.size()).params(m.passes().orElseThrow().steps());
                List<com.google.gson.JsonObject> entries = jmh.asList().stream().map(e -> e.getAsJsonObject())
                        .filter(e -> e.get("benchmark").getAsString().equals(m.passes().orElseThrow().benchmark())
                                && param(e, "impl").equals(m.id())
                                && param(e, "configuration").equals(job.configuration())
                                && params.entrySet().stream().allMatch(p -> param(e, p.getKey()).equals(p.getValue())))
                        .toList();
                assertEquals(1, entries.size(), m.id() + " (" + job.size().describe() + ") in " + JmhResults.FILE);
                com.google.gson.JsonObject entry = entries.get(0);
                com.google.gson.JsonArray raw = entry.getAsJsonObject("primaryMetric").getAsJsonArray("rawData");
                List<List<Double>> forks = raw.asList().stream().map(f -> f.getAsJsonArray().asList().stream()
                        .map(com.google.gson.JsonElement::getAsDouble).toList()).toList();
                assertEquals(m.passes().orElseThrow().msPerPass(), forks, m.id() + ": rawData against run.json");
                assertEquals("ms/op", entry.getAsJsonObject("primaryMetric").get("scoreUnit").getAsString());
            }
        }
        assertEquals(scored, jmh.size(), "one entry per scored id and series");
    }

    private static String param(com.google.gson.JsonObject entry, String name) {
        com.google.gson.JsonElement p = entry.getAsJsonObject("params").get(name);
        return p == null ? "" : p.getAsString();
    }

    /** The rendezvous's check: the receiver's sum of 1..M, one line per id. */
    @Test
    void checkRunsTheRendezvous() throws Exception {
        Result r = cli(tmp, "check", "--workload", "rendezvous", "--values", "1234567", "--include",
                "^(virtual/park|threads/queue)$");
        assertEquals(0, r.exit(), r.output());
        for (String id : List.of("virtual/park", "threads/queue")) {
            assertTrue(r.output().lines().anyMatch(l -> l.matches(java.util.regex.Pattern.quote(id)
                    + " workload=rendezvous values=1234567 sum=762078456028 ms=[0-9.]+ ok")), r.output());
        }
    }

    /**
     * Past the kernel's thread limits a platform ring cannot run here: one line naming the limit, at
     * once, and no failure (a limit of the machine is a result).
     */
    @Test
    void aPlatformRingPastTheKernelsLimitCannotRunHereInOneLineNamingIt() throws Exception {
        Result r = cli(tmp, "check", "--nodes", "1000000", "--hops", "10", "--include", "^threads/park$");
        assertEquals(0, r.exit(), r.output());
        String line = r.output().lines().filter(l -> l.startsWith("threads/park ")).findFirst().orElseThrow();
        assertTrue(line.matches("threads/park nodes=1000000 hops=10 SKIP cannot run here: .*1,000,000 nodes need "
                + "1,000,000 OS threads, but .* is [0-9,]+ with [0-9,]+ in use \\(/.*\\)"), line);
    }

    /** footprint --jdk: the measuring JVMs run on the JDK given, which footprint.json records. */
    @Test
    void footprintMeasuresOnTheJdkGivenAndRecordsIt() throws Exception {
        Result r = cli(tmp, "footprint", "--jdk", "17", "--nodes", "1000", "--include", "^coroutines/continuation-loop$",
                "--results", tmp.resolve("fp17").toString());
        assertEquals(0, r.exit(), r.output());
        Path run;
        try (var dirs = Files.list(tmp.resolve("fp17"))) {
            run = dirs.filter(d -> d.getFileName().toString().startsWith("footprint-")).findFirst().orElseThrow();
        }
        FootprintRun written = threadring.bench.data.Json.read(run.resolve(FootprintRun.FILE), FootprintRun.class);
        assertEquals(17, written.jvm().javaFeature(), "the JDK the measurements ran on");
        assertTrue(written.measurements().stream().allMatch(m -> m.error() == null), written.measurements().toString());
        Result bad = cli(tmp, "footprint", "--jdk", "/no/such/jdk", "--nodes", "1000");
        assertEquals(2, bad.exit(), bad.output());
        assertTrue(bad.output().contains("--jdk"), bad.output());
    }

    /** footprint: one line per id and size, and a run folder with its report. */
    @Test
    void footprintPrintsOneLinePerMeasurementAndWritesARunFolder() throws Exception {
        Result r = cli(tmp, "footprint", "--nodes", "1000", "--include", "^coroutines/continuation-loop$",
                "--results", tmp.resolve("fp").toString());
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().lines().anyMatch(l -> l.matches("coroutines/continuation-loop nodes=1000 "
                + "open_ns_per_node=\\d+ heap_bytes_per_node=-?\\d+ native_bytes_per_node=-?\\d+ ok")), r.output());
        Path run;
        try (var dirs = Files.list(tmp.resolve("fp"))) {
            run = dirs.filter(d -> d.getFileName().toString().startsWith("footprint-")).findFirst().orElseThrow();
        }
        assertTrue(Files.readString(run.resolve("report.md")).contains("| coroutines/continuation-loop |"));
        assertTrue(Files.size(run.resolve(FootprintRun.FILE)) > 0);
    }

    /**
     * footprint --peak: an operation's peak per task, its size in the workload's own units (a fan-out's
     * tasks); a workload whose step is no whole operation, and --size without --peak, are refused.
     */
    @Test
    void footprintMeasuresAnOperationsPeakAndRefusesWhatIsNoOperation() throws Exception {
        Result r = cli(tmp, "footprint", "--peak", "fanout", "--size", "1000", "--include", "^virtual/sleep$",
                "--results", tmp.resolve("peaks").toString());
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().lines().anyMatch(l -> l.matches("virtual/sleep tasks=1000 operation_ms=\\d+ "
                + "peak_heap_bytes_per_task=-?\\d+ peak_native_bytes_per_task=-?\\d+ readings=\\d+ ok")), r.output());
        Path run;
        try (var dirs = Files.list(tmp.resolve("peaks"))) {
            run = dirs.filter(d -> d.getFileName().toString().startsWith("footprint-")).findFirst().orElseThrow();
        }
        assertTrue(Files.readString(run.resolve("report.md")).contains("| virtual/sleep |"));
        assertEquals("fanout", Json.read(run.resolve(FootprintRun.FILE), FootprintRun.class).peakOf());
        Result ring = cli(tmp, "footprint", "--peak", "ring", "--size", "503");
        assertEquals(2, ring.exit(), ring.output());
        assertTrue(ring.output().contains("not one whole operation"), ring.output());
        Result alone = cli(tmp, "footprint", "--size", "1000");
        assertEquals(2, alone.exit(), alone.output());
        assertTrue(alone.output().contains("--size goes with --peak"), alone.output());
    }
}
