package threadring.bench.workloads.skynet;

import java.awt.Color;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import threadring.bench.data.Run;
import threadring.bench.report.Costs;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.Ratios;
import threadring.bench.report.Series;
import threadring.bench.report.StepTable;
import threadring.bench.report.Text;
import threadring.bench.report.WorkloadSection;
import threadring.bench.stats.Stats;
import threadring.core.Workload;
import threadring.core.skynet.Skynet;
import threadring.core.skynet.SkynetSize;

/**
 * Skynet (a tree of tasks spawned and joined): each model's fastest form over the floor (the same
 * tree summed by plain recursion), with what a task costs; per series the ns-per-task table; and
 * where the run varies the tree's size, ns per task against the tasks of a tree. The published
 * figures of the original (Go, Erlang, .NET, Scala/Akka on their authors' laptops) are context in
 * docs/results.md, never a comparison across machines.
 */
public final class SkynetSection implements WorkloadSection<SkynetSize> {

    /** The floor: the tree as plain recursion, no task. */
    public static final String FLOOR = "floor/recursion";
    /** ForkJoin's RecursiveTasks: a work-stealing pool of platform threads, no thread per task. */
    static final String FORK_JOIN = "threads/forkjoin";
    static final String CHART = "chart-skynet.png";

    @Override
    public Workload<SkynetSize, ?> workload() {
        return Skynet.WORKLOAD;
    }

    @Override
    public Text step(SkynetSize size) {
        return new Text().words("spawn, run and join one task of a tree of ").number(Format.count(size.tasks()),
                size.tasks()).words(" (").number(Format.count(size.branching()), size.branching())
                .words(" children a parent)");
    }

    @Override
    public String job() {
        return "Spawning and joining many short tasks";
    }

    /** {@code threads/forkjoin} is fork/join tasks, not a platform thread per task: said so in the answer. */
    @Override
    public String modelLabel(String id) {
        return id.equals(FORK_JOIN) ? "fork/join tasks" : WorkloadSection.super.modelLabel(id);
    }

    @Override
    public boolean perStep() {
        return false;
    }

    @Override
    public String name(Run run, Series<SkynetSize> s) {
        SkynetSize size = s.size();
        return s.label() + ", skynet " + size + String.format(Locale.ROOT, " (%,d leaves, %,d tasks)",
                Skynet.leaves(size.branching(), size.depth()), size.tasks());
    }

    @Override
    public void summary(Run run, Doc doc) {
        List<Series<SkynetSize>> trees = Series.of(run, Skynet.WORKLOAD);
        if (trees.isEmpty()) {
            return;
        }
        doc.heading(2, "Skynet: what a task costs");
        doc.paragraph("A root task spawns " + "B children, each spawns B, down to D levels; leaf k returns k and every "
                + "parent sums its children's answers (atemerev/skynet, 2016; every tree's answer is checked). ns per "
                + "task counts every task of the tree, leaves and inner ones. Each model's fastest form beside the "
                + "floor (`" + FLOOR + "`, the same tree as plain recursion, no task): *x floor* is what creating, "
                + "scheduling and joining a task adds, with its 95% interval; CPU and bytes per task from the "
                + "counters read around every iteration.");
        List<Doc.Row> rows = new ArrayList<>();
        for (Series<SkynetSize> s : trees) {
            List<Series.Row> all = s.rows(run);
            Optional<Series.Row> floor = all.stream().filter(r -> r.id().equals(FLOOR)).findFirst();
            Map<String, Series.Row> fastest = all.stream().filter(r -> !r.id().equals(FLOOR))
                    .collect(Collectors.toMap(Series.Row::model, r -> r, (a, b) -> a.summary().median()
                            <= b.summary().median() ? a : b, LinkedHashMap::new));
            fastest.values().stream().sorted(Comparator.comparingDouble(r -> r.summary().median())).forEach(r -> {
                List<Doc.Cell> cells = new ArrayList<>(List.of(Doc.Cell.of(name(run, s)), Doc.Cell.of(r.model()),
                        Doc.Cell.of(r.id()), Format.median(r.summary(), Format::ns)));
                cells.add(floor.map(f -> Format.ratioCell(r.summary(), f.summary())).orElse(Doc.Cell.of("n/a")));
                cells.add(Costs.cell(r, Costs.CPU, 1));
                cells.add(Costs.cell(r, "bytes", 1));
                rows.add(new Doc.Row(cells, Format.tags(r.id(), Skynet.WORKLOAD)));
            });
        }
        doc.add(new Doc.Table("skynet-fastest", List.of(Format.text("series"), Format.text("model"),
                Format.text("fastest form"), Format.number("ns/task [95% re-run]"), Format.number("x floor [95%]"),
                Format.number("CPU ns/task [95%]"), Format.number("bytes/task")), rows));
        if (trees.stream().map(s -> s.size()).distinct().count() > 1) {
            doc.add(new Doc.Image("skynet: ns per task against tasks per tree, log-log", CHART, null));
        }
    }

    /** A form's level over the floor, the same tree as plain recursion, in its series. */
    @Override
    public Optional<Floored> overFloor(Ratios ratios, Series<SkynetSize> s, Series.Row form) {
        return s.row(ratios.run(), FLOOR).map(f -> new Floored(FLOOR, ratios.between(s, form, f)));
    }

    @Override
    public void series(Run run, Series<SkynetSize> series, Doc doc) {
        StepTable.write(run, series, name(run, series), "tasks per tree", doc);
    }

    /** ns per task against the tasks of a tree, one line per id, where the run measured trees of several sizes. */
    @Override
    public void charts(Path dir, Run run) {
        List<Series<SkynetSize>> trees = Series.of(run, Skynet.WORKLOAD);
        if (trees.stream().map(s -> s.size()).distinct().count() < 2) {
            return;
        }
        try {
            System.setProperty("java.awt.headless", "true");
            YIntervalSeriesCollection data = new YIntervalSeriesCollection();
            double lo = Double.POSITIVE_INFINITY;
            double hi = 0;
            long fewest = Long.MAX_VALUE;
            long most = 0;
            for (String id : Series.ids(run, trees)) {
                YIntervalSeries line = new YIntervalSeries(id, true, true);
                for (Series<SkynetSize> s : trees) {
                    Optional<Series.Row> r = s.row(run, id);
                    if (r.isEmpty()) {
                        continue;
                    }
                    long tasks = s.size().tasks();
                    Stats.State m = r.get().summary().states().get(0);
                    double low = m.interval() == null ? m.level() : m.interval().low();
                    double high = m.interval() == null ? m.level() : m.interval().high();
                    line.add(tasks, m.level(), low, high);
                    lo = Math.min(lo, low);
                    hi = Math.max(hi, high);
                    fewest = Math.min(fewest, tasks);
                    most = Math.max(most, tasks);
                }
                if (line.getItemCount() > 0) {
                    data.addSeries(line);
                }
            }
            LogAxis x = new LogAxis("tasks per tree (log scale)");
            x.setBase(10);
            x.setRange(fewest / 1.5, most * 1.5);
            x.setTickUnit(new NumberTickUnit(1.0));
            x.setNumberFormatOverride(new DecimalFormat("#,##0"));
            LogAxis y = new LogAxis("ns per task (log scale)");
            y.setBase(10);
            y.setRange(Math.pow(10, Math.floor(Math.log10(lo / 1.2))), hi * 1.3);
            y.setTickUnit(new NumberTickUnit(1.0));
            y.setNumberFormatOverride(new DecimalFormat("#,##0.###"));
            XYErrorRenderer renderer = new XYErrorRenderer();
            renderer.setDrawXError(false);
            renderer.setDefaultLinesVisible(true);
            XYPlot plot = new XYPlot(data, x, y, renderer);
            plot.setBackgroundPaint(Color.WHITE);
            JFreeChart chart = new JFreeChart("Skynet: ns per task against the tree's tasks", JFreeChart.DEFAULT_TITLE_FONT,
                    plot, true);
            ChartUtils.saveChartAsPNG(dir.resolve(CHART).toFile(), chart, 1000, 650);
        } catch (Exception | LinkageError e) {
            // a chart that cannot be drawn here leaves the tables whole
        }
    }
}
