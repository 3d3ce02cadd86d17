package threadring.bench;

import java.awt.Color;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.VectorGraphicsEncoder.VectorGraphicsFormat;
import org.knowm.xchart.style.Styler.LegendPosition;
import threadring.bench.RunData.Configuration;
import threadring.bench.RunData.Row;

/**
 * The run's chart: ns per hop per id on a log scale with JMH's 99.9% error bars, one bar series
 * per configuration (JDK and cpu set), drawn headless with XChart to chart.png and chart.svg.
 */
final class Chart {

    static final String PNG = "chart.png";
    static final String SVG = "chart.svg";
    static final int HEIGHT = 720;

    /** What was drawn (run-relative file names), or why not. */
    record Outcome(String png, String svg, String problem) {
        static Outcome existing(Path runDir) {
            return new Outcome(Files.exists(runDir.resolve(PNG)) ? PNG : null,
                    Files.exists(runDir.resolve(SVG)) ? SVG : null, null);
        }
    }

    private Chart() {}

    /** Draws the chart; never throws: a run without results or a JVM without fonts gets a reason. */
    static Outcome write(RunData run) {
        try {
            Optional<CategoryChart> chart = build(run);
            if (chart.isEmpty()) {
                return new Outcome(null, null, "no results to draw");
            }
            Path png = run.dir.resolve(PNG);
            BitmapEncoder.saveBitmap(chart.get(), png.toString(), BitmapFormat.PNG);
            String svg = null;
            try {
                VectorGraphicsEncoder.saveVectorGraphic(chart.get(), run.dir.resolve(SVG).toString(),
                        VectorGraphicsFormat.SVG);
                svg = SVG;
            } catch (Exception | LinkageError e) {
                // the PNG is enough
            }
            return new Outcome(PNG, svg, null);
        } catch (Exception | LinkageError e) {
            return new Outcome(null, null, e.toString());
        }
    }

    private static Optional<Row> measured(RunData run, Configuration c, String id) {
        return run.row(c.label(), id).filter(x -> x.nsPerHop() > 0 && Double.isFinite(x.nsPerHop()));
    }

    /** JMH's error in ns/hop; symmetric bars cannot reach zero on a log axis, so the lower end is clipped. */
    private static double error(Row r) {
        return Double.isFinite(r.errorNsPerHop()) ? Math.min(r.errorNsPerHop(), r.nsPerHop() * 0.9) : 0.0;
    }

    /** The chart, or empty if nothing was measured. */
    static Optional<CategoryChart> build(RunData run) {
        System.setProperty("java.awt.headless", "true");
        List<String> ids = Report.ids(run);
        if (ids.isEmpty()) {
            return Optional.empty();
        }
        int width = Math.max(900, 160 + ids.size() * (24 + 14 * run.configurations.size()));
        CategoryChart chart = new CategoryChartBuilder().width(width).height(HEIGHT)
                .title("threadring " + run.runId() + ": ns per hop (log scale, 99.9% error bars)")
                .xAxisTitle("implementation").yAxisTitle("ns per hop").build();
        var styler = chart.getStyler();
        styler.setYAxisLogarithmic(true);
        styler.setXAxisLabelRotation(60);
        styler.setLegendPosition(LegendPosition.InsideNE);
        styler.setLegendVisible(run.configurations.size() > 1);
        styler.setErrorBarsColor(Color.BLACK);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotGridVerticalLinesVisible(false);
        styler.setOverlapped(false);
        styler.setAvailableSpaceFill(0.8);
        // XChart starts bars at the axis minimum and has no gaps: the axis runs between powers of
        // ten around every bar and its error, and a missing id is a bar of zero height.
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (Configuration c : run.configurations) {
            for (String id : ids) {
                Optional<Row> r = measured(run, c, id);
                if (r.isPresent()) {
                    lo = Math.min(lo, r.get().nsPerHop() - error(r.get()));
                    hi = Math.max(hi, r.get().nsPerHop() + error(r.get()));
                }
            }
        }
        if (hi == 0) {
            return Optional.empty();
        }
        double axisMin = Math.pow(10, Math.floor(Math.log10(lo)));
        double axisMax = Math.pow(10, Math.ceil(Math.log10(hi * 1.0001)));
        styler.setYAxisMin(axisMin);
        styler.setYAxisMax(axisMax);
        for (Configuration c : run.configurations) {
            List<Double> values = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            boolean any = false;
            for (String id : ids) {
                Optional<Row> r = measured(run, c, id);
                values.add(r.map(Row::nsPerHop).orElse(axisMin));
                errors.add(r.map(Chart::error).orElse(0.0));
                any |= r.isPresent();
            }
            if (any) {
                chart.addSeries(c.label(), ids, values, errors);
            }
        }
        return Optional.of(chart);
    }
}
