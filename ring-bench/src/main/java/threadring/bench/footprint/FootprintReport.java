package threadring.bench.footprint;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Ellipse2D;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
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
import threadring.bench.data.FootprintRun;
import threadring.bench.data.FootprintRun.Measurement;
import threadring.bench.report.Chart;
import threadring.bench.report.Format;
import threadring.bench.report.Report;
import threadring.bench.util.AtomicFiles;

/**
 * report.md and chart.png of a footprint run: per id and ring size, open time and bytes per node;
 * or per id and number of live fan-out tasks, the operation's time over its delay and bytes per task;
 * or per id and whole operation (a Skynet tree), its peak bytes per task.
 */
public final class FootprintReport {

    private FootprintReport() {}

    /** report.md and chart.png of a footprint run. */
    public static Path write(Path runDir, FootprintRun run) throws IOException {
        String chart = chart(runDir, run);
        StringBuilder md = new StringBuilder("# threadring footprint ").append(run.runId()).append("\n\n");
        md.append("- machine: ").append(run.machine().cpuModel()).append(", ").append(run.machine().os()).append(' ')
                .append(run.machine().kernel()).append(", commit ").append(run.machine().gitCommit()).append('\n');
        md.append("- JDK ").append(run.jvm().javaVersion()).append(" (").append(run.jvm().javaVendor()).append(")\n");
        md.append("- started ").append(run.started()).append(run.finished() == null ? ", not finished" : "").append("\n\n");
        String unit = run.unit();
        md.append(method(run));
        if (chart != null) {
            md.append("![bytes per ").append(unit).append("](").append(chart).append(")\n\n");
        }
        // one row per id; per ring size: open time (us per node), heap, native and total bytes per node
        List<String> ids = run.measurements().stream().map(Measurement::row).distinct().sorted().toList();
        tableHead(run, unit, md);
        List<String> notes = new ArrayList<>();
        for (String id : ids) {
            tableRow(run, id, unit, md, notes);
        }
        if (run.besideJvmArgs() != null && !run.besideJvmArgs().isEmpty()) {
            notes.addAll(beside(run, unit));
        }
        for (String note : notes) {
            md.append("\n- ").append(note);
        }
        md.append('\n');
        Path file = runDir.resolve(Report.FILE);
        AtomicFiles.write(file, md.toString());
        return file;
    }

    /** How the run measured: a whole operation's peak, live fan-out tasks or an open ring. */
    private static String method(FootprintRun run) {
        if (run.peaks()) {
            return "Each id and size in a fresh JVM with a fixed, pre-touched heap (the sweep's heap for that many "
                    + "tasks, `-XX:+AlwaysPreTouch`): the id's " + run.peakOf() + " workload is opened at the size and "
                    + "warmed by its own warm-up run, then one whole operation runs (a tree of tasks: its size counts "
                    + "every task, the inner ones too) while the measuring thread collects again and again, letting "
                    + "the operation run between two collections at least as long as the last one stopped it: *peak "
                    + "heap* is the largest heap used after a full collection during the operation (*readings*: how "
                    + "many collections it is the largest of) over the warmed workload's, per task; *peak native* the "
                    + "growth of the peak resident set (VmHWM, started over before the operation; with a Go row's "
                    + "program's) over the baseline's resident set, per task: memory outside the heap. An "
                    + "operation's tasks need not all be alive at once (a task's children may end before its "
                    + "later ones start, and a depth-first scheduler holds few), so this is what a run of that many "
                    + "tasks needs at its most, not one task's size; readings sample the peak, and an operation that "
                    + "ends within one collection reads little. *operation ms*: its time with the collections in it "
                    + "(not a speed).\n\n";
        } else if (run.liveTasks()) {
            return String.format(Locale.ROOT, "Each id and number of tasks T in a fresh JVM with a fixed, pre-touched "
                    + "heap (the sweep's heap for that size, `-XX:+AlwaysPreTouch`): the id's fan-out is opened and "
                    + "warmed, then one operation of T tasks each asleep for %,d ms; at half the delay two full GCs "
                    + "run and the memory is read, while every task is alive (a measurement where the last tasks "
                    + "started later, or the first ended sooner, fails and says so). *heap* is the growth of used heap "
                    + "over the warmed fan-out, per task; *native* the growth of the resident set (VmRSS, with a Go "
                    + "row's program's), which with a resident heap is memory outside it: OS thread stacks, the "
                    + "JVM's per-thread structures, a goroutine's stack. *operation / delay*: the operation's whole "
                    + "time over its delay (1.00x: every task woke on time and nothing else cost). Compare *total*. "
                    + "Small or negative values are within a GC's noise.\n\n", run.delayMs());
        } else {
            return "Each id and ring size in a fresh JVM with a fixed, pre-touched heap (the sweep's heap for that "
                    + "size, `-XX:+AlwaysPreTouch`): the ring is opened (*open ns/node*), the token passes once around "
                    + "it, then two full GCs. *heap* is the growth of used heap after them, *native* the growth of "
                    + "the process's resident set (VmRSS, with a Go row's program's, its runtime included), which "
                    + "with a resident heap is memory outside it: an OS "
                    + "thread's stack pages and the JVM's per-thread structures. A virtual thread keeps its stack "
                    + "on the heap, a platform thread natively, so compare *total*. Kernel memory per OS thread "
                    + "(about 16 KiB) is in neither. Small or negative values are within a GC's noise.\n\n";
        }
    }

    /** The table's header and alignment lines: per size, its time column and heap, native and total bytes. */
    private static void tableHead(FootprintRun run, String unit, StringBuilder md) {
        md.append("| id |");
        for (int n : run.nodes()) {
            String size = String.format(Locale.ROOT, "%,d", n);
            String peak = run.peaks() ? "peak " : "";
            md.append(run.liveTasks() ? " operation / delay (" : run.peaks() ? " operation ms, readings ("
                    : " open us/node (").append(size).append(") | ").append(peak).append("heap B/").append(unit)
                    .append(" | ").append(peak).append("native B/").append(unit).append(" | ").append(peak)
                    .append("total B/").append(unit).append(" |");
        }
        md.append("\n|---|").append("---:|---:|---:|---:|".repeat(run.nodes().size())).append('\n');
    }

    /** An id's table row; a size it was skipped or failed at leaves its cells empty and a note saying why. */
    private static void tableRow(FootprintRun run, String id, String unit, StringBuilder md, List<String> notes) {
        md.append("| ").append(id).append(" |");
        for (int n : run.nodes()) {
            Optional<Measurement> m = run.measurements().stream()
                    .filter(x -> x.row().equals(id) && x.nodes() == n).findFirst();
            if (m.isEmpty() || m.get().totalBytesPerNode() == null) {
                md.append(" ").append(m.map(x -> x.skipped() != null ? "skipped" : "failed").orElse("–"))
                        .append(" | | | |");
                m.filter(x -> x.skipped() != null || x.error() != null).ifPresent(x -> notes.add(
                        String.format(Locale.ROOT, "%s at %,d %ss: %s", id, n, unit, x.skipped() != null
                                ? "skipped: " + x.skipped() : "**failed**: " + Format.code(x.error()))));
                continue;
            }
            Measurement x = m.get();
            md.append(' ').append(run.liveTasks() ? Format.times(x.operationMs() / run.delayMs())
                    : run.peaks() ? String.format(Locale.ROOT, "%,.0f, %d", x.operationMs(), x.peakReadings())
                    : String.format(Locale.ROOT, "%,.1f", x.openNsPerNode() / 1000)).append(" | ")
                    .append(num(x.heapBytesPerNode())).append(" | ").append(num(x.nativeBytesPerNode()))
                    .append(" | ").append(num(x.totalBytesPerNode())).append(" |");
        }
        md.append('\n');
    }

    /** Per id and size measured both ways: its total with the flags over its total without. */
    static List<String> beside(FootprintRun run, String unit) {
        List<String> out = new ArrayList<>();
        String flags = String.join(" ", run.besideJvmArgs());
        for (Measurement with : run.measurements()) {
            if (with.jvmArgs() == null || with.totalBytesPerNode() == null) {
                continue;
            }
            run.measurements().stream().filter(m -> m.jvmArgs() == null && m.id().equals(with.id())
                    && m.nodes() == with.nodes() && positive(m.totalBytesPerNode())).findFirst().ifPresent(without ->
                            out.add(String.format(Locale.ROOT, "%s at %,d %ss with `%s`: %s B per %s in all, %s of "
                                    + "the %s B without", with.id(), with.nodes(), unit, flags,
                                    num(with.totalBytesPerNode()), unit,
                                    Format.times(with.totalBytesPerNode() / without.totalBytesPerNode()),
                                    num(without.totalBytesPerNode()))));
        }
        return out;
    }

    private static String num(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%,.0f", v);
    }

    /** Total bytes per node per id, one marker per ring size, log scale; null if nothing to draw. */
    private static String chart(Path runDir, FootprintRun run) {
        try {
            System.setProperty("java.awt.headless", "true");
            List<String> ids = run.measurements().stream().filter(m -> positive(m.totalBytesPerNode()))
                    .map(Measurement::row).distinct().sorted().toList();
            if (ids.isEmpty()) {
                return null;
            }
            XYSeriesCollection data = new XYSeriesCollection();
            for (int n : run.nodes()) {
                XYSeries s = new XYSeries(String.format(Locale.ROOT, "%,d %s", n, run.liveTasks() ? "live tasks"
                        : run.peaks() ? "tasks" : "nodes"), false, true);
                run.measurements().stream().filter(m -> m.nodes() == n && positive(m.totalBytesPerNode()))
                        .forEach(m -> s.add(ids.indexOf(m.row()), m.totalBytesPerNode()));
                data.addSeries(s);
            }
            SymbolAxis idAxis = new SymbolAxis(null, ids.toArray(String[]::new));
            idAxis.setInverted(true);
            idAxis.setGridBandsVisible(false);
            idAxis.setRange(-0.6, ids.size() - 0.4);
            LogAxis bytes = new LogAxis("bytes per " + run.label() + ", heap + native (log scale)");
            bytes.setBase(10);
            bytes.setTickUnit(new NumberTickUnit(1.0));
            bytes.setNumberFormatOverride(new DecimalFormat("#,##0"));
            double lo = run.measurements().stream().map(Measurement::totalBytesPerNode).filter(FootprintReport::positive)
                    .mapToDouble(Double::doubleValue).min().orElse(1);
            double hi = run.measurements().stream().map(Measurement::totalBytesPerNode).filter(FootprintReport::positive)
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
            JFreeChart chart = new JFreeChart("threadring " + run.runId() + ": memory per " + run.label(),
                    new Font(Font.SANS_SERIF,
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
