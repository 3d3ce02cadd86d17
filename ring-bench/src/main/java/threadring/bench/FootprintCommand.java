package threadring.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Ellipse2D;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.text.DecimalFormat;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import threadring.bench.Footprint.Measurement;
import threadring.core.RingFactories;
import threadring.core.RingFactory;

/**
 * {@code benchmark.sh footprint}: for every id and ring size, a fresh JVM opens a ring, passes
 * the token once around it and reports what that cost per node (see {@link Footprint}), one line
 * each; the run folder gets footprint.json, report.md and a chart.
 */
@Command(name = "footprint", sortOptions = false, usageHelpAutoWidth = true,
        description = "Time to open a ring and memory per node (heap + native), each id and size in a fresh JVM.")
final class FootprintCommand implements Callable<Integer> {

    static final List<Integer> DEFAULT_NODES = List.of(10_000, 1_000_000);
    static final String FILE = "footprint.json";

    @Mixin
    Cli.Help help;

    @Option(names = "--include", paramLabel = "REGEX", converter = OptionValues.Regex.class,
            description = "Only ids matching REGEX (repeatable).")
    List<String> includes = new ArrayList<>();

    @Option(names = "--nodes", paramLabel = "N", converter = OptionValues.Nodes.class,
            description = "Ring size, repeatable (default 10000 and 1000000).")
    List<Integer> nodes = new ArrayList<>();

    @Option(names = "--timeout", paramLabel = "S", converter = OptionValues.Positive.class,
            description = "Seconds one measurement may take (default 900).")
    int timeoutSeconds = 900;

    @Option(names = "--results", paramLabel = "DIR",
            description = "Where runs are written (default: results/ next to benchmark.sh).")
    Path results;

    private final PrintStream out = System.out;

    @Override
    public Integer call() throws Exception {
        List<Pattern> patterns = includes.stream().map(Pattern::compile).toList();
        RingFactories all = RingFactories.load();
        List<RingFactory> selected = all.all().stream()
                .filter(f -> patterns.isEmpty() || patterns.stream().anyMatch(p -> p.matcher(f.id()).find()))
                .filter(f -> f.runs(threadring.core.Workload.RING)) // footprint is a ring's: bytes per node
                .toList();
        if (selected.isEmpty()) {
            throw new UsageException("--include " + includes + " matches no implementation id (see 'list')");
        }
        Path dir = (results != null ? results : Cli.home().resolve("results")).toAbsolutePath().normalize();
        RunCommand.requireWritable(dir);
        List<Integer> sizes = nodes.isEmpty() ? DEFAULT_NODES : nodes.stream().distinct().sorted().toList();
        Path runDir = Sweep.createRunDir(dir, "footprint-");
        out.println("threadring: writing " + runDir);
        String started = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        List<Measurement> measurements = new ArrayList<>();
        int failed = 0;
        Progress.Counter progress = new Progress.Counter(System.err, sizes.size() * selected.size());
        for (int n : sizes) {
            for (RingFactory f : selected) {
                progress.next(String.format(java.util.Locale.ROOT, "%s at %,d nodes", f.id(), n));
                Measurement m = measure(f, n, runDir);
                measurements.add(m);
                out.println(line(m));
                failed += m.error() != null ? 1 : 0;
                save(runDir, new Footprint.Run(RunFile.SCHEMA, runDir.getFileName().toString(), started, null,
                        Env.machine(Cli.home()), Env.jvm(), sizes, measurements));
            }
        }
        Footprint.Run run = new Footprint.Run(RunFile.SCHEMA, runDir.getFileName().toString(), started,
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), Env.machine(Cli.home()), Env.jvm(), sizes,
                measurements);
        save(runDir, run);
        Path report = write(runDir, run);
        out.println("threadring: report " + report);
        return failed == 0 ? 0 : 1;
    }

    /** The line of one measurement, as the issue tracker and the README quote it. */
    static String line(Measurement m) {
        String head = m.id() + " nodes=" + m.nodes();
        if (m.skipped() != null) {
            return head + " SKIP " + m.skipped();
        }
        if (m.error() != null) {
            return head + " FAIL " + m.error();
        }
        return String.format(Locale.ROOT, "%s open_ns_per_node=%.0f heap_bytes_per_node=%.0f native_bytes_per_node=%s ok",
                head, m.openNsPerNode(), m.heapBytesPerNode(),
                m.nativeBytesPerNode() == null ? "n/a" : String.format(Locale.ROOT, "%.0f", m.nativeBytesPerNode()));
    }

    private Measurement measure(RingFactory f, int n, Path runDir) throws IOException, InterruptedException {
        Optional<String> no = f.unsupportedReason().isPresent()
                && Runtime.version().feature() < f.minimumJavaVersion() ? f.unsupportedReason() : f.cannotOpen(n);
        if (no.isPresent()) {
            return new Measurement(f.id(), n, null, null, null, null, no.get());
        }
        Path file = Files.createTempFile(runDir, "measurement", ".json");
        try {
            List<String> cmd = new ArrayList<>(List.of(Processes.java(System.getProperty("java.home"))));
            cmd.addAll(f.jvmArgs());
            cmd.addAll(Heap.flags(n));
            cmd.addAll(List.of("-XX:+AlwaysPreTouch", "-cp", System.getProperty("java.class.path"),
                    Footprint.class.getName(), f.id(), String.valueOf(n), file.toString()));
            Processes.Exit exit = Processes.capture(cmd, Duration.ofSeconds(timeoutSeconds));
            if (exit.timedOut()) {
                return new Measurement(f.id(), n, null, null, null, "no result within " + timeoutSeconds + " s", null);
            }
            if (Files.size(file) == 0) {
                String last = exit.output().stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("");
                return new Measurement(f.id(), n, null, null, null, "the JVM exited with status " + exit.status()
                        + (last.isEmpty() ? "" : ": " + last.strip()), null);
            }
            return RunFile.readJson(file, Measurement.class);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static void save(Path runDir, Footprint.Run run) throws IOException {
        RunFile.writeJson(runDir.resolve(FILE), run);
    }

    /** report.md and chart.png of a footprint run. */
    static Path write(Path runDir, Footprint.Run run) throws IOException {
        String chart = chart(runDir, run);
        StringBuilder md = new StringBuilder("# threadring footprint ").append(run.runId()).append("\n\n");
        md.append("- machine: ").append(run.machine().cpuModel()).append(", ").append(run.machine().os()).append(' ')
                .append(run.machine().kernel()).append(", commit ").append(run.machine().gitCommit()).append('\n');
        md.append("- JDK ").append(run.jvm().javaVersion()).append(" (").append(run.jvm().javaVendor()).append(")\n");
        md.append("- started ").append(run.started()).append(run.finished() == null ? ", not finished" : "").append("\n\n");
        md.append("Each id and ring size in a fresh JVM with a fixed, pre-touched heap (the sweep's heap for that "
                + "size, `-XX:+AlwaysPreTouch`): the ring is opened (*open ns/node*), the token passes once around "
                + "it, then two full GCs. *heap* is the growth of used heap after them, *native* the growth of "
                + "the process's resident set (VmRSS), which with a resident heap is memory outside it: an OS "
                + "thread's stack pages and the JVM's per-thread structures. A virtual thread keeps its stack "
                + "on the heap, a platform thread natively, so compare *total*. Kernel memory per OS thread "
                + "(about 16 KiB) is in neither. Small or negative values are within a GC's noise.\n\n");
        if (chart != null) {
            md.append("![bytes per node](").append(chart).append(")\n\n");
        }
        // one row per id; per ring size: open time (us per node), heap, native and total bytes per node
        List<String> ids = run.measurements().stream().map(Measurement::id).distinct().sorted().toList();
        md.append("| id |");
        for (int n : run.nodes()) {
            String size = String.format(Locale.ROOT, "%,d", n);
            md.append(" open us/node (").append(size).append(") | heap B/node | native B/node | total B/node |");
        }
        md.append("\n|---|").append("---:|---:|---:|---:|".repeat(run.nodes().size())).append('\n');
        List<String> notes = new ArrayList<>();
        for (String id : ids) {
            md.append("| ").append(id).append(" |");
            for (int n : run.nodes()) {
                Optional<Measurement> m = run.measurements().stream()
                        .filter(x -> x.id().equals(id) && x.nodes() == n).findFirst();
                if (m.isEmpty() || m.get().totalBytesPerNode() == null) {
                    md.append(" ").append(m.map(x -> x.skipped() != null ? "skipped" : "failed").orElse("–"))
                            .append(" | | | |");
                    m.filter(x -> x.skipped() != null || x.error() != null).ifPresent(x -> notes.add(
                            String.format(Locale.ROOT, "%s at %,d nodes: %s", id, n, x.skipped() != null
                                    ? "skipped: " + x.skipped() : "**failed**: " + Report.code(x.error()))));
                    continue;
                }
                Measurement x = m.get();
                md.append(' ').append(String.format(Locale.ROOT, "%,.1f", x.openNsPerNode() / 1000)).append(" | ")
                        .append(num(x.heapBytesPerNode())).append(" | ").append(num(x.nativeBytesPerNode()))
                        .append(" | ").append(num(x.totalBytesPerNode())).append(" |");
            }
            md.append('\n');
        }
        for (String note : notes) {
            md.append("\n- ").append(note);
        }
        md.append('\n');
        Path file = runDir.resolve(Report.FILE);
        Path tmp = runDir.resolve(Report.FILE + ".tmp");
        Files.writeString(tmp, md.toString());
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return file;
    }

    private static String num(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%,.0f", v);
    }

    /** Total bytes per node per id, one marker per ring size, log scale; null if nothing to draw. */
    private static String chart(Path runDir, Footprint.Run run) {
        try {
            System.setProperty("java.awt.headless", "true");
            List<String> ids = run.measurements().stream().filter(m -> positive(m.totalBytesPerNode()))
                    .map(Measurement::id).distinct().sorted().toList();
            if (ids.isEmpty()) {
                return null;
            }
            XYSeriesCollection data = new XYSeriesCollection();
            for (int n : run.nodes()) {
                XYSeries s = new XYSeries(String.format(Locale.ROOT, "%,d nodes", n), false, true);
                run.measurements().stream().filter(m -> m.nodes() == n && positive(m.totalBytesPerNode()))
                        .forEach(m -> s.add(ids.indexOf(m.id()), m.totalBytesPerNode()));
                data.addSeries(s);
            }
            SymbolAxis idAxis = new SymbolAxis(null, ids.toArray(String[]::new));
            idAxis.setInverted(true);
            idAxis.setGridBandsVisible(false);
            idAxis.setRange(-0.6, ids.size() - 0.4);
            LogAxis bytes = new LogAxis("bytes per node, heap + native (log scale)");
            bytes.setBase(10);
            bytes.setTickUnit(new NumberTickUnit(1.0));
            bytes.setNumberFormatOverride(new DecimalFormat("#,##0"));
            double lo = run.measurements().stream().map(Measurement::totalBytesPerNode).filter(FootprintCommand::positive)
                    .mapToDouble(Double::doubleValue).min().orElse(1);
            double hi = run.measurements().stream().map(Measurement::totalBytesPerNode).filter(FootprintCommand::positive)
                    .mapToDouble(Double::doubleValue).max().orElse(10);
            bytes.setRange(Math.pow(10, Math.floor(Math.log10(lo / 1.2))), hi * 1.5);
            XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true);
            for (int s = 0; s < data.getSeriesCount(); s++) {
                renderer.setSeriesShape(s, new Ellipse2D.Double(-5, -5, 10, 10));
                renderer.setSeriesPaint(s, new Color[] {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
                        new Color(0xff7f0e)}[s % 4]);
                renderer.setSeriesOutlineStroke(s, new BasicStroke(1.5f));
            }
            XYPlot plot = new XYPlot(data, idAxis, bytes, renderer);
            plot.setOrientation(PlotOrientation.HORIZONTAL);
            plot.setBackgroundPaint(Color.WHITE);
            plot.setRangeGridlinePaint(new Color(0xcccccc));
            plot.setDomainGridlinePaint(new Color(0xeeeeee));
            JFreeChart chart = new JFreeChart("threadring " + run.runId() + ": memory per node", new Font(Font.SANS_SERIF,
                    Font.BOLD, 15), plot, true);
            chart.setBackgroundPaint(Color.WHITE);
            chart.getLegend().setPosition(RectangleEdge.BOTTOM);
            ChartUtils.saveChartAsPNG(runDir.resolve(Chart.PNG).toFile(), chart, Chart.WIDTH,
                    150 + ids.size() * Chart.ROW_HEIGHT);
            return Chart.PNG;
        } catch (Exception | LinkageError e) {
            return null;
        }
    }

    private static boolean positive(Double v) {
        return v != null && v > 0;
    }
}
