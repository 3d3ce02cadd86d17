package threadring.bench.report;

import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import threadring.bench.data.Run;

/**
 * Time per step against CPU per step, one point per id and state (log scales): a point on the
 * diagonal used one core while it ran, one below it bought its time with more cores, one above
 * waited (parked, slept) for part of it. Colour says the model, the shape the series.
 */
final class CostChart {

    public static final String PNG = "chart-cost.png";
    public static final String SVG = "chart-cost.svg";
    public static final int SIZE = 900;

    private CostChart() {}

    public static Chart.Outcome write(Path dir, Run run, Function<Series<?>, String> names) {
        try {
            return Chart.save(dir, build(run, Series.steps(run), names), PNG, SVG);
        } catch (Exception | LinkageError e) {
            return new Chart.Outcome(null, null, e.toString());
        }
    }

    /** The chart, or empty where no row of {@code series} was counted. */
    public static Optional<Chart.Drawing> build(Run run, List<Series<?>> series, Function<Series<?>, String> names) {
        System.setProperty("java.awt.headless", "true");
        Points points = points(run, series, names);
        XYSeriesCollection data = points.data();
        List<List<Series.Row>> items = points.items();
        List<String> ids = points.ids();
        if (items.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Color> colours = new HashMap<>();
        new TreeSet<>(ids.stream().map(Format::model).toList())
                .forEach(m -> colours.put(m, Chart.PALETTE[colours.size() % Chart.PALETTE.length]));
        Shape[] shapes = {new Ellipse2D.Double(-5, -5, 10, 10), new Rectangle2D.Double(-5, -5, 10, 10),
                ShapeUtils.createUpTriangle(6), ShapeUtils.createDiamond(6)};
        XYLineAndShapeRenderer renderer = renderer(colours, items, shapes);
        double from = Math.pow(10, Math.floor(Math.log10(points.lo() / 1.2)));
        double to = points.hi() * 2;
        XYPlot plot = new XYPlot(data, axis("CPU ns per step, all the JVM's threads (log scale)", from, to),
                axis("ns per step (log scale)", from, to), renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xcccccc));
        plot.setRangeGridlinePaint(new Color(0xcccccc));
        // the diagonal: CPU time equal to wall time, one core busy
        XYSeries one = new XYSeries("one core busy");
        one.add(from, from);
        one.add(to, to);
        plot.setDataset(1, new XYSeriesCollection(one));
        XYLineAndShapeRenderer diagonal = new XYLineAndShapeRenderer(true, false);
        diagonal.setSeriesPaint(0, Color.GRAY);
        plot.setRenderer(1, diagonal);
        plot.setFixedLegendItems(legend(colours, data, items.size(), shapes));
        JFreeChart chart = new JFreeChart("threadring " + run.runId() + ": time per step against CPU per step",
                new Font(Font.SANS_SERIF, Font.BOLD, 15), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getLegend().setPosition(RectangleEdge.BOTTOM);
        return Optional.of(new Chart.Drawing(chart, Chart.WIDTH, SIZE, ids));
    }

    /**
     * The points drawn, per series (those with one), the row of each point, the ids drawn and the
     * least and greatest of the times and CPU times.
     */
    private record Points(XYSeriesCollection data, List<List<Series.Row>> items, List<String> ids, double lo,
            double hi) {}

    /** One point per counted row and state: its CPU per step against its time per step. */
    private static Points points(Run run, List<Series<?>> series, Function<Series<?>, String> names) {
        XYSeriesCollection data = new XYSeriesCollection();
        List<List<Series.Row>> items = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (Series<?> s : series) {
            XYSeries points = new XYSeries(names.apply(s), false, true);
            List<Series.Row> drawn = new ArrayList<>();
            for (Series.Row r : s.rows(run)) {
                List<Costs.Group> groups = Costs.groups(r);
                for (int g = 0; g < Math.min(groups.size(), r.summary().modes().size()); g++) {
                    double cpu = groups.get(g).cpuNs();
                    if (!(cpu > 0)) {
                        continue;
                    }
                    double time = r.summary().modes().get(g).level();
                    points.add(cpu, time);
                    drawn.add(r);
                    lo = Math.min(lo, Math.min(cpu, time));
                    hi = Math.max(hi, Math.max(cpu, time));
                    if (!ids.contains(r.id())) {
                        ids.add(r.id());
                    }
                }
            }
            if (!drawn.isEmpty()) {
                data.addSeries(points);
                items.add(drawn);
            }
        }
        return new Points(data, items, ids, lo, hi);
    }

    /** Points coloured by model, shaped by series, each labelled with its id. */
    private static XYLineAndShapeRenderer renderer(Map<String, Color> colours, List<List<Series.Row>> items,
            Shape[] shapes) {
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true) {
            private static final long serialVersionUID = 1L;

            @Override
            public Paint getItemPaint(int s, int item) {
                return colours.get(items.get(s).get(item).model());
            }
        };
        for (int s = 0; s < items.size(); s++) {
            renderer.setSeriesShape(s, shapes[s % shapes.length]);
        }
        renderer.setDefaultItemLabelGenerator((d, s, item) -> items.get(s).get(item).id());
        renderer.setDefaultItemLabelsVisible(true);
        renderer.setDefaultItemLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        return renderer;
    }

    /** The legend: a dot per model's colour, a shape per series and the diagonal. */
    private static LegendItemCollection legend(Map<String, Color> colours, XYSeriesCollection data, int series,
            Shape[] shapes) {
        LegendItemCollection legend = new LegendItemCollection();
        Shape dot = shapes[0];
        new TreeSet<>(colours.keySet()).forEach(m -> legend.add(new LegendItem(m, null, null, null, dot, colours.get(m))));
        for (int s = 0; s < series; s++) {
            legend.add(new LegendItem(String.valueOf(data.getSeriesKey(s)), null, null, null, shapes[s % shapes.length],
                    Color.DARK_GRAY));
        }
        legend.add(new LegendItem("diagonal: one core busy (below: more cores, above: waiting)", Color.GRAY));
        return legend;
    }

    private static LogAxis axis(String label, double from, double to) {
        LogAxis a = new LogAxis(label);
        a.setBase(10);
        a.setSmallestValue(1e-3);
        a.setRange(from, to);
        a.setTickUnit(new NumberTickUnit(1.0));
        a.setNumberFormatOverride(new DecimalFormat("#,##0.###"));
        a.setMinorTickCount(9);
        a.setMinorTickMarksVisible(true);
        return a;
    }
}
