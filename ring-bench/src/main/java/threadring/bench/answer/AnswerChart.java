package threadring.bench.answer;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.CombinedRangeXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import threadring.bench.report.Board;
import threadring.bench.stats.Stats;

/**
 * The answer's chart: one panel per workload, each model's fastest form as its level over the
 * workload's best (1 is the best; log scale), whiskers to the ends of that ratio's 95% interval,
 * each tier on a band of its own shade, Go's reference rows in another colour and shape. One SVG,
 * drawn by JFreeChart into JFreeSVG, sized for a README's column.
 */
public final class AnswerChart {

    /** README's column: the chart is drawn at this width and scales down with the page. */
    public static final int WIDTH = 880;
    static final int ROW = 15;
    static final int PANEL_PADDING = 46;
    static final Color JVM = new Color(0x1f4e79);
    static final Color GO = new Color(0xd95f02);
    static final Color[] BANDS = {new Color(0xeef3f8), new Color(0xfdfdfd)};

    /** What the marks mean, above the panels (a README's image shows no alt text). */
    static final String LEGEND = "● each model's fastest form, 1x the workload's fastest   ├─┤ 95% interval of its ratio   "
            + "■ Go (reference)   shaded bands: tiers";

    private AnswerChart() {}

    /** The chart as SVG text; {@code boards} in the answer's order. */
    public static String svg(List<Board> boards) {
        System.setProperty("java.awt.headless", "true");
        // labels as SVG text, not glyph outlines: smaller, searchable, and free of the fonts' shapes
        org.jfree.chart.text.TextUtils.setUseDrawRotatedStringWorkaround(false);
        int height = boards.stream().mapToInt(b -> b.entries().size() * ROW + PANEL_PADDING).sum() + 80;
        JFreeChart chart = chart(boards);
        SVGGraphics2D g2 = new SVGGraphics2D(WIDTH, height);
        g2.setDefsKeyPrefix("answer"); // not the time: the same answer draws the same file
        chart.draw(g2, new Rectangle(0, 0, WIDTH, height));
        return g2.getSVGDocument();
    }

    static JFreeChart chart(List<Board> boards) {
        double hi = 2;
        double lo = 0.8;
        for (Board b : boards) {
            for (Board.Entry e : b.entries()) {
                Stats.Ratio r = over(b, e);
                hi = Math.max(hi, r.interval() == null ? r.value() : r.interval().high());
                lo = Math.min(lo, (r.interval() == null ? r.value() : r.interval().low()) / 1.1);
            }
        }
        LogAxis times = new LogAxis("each panel's unit (a time a step, server CPU a request or a lateness) over the workload's fastest, log scale");
        times.setBase(2);
        times.setRange(lo, hi * 1.4);
        times.setTickUnit(new NumberTickUnit(1.0)); // a tick at every doubling
        times.setNumberFormatOverride(new DecimalFormat("#,##0.##'x'"));
        times.setMinorTickCount(1);
        times.setMinorTickMarksVisible(true);
        times.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        CombinedRangeXYPlot plot = new CombinedRangeXYPlot(times);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.setGap(8);
        for (Board b : boards) {
            plot.add(panel(b), b.entries().size() + 2);
        }
        JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, false);
        chart.addSubtitle(new TextTitle(LEGEND, new Font(Font.SANS_SERIF, Font.PLAIN, 12)));
        chart.setBackgroundPaint(Color.WHITE);
        chart.setPadding(new RectangleInsets(6, 6, 6, 12));
        return chart;
    }

    /** An entry's level over the board's first, with the interval a re-run's ratio falls in (1 for the first). */
    static Stats.Ratio over(Board b, Board.Entry e) {
        Board.Entry first = b.entries().get(0);
        return e == first ? new Stats.Ratio(1, null, Double.NaN) : b.over(e, first);
    }

    private static XYPlot panel(Board b) {
        List<Board.Entry> entries = b.entries();
        YIntervalSeries jvm = new YIntervalSeries("JVM models", false, true);
        YIntervalSeries go = new YIntervalSeries("Go (reference)", false, true);
        String[] labels = new String[entries.size()];
        for (int i = 0; i < entries.size(); i++) {
            Board.Entry e = entries.get(i);
            Stats.Ratio r = over(b, e);
            double low = r.interval() == null ? r.value() : Math.min(r.interval().low(), r.value());
            double high = r.interval() == null ? r.value() : Math.max(r.interval().high(), r.value());
            (e.model().equals(Rankings.GO) ? go : jvm).add(i, r.value(), low, high);
            labels[i] = e.id() + (e.tier() > 0 ? "" : " (no tier)");
        }
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        data.addSeries(jvm);
        data.addSeries(go);
        SymbolAxis ids = new SymbolAxis(b.series().workload().label() + " (" + b.unit() + ")", labels);
        ids.setInverted(true);
        ids.setGridBandsVisible(false);
        ids.setRange(-0.7, entries.size() - 0.3);
        ids.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        ids.setLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDrawXError(false);
        renderer.setDrawYError(true);
        renderer.setCapLength(5);
        renderer.setErrorStroke(new BasicStroke(1.4f));
        renderer.setDefaultLinesVisible(false);
        renderer.setSeriesPaint(0, JVM);
        renderer.setSeriesPaint(1, GO);
        renderer.setSeriesShape(0, new Ellipse2D.Double(-4, -4, 8, 8));
        renderer.setSeriesShape(1, new Rectangle2D.Double(-4.5, -4.5, 9, 9));
        XYPlot panel = new XYPlot(data, ids, null, renderer);
        panel.setOrientation(PlotOrientation.HORIZONTAL);
        panel.setBackgroundPaint(Color.WHITE);
        panel.setDomainGridlinesVisible(false);
        panel.setRangeGridlinePaint(new Color(0xcccccc));
        int start = 0;
        for (int i = 1; i <= entries.size(); i++) {
            if (i == entries.size() || entries.get(i).tier() != entries.get(start).tier()) {
                IntervalMarker band = new IntervalMarker(start - 0.5, i - 0.5);
                band.setPaint(BANDS[entries.get(start).tier() % 2]);
                band.setOutlinePaint(null);
                panel.addDomainMarker(band, Layer.BACKGROUND);
                start = i;
            }
        }
        return panel;
    }
}
