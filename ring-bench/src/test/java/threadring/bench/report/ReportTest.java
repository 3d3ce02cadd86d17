package threadring.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import threadring.bench.answer.Answer;
import threadring.bench.data.Job;
import threadring.bench.data.Job.Status;
import threadring.bench.data.Run;
import threadring.bench.data.Run.State;
import threadring.bench.data.RunFile;
import threadring.bench.data.Runs;
import threadring.bench.util.UsageException;
import threadring.bench.workloads.ring.Parameter;
import threadring.bench.workloads.ring.ParameterChart;
import threadring.core.Size;
import threadring.core.ring.RingSize;

class ReportTest {

    static final List<String> ALL = List.of("jdk25-cpusall");

    @TempDir
    Path results;

    static Run sample() {
        return Runs.run("20260101-000000", ALL,
                Runs.withProfile(Runs.forks("quasar/fiber-p2", 90, 100, 95), 0.105, 12.0, "co.paralleluniverse.X.run"),
                Runs.forks("quasar/fiber", 75, 78, 177, 195),
                Runs.forks("akka/typed", 300, 310, 320),
                Runs.forks("akka/typed-p1", 305, 315, 325),
                Runs.forks("threads/park", 20_000, 21_000, 22_000),
                Runs.failed("virtual/sync", "IllegalStateException: virtual/sync needs JDK 24+, this is JDK 21"));
    }

    static String line(String md, String id) {
        return md.lines().filter(l -> l.startsWith("| " + id + " |")).findFirst().orElseThrow(() -> new AssertionError(
                "no row for " + id + " in\n" + md));
    }

    @Test
    void rowsCarryTheMedianItsIntervalTheForkMediansAndStability() {
        String md = Report.render(sample(), new Chart.Outcome("chart.png", null, null), Answer::write);
        String fiber = line(md, "quasar/fiber-p2");
        assertTrue(fiber.startsWith("| quasar/fiber-p2 | 1,000 | 3 x 4 | n/a | n/a | n/a | 94.9 | "), fiber);
        assertTrue(fiber.contains("| 90.0, 100.0, 95.0 | 82.8 | 108.0 | ok, ±25.9% (forks: ±14.0% with 3) |"), fiber);
        assertTrue(line(md, "threads/park").contains("| 1 (baseline) |"), md);
    }

    /** Forks of 75, 78, 177 and 195 ns/hop: two states, each with its level and interval, never their average. */
    @Test
    void aRowInStatesShowsEachStateAndItsFlag() {
        String md = Report.render(sample(), new Chart.Outcome("chart.png", null, null), Answer::write);
        String fiber = line(md, "quasar/fiber");
        assertTrue(fiber.startsWith("| quasar/fiber | 1,000 | 4 x 4 | n/a | n/a | n/a | 76.5 / 185.8 | "), fiber);
        assertTrue(fiber.contains("| **states**: two states 2.43x apart (2 of 4 JVMs, 2 of 4 JVMs) |"), fiber);
        assertTrue(fiber.matches(".*\\| 274\\.\\dx \\[[^]]*\\] / 113\\.0x \\[.*"), "a speed-up per state: " + fiber);
    }

    @Test
    void speedUpsHaveIntervalsAndOrderingsAreClaimedOnlyWhereTheySeparate() {
        String md = Report.render(sample(), new Chart.Outcome("chart.png", null, null), Answer::write);
        // 21,000 / 95 = 221x; Welch on the log fork medians of both rows
        assertTrue(line(md, "quasar/fiber-p2").matches(".*\\| 221\\.1x \\[\\d+\\.\\d+–\\d+\\.\\dx\\] \\|.*"),
                line(md, "quasar/fiber-p2"));
        // quasar/fiber (its most common state first: 76.5) then quasar/fiber-p2 (95): no ordering of a row in states
        assertTrue(line(md, "quasar/fiber").contains("| n/a (states) |"), line(md, "quasar/fiber"));
        // akka/typed (310) then akka/typed-p1 (315): intervals overlap; then threads/park, far apart
        assertTrue(line(md, "akka/typed").contains("| 1.02x, overlaps |"), line(md, "akka/typed"));
        assertTrue(line(md, "akka/typed-p1").contains("x, separated |"), line(md, "akka/typed-p1"));
    }

    /** 2014's "Quasar fibers" ran Quasar's default multi-thread scheduler: -p2 here, not the one-thread row. */
    @Test
    void the2014FiguresSitBesideTheSameSetupAndLabelTheOneThreadVariant() {
        String md = Report.render(sample(), new Chart.Outcome("chart.png", null, null), Answer::write);
        assertTrue(line(md, "quasar/fiber-p2").endsWith("| 29.0x | across cpus |"), line(md, "quasar/fiber-p2"));
        assertTrue(line(md, "quasar/fiber").endsWith("| (29.0x) | one thread |"), line(md, "quasar/fiber"));
        String published = line(md, "2014 | Quasar fibers");
        assertTrue(published.contains("| quasar/fiber-p2 221.1x ["), published);
        assertTrue(published.contains("| quasar/fiber 274.") && published.contains(" / 113.0x ["),
                published);
    }

    @Test
    void failuresAndTheProfilingPassAreLabelled() {
        String md = Report.render(sample(), new Chart.Outcome("chart.png", null, null), Answer::write);
        assertTrue(md.contains("- **failed** virtual/sync: `IllegalStateException: virtual/sync needs JDK 24+, "
                + "this is JDK 21`"), md);
        assertTrue(md.contains("### Profiling pass: jdk25-cpusall"), md);
        assertTrue(md.contains("No score above comes from these passes"), md);
        // profiled passes of 0.105 ms over a scored median of 95 ns x 1000 hops = 0.095 ms
        assertTrue(line(md.substring(md.indexOf("### Profiling pass")), "quasar/fiber-p2")
                .startsWith("| quasar/fiber-p2 | 1.11 | 0.01 | 0.0 (10%) | `co.paralleluniverse.X.run` 42.5%<br>(400 samples) | [profile.jfr]"), md);
        assertTrue(md.contains("**95% interval for a re-run**"), "the method is named");
    }

    @Test
    void anInterruptedRunSaysSoAndListsWhatDidNotFinish() {
        Run r = sample();
        List<Job> jobs = new ArrayList<>(r.jobs());
        Size classic = RingSize.classic(503);
        jobs.add(new Job("jdk25-cpusall", Runs.BENCHMARK, List.of("akka/typed"), classic, 1000, Status.INTERRUPTED,
                "interrupted", null, List.of()));
        jobs.add(new Job("jdk25-cpusall", Runs.BENCHMARK, List.of("virtual/park-p1"), classic, 1000, Status.SKIPPED,
                "VirtualOneCarrierBenchmark needs JDK 21+, this is JDK 17", null, List.of()));
        Run interrupted = Runs.withJobs(r, jobs).with(State.INTERRUPTED, r.finished(), jobs, r.cpuWork(), r.probes());
        String md = Report.render(interrupted, new Chart.Outcome(null, null, "no results to draw"), Answer::write);
        assertTrue(md.contains("**Incomplete run (interrupted)**"), md);
        assertTrue(md.contains("- not measured (interrupted) akka/typed: `interrupted`"), md);
        assertTrue(md.contains("- skipped [virtual/park-p1]: VirtualOneCarrierBenchmark needs JDK 21+"), md);
        assertTrue(md.contains("Chart: not drawn (no results to draw)."), md);
    }

    @Test
    void writeRendersFromRunJsonAndDrawsTheChart() throws IOException {
        Path dir = Runs.write(results, sample());
        Path report = Report.write(dir, Answer::write);
        assertEquals(dir.resolve("report.md"), report);
        String md = Files.readString(report);
        assertTrue(md.contains("![ns per hop: level and 95% interval over forks, log scale](chart.png)"), md);
        assertTrue(Files.size(dir.resolve("chart.png")) > 1000);
        assertFalse(md.contains("Incomplete"), md);
    }

    /** Several ring sizes: a table of ns/hop against nodes per id, the growth with its interval, and a chart. */
    @Test
    void severalRingSizesGetAScaleTableAndALogLogChart() throws IOException {
        Run small = Runs.run("20260101-000000", ALL, Runs.forks("virtual/park-p1", 300, 310, 320),
                Runs.forks("akka/typed-p1", 100, 105, 110));
        List<Job> jobs = new ArrayList<>(small.jobs());
        jobs.add(Runs.job("jdk25-cpusall", Runs.forksAt("virtual/park-p1", 1_000_000, 900, 930, 960),
                Runs.forksAt("akka/typed-p1", 1_000_000, 1500, 1600, 1700)));
        Run run = Runs.withJobs(small, jobs);
        String md = Report.render(run, new Chart.Outcome("chart.png", null, null), Answer::write);
        assertTrue(md.contains("## nodes: ns/hop [95% interval] against nodes in the ring"), md);
        assertTrue(md.contains("| id | nodes=503 | nodes=1,000,000 | last / first |"), md);
        assertTrue(line(md, "akka/typed-p1").startsWith("| akka/typed-p1 | 104.9 ["), line(md, "akka/typed-p1"));
        assertTrue(line(md, "akka/typed-p1").contains("| 15.2x ["), line(md, "akka/typed-p1"));
        assertTrue(md.contains("## jdk25-cpusall, nodes=1,000,000"), md);
        assertTrue(md.contains("## jdk25-cpusall, nodes=503"), md);
        Chart.Drawing scale = ParameterChart.build(run, Parameter.NODES).orElseThrow();
        assertEquals(2, scale.plot().getDataset().getSeriesCount(), "one line per id");
        assertTrue(ParameterChart.build(small, Parameter.NODES).isEmpty(), "one size: no scale chart");
        Path dir = Runs.write(results, run);
        Report.write(dir, Answer::write);
        assertTrue(Files.size(dir.resolve("chart-scale.png")) > 1000);
    }

    /**
     * A work x tokens grid: a table per parameter, one per value of the other (with its label), a
     * chart per parameter, and each model's fastest row over its floor row.
     */
    @Test
    void aWorkByTokensGridGetsATablePerParameterAndTheFloorsTable() throws IOException {
        List<Job> jobs = new ArrayList<>();
        for (int tokens : new int[] {1, 4}) {
            for (int work : new int[] {0, 1000}) {
                RingSize shape = new RingSize(503, tokens, 0, work);
                double extra = work == 0 ? 0 : 2000;
                jobs.add(Runs.job("jdk25-cpusall",
                        Runs.forksOn("virtual/park", shape, 300 / tokens + extra, 310 / tokens + extra,
                                320 / tokens + extra),
                        Runs.forksOn("virtual/park-p1", shape, 200 + extra, 205 + extra, 210 + extra),
                        Runs.forksOn("floor/loom-continuation", shape, 100 + extra, 101 + extra, 102 + extra),
                        Runs.forksOn("floor/loop", shape, 1 + extra, 1.1 + extra, 1.2 + extra)));
            }
        }
        Run base = sample();
        Run run = Runs.withJobs(base, jobs);
        String md = Report.render(run, new Chart.Outcome("chart.png", null, null), Answer::write);
        assertTrue(md.contains("## tokens: ns/hop [95% interval] against tokens in flight"), md);
        assertTrue(md.contains("### jdk25-cpusall, nodes=503 depth=0 work=1000"), md);
        assertTrue(md.contains("## work: ns/hop [95% interval] against consumeCPU units per hop"), md);
        assertTrue(md.contains("### jdk25-cpusall, nodes=503 tokens=4 depth=0"), md);
        assertTrue(md.contains("## jdk25-cpusall, tokens=4 work=1,000"), md);
        assertTrue(md.contains("## Over the floor: what each model adds to a hop"), md);
        String floorRow = md.lines().filter(l -> l.startsWith("| jdk25-cpusall, tokens=1 work=0 | virtual |"))
                .findFirst().orElseThrow(() -> new AssertionError(md));
        assertTrue(floorRow.contains("| virtual/park-p1 | 205.0 [") && floorRow.contains("| floor/loom-continuation | 101.0 [")
                && floorRow.contains("| 104.0 | 2.03x ["), floorRow);
        assertFalse(md.contains("| floor | floor/"), "floors are not measured against themselves");
        assertEquals(4, ParameterChart.build(run, Parameter.TOKENS).orElseThrow().plot().getDataset()
                .getSeriesCount() / 2, "one line per id and value of work");
        assertTrue(ParameterChart.build(run, Parameter.DEPTH).isEmpty(), "depth does not vary");
        Path dir = Runs.write(results, run);
        Report.write(dir, Answer::write);
        assertTrue(Files.size(dir.resolve("chart-tokens.png")) > 1000);
        assertTrue(Files.size(dir.resolve("chart-work.png")) > 1000);
    }

    /**
     * One run on JDK 17, 21 and 25: per id a row per JDK and its ratio to the newest, Loom rows
     * apart from the controls; a row stopped by a limit says so, and is no failure.
     */
    @Test
    void aRunOnSeveralJdksComparesThemRowByRow() {
        List<String> labels = List.of("jdk17-cpusall", "jdk21-cpusall", "jdk25-cpusall");
        Run base = Runs.run("j", labels);
        List<threadring.bench.data.Configuration> configs = new ArrayList<>();
        for (String label : labels) {
            int feature = Integer.parseInt(label.substring(3, 5));
            threadring.bench.data.Configuration c = Runs.config(label);
            configs.add(threadring.bench.data.Configuration.local(label, "/jdk" + feature, null,
                    new threadring.bench.data.Env.Jvm("Vendor", feature + ".0.1", feature, "VM", feature + ".0.1+1",
                            "/jdk" + feature, List.of(), 2, 1 << 29)));
        }
        List<Job> jobs = List.of(
                Runs.job("jdk17-cpusall", Runs.forks("akka/typed-p1", 120, 125, 122)),
                Runs.job("jdk21-cpusall", Runs.forks("akka/typed-p1", 100, 102, 101), Runs.forks("virtual/park", 300, 310,
                        305), threadring.bench.data.Measured.limited("virtual/sync", "on JDK 21 a virtual thread ... pins")),
                Runs.job("jdk25-cpusall", Runs.forks("akka/typed-p1", 60, 61, 62), Runs.forks("virtual/park", 150, 152, 151),
                        Runs.forks("virtual/sync", 900, 910, 905)));
        Run run = new Run(base.schema(), "j", base.state(), base.started(), base.finished(), base.machine(),
                base.settings(), null, configs, jobs, List.of(), null, null, null, List.of());
        String md = Report.render(run, new Chart.Outcome(null, null, "none"), Answer::write);
        String across = md.substring(md.indexOf("## Across JDKs"));
        assertTrue(across.contains("| akka/typed-p1 | control | JDK 17 | 122.3 ["), across);
        assertTrue(across.contains("| akka/typed-p1 | control | JDK 25 | 61.0 ["), across);
        assertTrue(line(across, "akka/typed-p1 | control | JDK 17").contains("| 2.01x ["), across);
        assertTrue(across.contains("| virtual/park | Loom | JDK 21 | 305.0 ["), across);
        assertTrue(across.contains("| virtual/sync | Loom | JDK 21 | cannot run here: on JDK 21 a virtual thread ... pins |"),
                across);
        assertTrue(md.contains("- cannot run here: virtual/sync: on JDK 21 a virtual thread ... pins"), md);
        assertFalse(md.contains("**failed** virtual/sync"), md);
    }

    /**
     * One run with --beside-jvm-arg: each id's row with the flag beside its plain one on the same JDK,
     * the time's ratio to the plain row; a plain run has no such section.
     */
    @Test
    void aRunBesideAFlagSetsEachRowBesideItsPlainOne() {
        List<String> flags = List.of("-XX:+UseCompactObjectHeaders");
        String flagged = threadring.bench.data.Configuration.label(25, null, flags);
        assertEquals("jdk25-cpusall-UseCompactObjectHeaders", flagged);
        Run base = Runs.run("b", List.of("jdk25-cpusall", flagged));
        threadring.bench.data.Env.Jvm jvm = new threadring.bench.data.Env.Jvm("Vendor", "25.0.1", 25, "VM", "25.0.1+1",
                "/jdk25", List.of(), 2, 1 << 29);
        List<threadring.bench.data.Configuration> configs = List.of(
                threadring.bench.data.Configuration.local("jdk25-cpusall", "/jdk25", null, jvm),
                threadring.bench.data.Configuration.local(flagged, "/jdk25", null, jvm, flags));
        List<Job> jobs = List.of(
                Runs.job("jdk25-cpusall", Runs.forks("virtual/park", 150, 152, 151), Runs.forks("akka/typed-p1", 60, 61, 62)),
                Runs.job(flagged, Runs.forks("virtual/park", 120, 121, 122), Runs.forks("akka/typed-p1", 60, 62, 61)));
        Run run = new Run(base.schema(), "b", base.state(), base.started(), base.finished(), base.machine(),
                base.settings(), null, configs, jobs, List.of(), null, null, null, List.of());
        String md = Report.render(run, new Chart.Outcome(null, null, "none"), Answer::write);
        assertTrue(md.contains("## Beside JVM flags"), md);
        String beside = md.substring(md.indexOf("## Beside JVM flags"));
        assertTrue(beside.contains("| virtual/park | none | 151.0 ["), beside);
        assertTrue(line(beside, "virtual/park | `-XX:+UseCompactObjectHeaders`").contains("| 0.80"), beside);
        assertFalse(md.contains("## Across JDKs"), "one JDK: the flags are not a second JDK");
        Run plain = Runs.runOfJobs("p", "jdk25-cpusall", List.of(List.of(Runs.forks("virtual/park", 150, 152, 151))));
        assertFalse(Report.render(plain, new Chart.Outcome(null, null, "none"), Answer::write).contains("## Beside JVM flags"));
    }

    @Test
    void anOlderRunFileIsAOneLineUsageError() throws IOException {
        Path dir = Files.createDirectories(results.resolve("old"));
        Files.writeString(dir.resolve(RunFile.NAME), "{\"schema\": 0}");
        String error = org.junit.jupiter.api.Assertions.assertThrows(UsageException.class, () -> RunFile.read(dir))
                .getMessage();
        assertTrue(error.endsWith("has schema 0, this threadring reads schemas 1 to 3 (a run from another version)"),
                error);
    }

    @Test
    void theRendezvousGetsItsOwnTableAndSitsBesideTheRingOfTheSameId() {
        Run r = Runs.runOfJobs("r", "jdk25-cpusall", List.of(
                List.of(Runs.forks("threads/park", 10_000, 10_500, 9_800), Runs.forks("virtual/spin", 2_000, 2_100, 1_900)),
                List.of(Runs.rendezvous("threads/park", 5_000, 5_200, 4_900), Runs.rendezvous("virtual/spin", 100, 104, 98))));
        String md = Report.render(r, new Chart.Outcome(null, null, "none"), Answer::write);
        assertTrue(md.contains("## jdk25-cpusall, rendezvous"), md);
        assertTrue(md.contains("| id | values per pass | forks x iterations | passes per iteration | steady after | "
                + "warm-up per fork (s, passes) | ns/exchange |"), md);
        assertTrue(md.contains("## jdk25-cpusall, ring"), md);
        String beside = md.substring(md.indexOf("## Rendezvous beside the ring"));
        // the fastest rendezvous first; 100 ns per exchange against 2,000 ns per hop
        assertTrue(line(beside, "jdk25-cpusall | virtual/spin").startsWith(
                "| jdk25-cpusall | virtual/spin | 100.6 ["), beside);
        assertTrue(line(beside, "jdk25-cpusall | virtual/spin").contains("| 1,998 ["), beside);
        assertTrue(line(beside, "jdk25-cpusall | virtual/spin").contains("| 0.0504x ["), beside);
        assertTrue(beside.indexOf("virtual/spin") < beside.indexOf("threads/park"), beside);
    }
}
