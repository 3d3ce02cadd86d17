package threadring.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Rectangle;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGUtils;
import threadring.bench.data.Run;
import threadring.bench.stats.Stats;
import threadring.core.Size;
import threadring.core.Workload;

/**
 * The run's chart: one line per id, fastest on top; a dot at its level in ns per hop and whiskers
 * to the ends of its 95% interval over forks, on a log axis (JFreeChart maps each end through
 * the axis, so an asymmetric interval is drawn where it lies). Colour says the model, a hollow
 * dot a flagged row (one dot per state where its forks settle in states), the marker's shape the
 * configuration when there are several.
 */
public final class Chart {

    public static final String PNG = "chart.png";
    public static final String SVG = "chart.svg";
    /** ns per hop against ring size, log-log, for runs with several sizes. */
    public static final int WIDTH = 1100;
    public static final int ROW_HEIGHT = 24;

    /** Tableau-like colours, assigned to models in alphabetical order. */
    public static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c),
            new Color(0xd62728), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f),
            new Color(0xbcbd22), new Color(0x17becf)};

    /** What was drawn (run-relative file names), or why not. */
    public record Outcome(String png, String svg, String problem) {}

    /** A chart ready to draw, with the ids top to bottom. */
    public record Drawing(JFreeChart chart, int width, int height, List<String> ids) {
        XYPlot plot() {
            return chart.getXYPlot();
        }
    }

    private Chart() {}

    /** What the main chart's axis counts: hops, and exchanged values if the run has the rendezvous. */
    public static String unit(List<? extends Series<?>> series) {
        List<Workload<?, ?>> workloads = series.stream().<Workload<?, ?>>map(Series::workload).distinct().toList();
        return "ns per " + (workloads.size() == 1 ? workloads.get(0).unit() : workloads.stream()
                .map(w -> w.unit() + " (" + w.label() + ")").collect(Collectors.joining(" or ")));
    }

    /**
     * Draws the chart of {@code series} as {@code png} and {@code svgFile} in {@code runDir}, values
     * divided by {@code scale}; never throws: no results or no fonts give a reason instead.
     */
    public static <T extends Series<?>> Outcome write(Path runDir, Run run, List<T> series,
            Function<? super T, String> names, String unit, double scale, String png, String svgFile) {
        if (series.isEmpty()) {
            return new Outcome(null, null, "no results to draw");
        }
        try {
            return save(runDir, build(run, series, names, unit, scale), png, svgFile);
        } catch (Exception | LinkageError e) {
            return new Outcome(null, null, e.toString());
        }
    }

    /** Draws {@code drawing} as {@code png} and {@code svgFile} in {@code runDir}; never throws. */
    public static Outcome save(Path runDir, Optional<Drawing> drawing, String png, String svgFile) {
        try {
            Optional<Drawing> d = drawing;
            if (d.isEmpty()) {
                return new Outcome(null, null, "no results to draw");
            }
            ChartUtils.saveChartAsPNG(runDir.resolve(png).toFile(), d.get().chart(), d.get().width(), d.get().height());
            String svg = null;
            try {
                SVGGraphics2D g2 = new SVGGraphics2D(d.get().width(), d.get().height());
                d.get().chart().draw(g2, new Rectangle(0, 0, d.get().width(), d.get().height()));
                SVGUtils.writeToSVG(runDir.resolve(svgFile).toFile(), g2.getSVGElement());
                svg = svgFile;
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(runDir.resolve(svgFile)); // the PNG is enough
            }
            return new Outcome(png, svg, null);
        } catch (Exception | LinkageError e) {
            return new Outcome(null, null, e.toString());
        }
    }

    /** The chart of the run's ring and rendezvous, each series named by {@code names}, or empty if nothing was measured. */
    public static Optional<Drawing> build(Run run, Function<Series<?>, String> names) {
        List<Series<?>> steps = Series.steps(run);
        return build(run, steps, names, unit(steps), 1);
    }

    /**
     * The chart of some series, values divided by {@code scale} ({@code unit} says what is left),
     * or empty if nothing was measured in them.
     */
    public static <T extends Series<?>> Optional<Drawing> build(Run run, List<T> configs,
            Function<? super T, String> names, String unit, double scale) {
        System.setProperty("java.awt.headless", "true");
        List<String> ids = ids(run, configs);
        if (ids.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Series.Row> rows = rows(run, configs);
        Map<String, Color> colours = colours(ids);
        Points points = points(configs, names, ids, rows, scale);
        SymbolAxis idAxis = idAxis(ids, rows);
        LogAxis nsAxis = nsAxis(unit, points.lo(), points.hi());
        Shape[] shapes = {new Ellipse2D.Double(-5, -5, 10, 10), new Rectangle2D.Double(-5, -5, 10, 10),
                ShapeUtils.createUpTriangle(6), ShapeUtils.createDiamond(6)};
        XYErrorRenderer renderer = renderer(colours, points.items(), shapes, configs.size());

        XYPlot plot = new XYPlot(points.data(), idAxis, nsAxis, renderer);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinesVisible(true);
        plot.setDomainGridlinePaint(new Color(0xeeeeee));
        plot.setRangeGridlinePaint(new Color(0xcccccc));
        plot.setRangeMinorGridlinesVisible(true);
        plot.setRangeMinorGridlinePaint(new Color(0xf2f2f2));
        plot.setFixedLegendItems(legend(colours, configs.stream().map(names).toList(), shapes));

        JFreeChart chart = new JFreeChart("threadring " + run.runId() + ": " + unit + ", level and 95% interval over "
                + (configs.stream().allMatch(c -> c.size().scale() == Size.Scale.PER_SECOND) ? "repetitions"
                        : "forks"), new Font(Font.SANS_SERIF, Font.BOLD, 15), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setPadding(new RectangleInsets(4, 4, 4, 24)); // room for the last tick label
        LegendTitle legend = chart.getLegend();
        legend.setPosition(RectangleEdge.BOTTOM);
        int height = 150 + ids.size() * Math.max(ROW_HEIGHT, 10 * configs.size());
        return Optional.of(new Drawing(chart, WIDTH, height, ids));
    }

    /** The drawn points, the row of each (per series, per item) and the ends of the lowest and highest whiskers. */
    private record Points(YIntervalSeriesCollection data, List<List<Series.Row>> items, double lo, double hi) {}

    /** Every id the series measured, in the order first met. */
    private static List<String> ids(Run run, List<? extends Series<?>> configs) {
        List<String> ids = new ArrayList<>();
        configs.forEach(x -> x.rows(run).stream().map(Series.Row::id).filter(id -> !ids.contains(id))
                .forEach(ids::add));
        return ids;
    }

    /** Every series' rows, keyed by the series' index and the row's id. */
    private static Map<String, Series.Row> rows(Run run, List<? extends Series<?>> configs) {
        Map<String, Series.Row> rows = new HashMap<>();
        for (int s = 0; s < configs.size(); s++) {
            int series = s;
            configs.get(s).rows(run).forEach(r -> rows.put(series + " " + r.id(), r));
        }
        return rows;
    }

    /** A palette colour per model, assigned in alphabetical order. */
    private static Map<String, Color> colours(List<String> ids) {
        Map<String, Color> colours = new HashMap<>();
        new TreeSet<>(ids.stream().map(id -> id.substring(0, id.indexOf('/'))).toList())
                .forEach(m -> colours.put(m, PALETTE[colours.size() % PALETTE.length]));
        return colours;
    }

    /** One point per row and state, each series offset a little from its ids' lines. */
    private static <T extends Series<?>> Points points(List<T> configs, Function<? super T, String> names,
            List<String> ids, Map<String, Series.Row> rows, double scale) {
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        List<List<Series.Row>> items = new ArrayList<>(); // per series, per item: the row drawn
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (int s = 0; s < configs.size(); s++) {
            YIntervalSeries series = new YIntervalSeries(names.apply(configs.get(s)), false, true);
            List<Series.Row> drawn = new ArrayList<>();
            double offset = configs.size() == 1 ? 0 : (s - (configs.size() - 1) / 2.0) * 0.6 / configs.size();
            for (int i = 0; i < ids.size(); i++) {
                Series.Row r = rows.get(s + " " + ids.get(i));
                if (r == null) {
                    continue;
                }
                // a row in states is drawn once per state, each with its own interval, never their average
                for (Stats.State m : r.summary().modes()) {
                    double median = m.median() / scale;
                    double low = m.interval() == null ? median : Math.min(m.interval().low() / scale, median);
                    double high = m.interval() == null ? median : Math.max(m.interval().high() / scale, median);
                    series.add(i + offset, median, low, high);
                    drawn.add(r);
                    lo = Math.min(lo, low);
                    hi = Math.max(hi, high);
                }
            }
            data.addSeries(series);
            items.add(drawn);
        }
        return new Points(data, items, lo, hi);
    }

    /** The id axis, fastest on top, a flagged id's label saying its flags. */
    private static SymbolAxis idAxis(List<String> ids, Map<String, Series.Row> rows) {
        String[] labels = ids.stream().map(id -> rows.values().stream()
                .anyMatch(r -> r.id().equals(id) && r.summary().isUnstable()) ? id + " (" + flags(rows.values(), id) + ")"
                        : id)
                .toArray(String[]::new);
        SymbolAxis idAxis = new SymbolAxis(null, labels);
        idAxis.setInverted(true); // fastest on top
        idAxis.setGridBandsVisible(false);
        idAxis.setRange(-0.6, ids.size() - 0.4);
        idAxis.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        return idAxis;
    }

    /** The log value axis, from {@code lo}'s power of ten to a little past {@code hi}. */
    private static LogAxis nsAxis(String unit, double lo, double hi) {
        LogAxis nsAxis = new LogAxis(unit + " (log scale)");
        nsAxis.setBase(10);
        nsAxis.setSmallestValue(1e-3);
        // From a power of ten (always a labelled tick) to a little past the slowest whisker.
        nsAxis.setRange(Math.pow(10, Math.floor(Math.log10(lo / 1.2))), hi * 1.3);
        nsAxis.setTickUnit(new NumberTickUnit(1.0)); // one tick per power of ten
        nsAxis.setNumberFormatOverride(new DecimalFormat("#,##0.###"));
        nsAxis.setMinorTickCount(9);
        nsAxis.setMinorTickMarksVisible(true);
        return nsAxis;
    }

    /** Dots coloured by model, hollow where flagged, shaped by series, with whiskers to the interval's ends. */
    private static XYErrorRenderer renderer(Map<String, Color> colours, List<List<Series.Row>> items, Shape[] shapes,
            int count) {
        XYErrorRenderer renderer = new XYErrorRenderer() {
            private static final long serialVersionUID = 1L;

            @Override
            public Paint getItemPaint(int series, int item) {
                return colours.get(items.get(series).get(item).model());
            }

            @Override
            public boolean getItemShapeFilled(int series, int item) {
                return !items.get(series).get(item).summary().isUnstable();
            }
        };
        renderer.setDrawXError(false);
        renderer.setDrawYError(true);
        renderer.setDefaultLinesVisible(false);
        renderer.setDefaultShapesVisible(true);
        renderer.setUseOutlinePaint(false);
        renderer.setDrawOutlines(true);
        renderer.setCapLength(8);
        renderer.setErrorStroke(new BasicStroke(2f));
        renderer.setDefaultOutlineStroke(new BasicStroke(1.5f));
        for (int s = 0; s < count; s++) {
            renderer.setSeriesShape(s, shapes[s % shapes.length]);
        }
        return renderer;
    }

    private static LegendItemCollection legend(Map<String, Color> colours, List<String> configs, Shape[] shapes) {
        LegendItemCollection items = new LegendItemCollection();
        Shape dot = new Ellipse2D.Double(-5, -5, 10, 10);
        new TreeSet<>(colours.keySet()).forEach(m -> items.add(new LegendItem(m, null, null, null, dot, colours.get(m))));
        if (configs.size() > 1) {
            for (int s = 0; s < configs.size(); s++) {
                items.add(new LegendItem(configs.get(s), null, null, null, shapes[s % shapes.length],
                        Color.DARK_GRAY));
            }
        }
        items.add(new LegendItem("hollow: flagged (states: one dot per state; not settled; forks apart)", null, null, null, true, dot, false, Color.WHITE, true,
                Color.DARK_GRAY, new BasicStroke(1.5f), false, dot, new BasicStroke(1f), Color.DARK_GRAY));
        return items;
    }

    /** What flags an id's rows carry: "states", "not settled", "forks apart". */
    private static String flags(Collection<Series.Row> rows, String id) {
        return rows.stream().filter(r -> r.id().equals(id) && r.summary().isUnstable())
                .map(r -> r.summary().flag().cause().label).distinct().collect(Collectors.joining(", "));
    }
}
