package threadring.bench.workloads.ring;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Ellipse2D;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.List;
import java.util.Optional;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import threadring.bench.data.Configuration;
import threadring.bench.data.Run;
import threadring.bench.report.Chart;
import threadring.bench.report.Series;
import threadring.bench.stats.Stats;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;

/** ns per hop against one ring parameter the run varies (chart-scale.png for ring sizes, log-log). */
public final class ParameterChart {

    private ParameterChart() {}

    /** Draws the chart of one ring parameter the run varies; a reason otherwise or on failure. */
    static Chart.Outcome write(Path runDir, Run run, Parameter p) {
        try {
            Optional<Chart.Drawing> d = build(run, p);
            if (d.isEmpty()) {
                return new Chart.Outcome(null, null, "one value of " + p.option + " only");
            }
            ChartUtils.saveChartAsPNG(runDir.resolve(p.chartFile()).toFile(), d.get().chart(), d.get().width(),
                    d.get().height());
            return new Chart.Outcome(p.chartFile(), null, null);
        } catch (Exception | LinkageError e) {
            return new Chart.Outcome(null, null, e.toString());
        }
    }

    /**
     * One line per id (and configuration, and combination of the other parameters): level in ns per
     * hop against the parameter, whiskers to the 95% interval. The ns axis is logarithmic; so is
     * the ring-size axis, where a constant slope is then a power law.
     */
    public static Optional<Chart.Drawing> build(Run run, Parameter p) {
        System.setProperty("java.awt.headless", "true");
        if (!Parameter.varied(run).contains(p)) {
            return Optional.empty();
        }
        Lines lines = lines(run, p);
        YIntervalSeriesCollection data = lines.data();
        if (data.getSeriesCount() == 0) {
            return Optional.empty();
        }
        ValueAxis nodesAxis = parameterAxis(p, lines.minNodes(), lines.maxNodes());
        LogAxis nsAxis = new LogAxis("ns per hop (log scale)");
        nsAxis.setBase(10);
        nsAxis.setRange(Math.pow(10, Math.floor(Math.log10(lines.lo() / 1.2))), lines.hi() * 1.3);
        nsAxis.setTickUnit(new NumberTickUnit(1.0));
        nsAxis.setNumberFormatOverride(new DecimalFormat("#,##0.###"));
        XYPlot plot = new XYPlot(data, nodesAxis, nsAxis, renderer(data.getSeriesCount()));
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xcccccc));
        plot.setRangeGridlinePaint(new Color(0xcccccc));
        JFreeChart chart = new JFreeChart("threadring " + run.runId() + ": ns per hop against " + p.option
                + ", level and 95% interval", new Font(Font.SANS_SERIF, Font.BOLD, 15), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getLegend().setPosition(RectangleEdge.RIGHT);
        return Optional.of(new Chart.Drawing(chart, Chart.WIDTH, 700, Series.ids(run)));
    }

    /** The lines drawn, the lowest and highest whisker ends and the parameter's least and greatest value. */
    private record Lines(YIntervalSeriesCollection data, double lo, double hi, int minNodes, int maxNodes) {}

    /** A line per configuration, combination of the other parameters and id, where it has a point. */
    private static Lines lines(Run run, Parameter p) {
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        int minNodes = Integer.MAX_VALUE;
        int maxNodes = 0;
        List<Series<RingSize>> rings = Series.of(run, Ring.WORKLOAD);
        List<String> others = rings.stream().map(s -> p.others(Parameters.shape(s))).distinct().toList();
        for (Configuration c : run.configurations()) {
            for (String other : others) {
            for (String id : Series.ids(run)) {
                String name = id + (run.configurations().size() > 1 ? " (" + c.label() + ")" : "")
                        + (others.size() > 1 ? " " + other : "");
                YIntervalSeries line = new YIntervalSeries(name, true, true);
                for (Series<RingSize> s : rings) {
                    if (!s.config().equals(c) || !p.others(Parameters.shape(s)).equals(other)) {
                        continue;
                    }
                    Optional<Series.Row> r = s.row(run, id);
                    if (r.isPresent()) {
                        int x = p.of(Parameters.shape(s));
                        for (Stats.State m : r.get().summary().modes()) { // a row in states: a point per state
                            double low = m.interval() == null ? m.median() : Math.min(m.interval().low(), m.median());
                            double high = m.interval() == null ? m.median() : Math.max(m.interval().high(), m.median());
                            line.add(x, m.median(), low, high);
                            lo = Math.min(lo, low);
                            hi = Math.max(hi, high);
                        }
                        minNodes = Math.min(minNodes, x);
                        maxNodes = Math.max(maxNodes, x);
                    }
                }
                if (line.getItemCount() > 0) {
                    data.addSeries(line);
                }
            }
            }
        }
        return new Lines(data, lo, hi, minNodes, maxNodes);
    }

    /** The parameter's axis: logarithmic where {@code p} says so, else linear with a little padding. */
    private static ValueAxis parameterAxis(Parameter p, int minNodes, int maxNodes) {
        if (p.logScale) {
            LogAxis log = new LogAxis(p.axis + " (log scale)");
            log.setBase(10);
            log.setRange(minNodes / 1.5, maxNodes * 1.5);
            log.setTickUnit(new NumberTickUnit(1.0));
            log.setNumberFormatOverride(new DecimalFormat("#,##0"));
            return log;
        }
        NumberAxis linear = new NumberAxis(p.axis);
        double pad = Math.max(1, (maxNodes - minNodes) * 0.05);
        linear.setRange(minNodes - pad, maxNodes + pad);
        linear.setNumberFormatOverride(new DecimalFormat("#,##0"));
        return linear;
    }

    /** Error bars joined by lines, a palette colour per line, dashed past the palette's ten. */
    private static XYErrorRenderer renderer(int lines) {
        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDrawXError(false);
        renderer.setDrawYError(true);
        renderer.setDefaultLinesVisible(true);
        renderer.setDefaultShapesVisible(true);
        renderer.setCapLength(6);
        for (int s = 0; s < lines; s++) {
            renderer.setSeriesPaint(s, Chart.PALETTE[s % Chart.PALETTE.length]);
            renderer.setSeriesShape(s, new Ellipse2D.Double(-4, -4, 8, 8));
            // past the palette's ten colours, dashed lines tell the colours' second use apart
            renderer.setSeriesStroke(s, new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f,
                    s < Chart.PALETTE.length ? null : new float[] {6f, 4f}, 0f));
        }
        return renderer;
    }
}
