package threadring.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import threadring.bench.data.RunFile;
import threadring.bench.export.Bencher;
import threadring.bench.export.Bencher.BmfMetric;
import threadring.bench.report.Format;
import threadring.bench.stats.Interval;

/**
 * {@code export}: the committed default sweep 20261126-194407 (4-6 forks a row) and the committed
 * {@code --quick} run 20261126-165315 (one fork a row) in Bencher's metric format. The expected
 * numbers are read off those runs' committed report.md by hand (table and row named at each), and
 * compared as report.md writes them ({@link Format}).
 */
class ExportTest {

    static final Path RESULTS = Path.of("..", "docs", "results").toAbsolutePath().normalize();
    static final Path SWEEP = RESULTS.resolve("20261126-194407");
    static final Path QUICK = RESULTS.resolve("20261126-165315");

    static final String RING = "jdk25-cpusall ring nodes=503 ";
    static final String RENDEZVOUS = "jdk25-cpusall rendezvous ";
    static final String FANOUT = "jdk25-cpusall fanout tasks=100000 delay_ms=100 work=0 ";
    static final String ECHO = "jdk25-cpusall echo connections=1000 ";

    static LinkedHashMap<String, LinkedHashMap<String, BmfMetric>> sweep;
    static LinkedHashMap<String, LinkedHashMap<String, BmfMetric>> quick;

    @TempDir
    Path tmp;

    @BeforeAll
    static void export() throws IOException {
        sweep = Bencher.of(RunFile.read(SWEEP));
        quick = Bencher.of(RunFile.read(QUICK));
    }

    static BmfMetric metric(Map<String, ? extends Map<String, BmfMetric>> bmf, String benchmark, String measure) {
        Map<String, BmfMetric> b = bmf.get(benchmark);
        assertTrue(b != null, "no benchmark '" + benchmark + "' in " + bmf.keySet());
        BmfMetric m = b.get(measure);
        assertTrue(m != null, "no measure " + measure + " of " + benchmark + " in " + b.keySet());
        return m;
    }

    static String bounds(BmfMetric m) {
        assertTrue(m.bounded(), "no bounds: " + m);
        return Format.interval(new Interval(m.lowerValue(), m.upperValue()));
    }

    static void unbounded(BmfMetric m) {
        assertNull(m.lowerValue(), m.toString());
        assertNull(m.upperValue(), m.toString());
    }

    /** A row of each workload's series table, its level and interval as report.md prints them. */
    @Test
    void aRowsValueAndBoundsAreTheNumbersItsReportPrints() {
        // "## jdk25-cpusall, ring", quasar/fiber: ns/hop 110.9, interval 106.1–115.9, CPU ns/hop 116.0 [110.2–122.1], bytes/hop 0.38
        BmfMetric ring = metric(sweep, RING + "quasar/fiber", "ns-per-hop");
        assertEquals("110.9", Format.ns(ring.value()));
        assertEquals("106.1–115.9", bounds(ring));
        BmfMetric cpu = metric(sweep, RING + "quasar/fiber", "cpu-ns-per-hop");
        assertEquals("116.0", Format.ns(cpu.value()));
        assertEquals("110.2–122.1", bounds(cpu));
        BmfMetric bytes = metric(sweep, RING + "quasar/fiber", "bytes-per-hop");
        assertEquals("0.38", Format.amount(bytes.value()));
        unbounded(bytes);
        assertEquals(BmfMetric.of(0), metric(sweep, RING + "quasar/fiber", Bencher.FLAGGED));
        assertEquals(BmfMetric.of(1), metric(sweep, RING + "quasar/fiber", Bencher.SHARE));
        // "## jdk25-cpusall, rendezvous", cats/deferred-p1: 985.9, 929.7–1,045
        BmfMetric rendezvous = metric(sweep, RENDEZVOUS + "cats/deferred-p1", "ns-per-exchange");
        assertEquals("985.9", Format.ns(rendezvous.value()));
        assertEquals("929.7–1,045", bounds(rendezvous));
        // "## jdk25-cpusall, fanout ...", quasar/sleep-p2: ms/op 188.6, 176.0–202.0; CPU ns/task 2,053 [1,285–3,281]; bytes/task 1,071.8
        BmfMetric fanout = metric(sweep, FANOUT + "quasar/sleep-p2", "ms-per-operation");
        assertEquals("188.6", Format.ns(fanout.value()));
        assertEquals("176.0–202.0", bounds(fanout));
        BmfMetric task = metric(sweep, FANOUT + "quasar/sleep-p2", "cpu-ns-per-task");
        assertEquals("2,053", Format.ns(task.value()));
        assertEquals("1,285–3,281", bounds(task));
        assertEquals("1,071.8", Format.amount(metric(sweep, FANOUT + "quasar/sleep-p2", "bytes-per-task").value()));
        // "## jdk25-cpusall, echo connections=1000", quasar/socket: requests/s 51,230, 47,584–55,154
        BmfMetric echo = metric(sweep, ECHO + "quasar/socket", "requests-per-second");
        assertEquals("51,230", Format.rate(echo.value()));
        assertEquals("47,584–55,154", Format.rateInterval(new Interval(echo.lowerValue(), echo.upperValue())));
        assertFalse(sweep.get(ECHO + "quasar/socket").containsKey("cpu-ns-per-request"), "an echo row has no step costs");
    }

    /** A flagged row gives its (main state's) value alone, marked, with the share of JVMs it stands for. */
    @Test
    void aFlaggedRowOrOneInStatesGivesItsMainStatesValueWithoutBounds() {
        // ring akka/typed-p1: 58.8 [55.5–62.2] flagged (not settled); CPU 66.7 [60.8–73.2]
        BmfMetric unsettled = metric(sweep, RING + "akka/typed-p1", "ns-per-hop");
        assertEquals("58.8", Format.ns(unsettled.value()));
        unbounded(unsettled);
        unbounded(metric(sweep, RING + "akka/typed-p1", "cpu-ns-per-hop"));
        assertEquals(BmfMetric.of(1), metric(sweep, RING + "akka/typed-p1", Bencher.FLAGGED));
        assertEquals(BmfMetric.of(1), metric(sweep, RING + "akka/typed-p1", Bencher.SHARE));
        // ring virtual/park: 386.5 [291.6–512.3] (4 of 6 JVMs) / 1,225 (2 of 6 JVMs) flagged
        BmfMetric states = metric(sweep, RING + "virtual/park", "ns-per-hop");
        assertEquals("386.5", Format.ns(states.value()));
        unbounded(states);
        assertEquals(4.0 / 6, metric(sweep, RING + "virtual/park", Bencher.SHARE).value(), 1e-12);
        // rendezvous virtual/park: 712.0 (2 of 6 JVMs) / 1,634 [1,198–2,229] (4 of 6 JVMs); CPU 1,426 [..] / 3,033 [..]
        assertEquals("1,634", Format.ns(metric(sweep, RENDEZVOUS + "virtual/park", "ns-per-exchange").value()));
        assertEquals("3,033", Format.ns(metric(sweep, RENDEZVOUS + "virtual/park", "cpu-ns-per-exchange").value()));
        assertEquals(4.0 / 6, metric(sweep, RENDEZVOUS + "virtual/park", Bencher.SHARE).value(), 1e-12);
        // ring kilim/mailbox-p1: 196.1 [181.5–211.8] (5 of 6 JVMs); 1 of 6 JVMs apart: 287.1; CPU 205.0 [..]; apart: 295.0
        assertEquals("196.1", Format.ns(metric(sweep, RING + "kilim/mailbox-p1", "ns-per-hop").value()));
        assertEquals("205.0", Format.ns(metric(sweep, RING + "kilim/mailbox-p1", "cpu-ns-per-hop").value()));
        assertEquals(5.0 / 6, metric(sweep, RING + "kilim/mailbox-p1", Bencher.SHARE).value(), 1e-12);
    }

    /** Every row of the four series tables, each with its unit, the flag and the share; bounds bracket their value. */
    @Test
    void everyRowIsExportedAndEveryBoundBracketsItsValue() {
        // report.md's series tables: 16 ring rows, 15 rendezvous, 12 fan-out, 9 echo (its machine probes are no rows)
        List<Map.Entry<String, LinkedHashMap<String, BmfMetric>>> rows = sweep.entrySet().stream()
                .filter(b -> !b.getValue().containsKey(Bencher.RATIO)).toList();
        assertEquals(16 + 15 + 12 + 9, rows.size(), sweep.keySet().toString());
        int bounded = 0;
        for (Map.Entry<String, LinkedHashMap<String, BmfMetric>> b : rows) {
            assertTrue(b.getValue().containsKey(Bencher.FLAGGED) && b.getValue().containsKey(Bencher.SHARE), b.getKey());
            assertTrue(b.getValue().keySet().stream().anyMatch(List.of("ns-per-hop", "ns-per-exchange",
                    "ms-per-operation", "requests-per-second")::contains), b.getKey() + ": " + b.getValue().keySet());
            for (Map.Entry<String, BmfMetric> m : b.getValue().entrySet()) {
                BmfMetric x = m.getValue();
                assertTrue(Double.isFinite(x.value()), b.getKey() + " " + m.getKey());
                if (x.bounded()) {
                    bounded++;
                    assertTrue(x.lowerValue() <= x.value() && x.value() <= x.upperValue(), b.getKey() + " " + m.getKey()
                            + ": " + x);
                    assertEquals(BmfMetric.of(0), b.getValue().get(Bencher.FLAGGED), "a flagged row has bounds: " + b.getKey());
                }
            }
        }
        assertTrue(bounded > 20, "bounded metrics: " + bounded);
    }

    /**
     * Each answer ratio is a benchmark of its own, "<configuration> <series> <A> / <B>", its measure
     * the ratio with its 95% interval: the speed-ups over the baseline and each form over the one above.
     */
    @Test
    void theAnswersRatiosAreExportedWithTheirIntervals() {
        BmfMetric speedUp = metric(sweep, RING + "threads/park / coroutines/continuation-loop", Bencher.RATIO);
        assertTrue(speedUp.value() > 100 && speedUp.bounded() && speedUp.lowerValue() < speedUp.value()
                && speedUp.value() < speedUp.upperValue(), speedUp.toString());
        long ratios = sweep.values().stream().filter(m -> m.containsKey(Bencher.RATIO)).count();
        assertTrue(ratios >= 20, "ratios: " + ratios);
        sweep.forEach((name, m) -> {
            if (m.containsKey(Bencher.RATIO)) {
                assertEquals(1, m.size(), name);
                assertTrue(name.contains(" / "), name);
            }
        });
    }

    /** The --quick run: one fork a row, so no row and no cost has bounds. */
    @Test
    void oneForkRowsHaveNoBounds() {
        assertTrue(quick.size() > 30, quick.keySet().toString());
        quick.forEach((name, measures) -> measures.forEach((slug, m) -> assertFalse(m.bounded(), name + " " + slug)));
        // "## jdk25-cpusall, ring", floor/loop: 1 x 2, ns/hop 1.37, interval n/a, CPU ns/hop 1.47
        assertEquals("1.37", Format.ns(metric(quick, RING + "floor/loop", "ns-per-hop").value()));
        assertEquals("1.47", Format.ns(metric(quick, RING + "floor/loop", "cpu-ns-per-hop").value()));
        assertEquals(BmfMetric.of(0), metric(quick, RING + "floor/loop", Bencher.FLAGGED));
    }

    /** The JSON is BMF: no null, no NaN, bounds named as Bencher names them; it reads back into the same records. */
    @Test
    void theJsonReadsBackIntoTheSameRecords() {
        for (Map<String, LinkedHashMap<String, BmfMetric>> bmf : List.of(sweep, quick)) {
            String json = Bencher.json(bmf);
            assertFalse(json.contains("null") || json.contains("NaN") || json.contains("Infinity"), json);
            assertEquals(bmf, Bencher.parse(json));
        }
        String json = Bencher.json(sweep);
        assertTrue(json.contains("\"lower_value\": ") && json.contains("\"upper_value\": "), json);
        assertFalse(json.contains("lowerValue"), json);
    }

    record Outcome(int exit, String out, String err) {}

    static Outcome cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Cli.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theCommandWritesToStandardOutputOrToAFile() throws IOException {
        Outcome printed = cli("export", SWEEP.toString());
        assertEquals(0, printed.exit(), printed.err());
        assertEquals(sweep, Bencher.parse(printed.out()));
        Path file = tmp.resolve("a.json");
        Outcome written = cli("export", SWEEP.toString(), "--format", "bencher", "--out", file.toString());
        assertEquals(0, written.exit(), written.err());
        assertEquals(sweep, Bencher.parse(Files.readString(file)));
        assertTrue(written.out().contains("written to " + file) && !written.out().contains("replacing"), written.out());
        Outcome again = cli("export", QUICK.toString(), "--out", file.toString());
        assertEquals(0, again.exit(), again.err());
        assertTrue(again.out().contains("replacing"), again.out());
        assertEquals(quick, Bencher.parse(Files.readString(file)));
    }

    /** A run that is not there or not a run, a bad format or an --out that cannot be written: one line, exit status 2. */
    @Test
    void aMissingRunOrABadOptionIsOneLineAndExitStatusTwo() throws IOException {
        Path garbled = Files.createDirectories(tmp.resolve("garbled"));
        Files.writeString(garbled.resolve(RunFile.NAME), "{ not json");
        List<List<String>> cases = List.of(
                List.of("export", tmp.resolve("no-such-run").toString()),
                List.of("export", garbled.toString()),
                List.of("export", SWEEP.toString(), "--format", "csv"),
                List.of("export", SWEEP.toString(), "--out", tmp.resolve("no-such-dir").resolve("a.json").toString()),
                List.of("export", SWEEP.toString(), "--out", tmp.toString()),
                List.of("export"));
        for (List<String> args : cases) {
            Outcome o = cli(args.toArray(String[]::new));
            assertEquals(2, o.exit(), args + ": " + o.err());
            assertEquals(1, o.err().lines().count(), args + ": " + o.err());
            assertTrue(o.err().startsWith("benchmark.sh: "), o.err());
            assertEquals("", o.out(), args + ": nothing is written to standard output");
        }
        assertTrue(cli("export", tmp.resolve("no-such-run").toString()).err().contains("export: '"), "names the command");
        assertFalse(Files.exists(tmp.resolve("no-such-dir")), "nothing was created");
    }
}
