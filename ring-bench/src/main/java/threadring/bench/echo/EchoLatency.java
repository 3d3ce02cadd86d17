package threadring.bench.echo;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import threadring.bench.data.Run;
import threadring.bench.report.Chart;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.Series;
import threadring.bench.stats.Stats;
import threadring.core.echo.EchoServer;
import threadring.core.echo.EchoSize;

/**
 * Latency at fixed offered rates, from the open-model generator: per echo series that answers at
 * once, each id's p50 / p99 / p99.9 at every rate it was offered (the median over repetitions of
 * each percentile), and the highest rate it sustained (every request answered, p99 at most the
 * target); and the curve server engineers read, p99 against the offered rate, one line per id.
 */
final class EchoLatency {

    private EchoLatency() {}

    /** The chart's file for a series. */
    static String png(Series<EchoSize> s) {
        return "chart-latency-" + s.label() + "-" + s.size().file("") + ".png";
    }

    static String svg(Series<EchoSize> s) {
        return png(s).replace(".png", ".svg");
    }

    /** Per id, per offered rate, its rungs (one per repetition that offered it). */
    static Map<Double, List<EchoScore.Rung>> rungs(Series.Row r) {
        Map<Double, List<EchoScore.Rung>> byRate = new TreeMap<>();
        r.measured().score(EchoScore.class).ifPresent(e -> e.repetitions().stream().filter(x -> x.ladder() != null)
                .flatMap(x -> x.ladder().rungs().stream())
                .forEach(g -> byRate.computeIfAbsent(g.offered(), k -> new ArrayList<>()).add(g)));
        return byRate;
    }

    /** Whether the series has any ladder (a wait series and older runs have none). */
    static boolean any(List<Series.Row> rows) {
        return rows.stream().anyMatch(r -> !rungs(r).isEmpty());
    }

    static void write(Series<EchoSize> series, String name, List<Series.Row> rows, Doc doc) {
        if (!any(rows)) {
            return;
        }
        TreeSet<Double> rates = new TreeSet<>();
        rows.forEach(r -> rates.addAll(rungs(r).keySet()));
        List<Doc.Row> table = new ArrayList<>();
        for (Series.Row r : rows) {
            Map<Double, List<EchoScore.Rung>> byRate = rungs(r);
            List<Doc.Cell> cells = new ArrayList<>(List.of(Doc.Cell.of(r.id())));
            for (double rate : rates) {
                List<EchoScore.Rung> at = byRate.getOrDefault(rate, List.of());
                cells.add(at.isEmpty() ? Doc.Cell.of("–") : cell(at));
            }
            List<EchoScore.OfferedRates> ladders = r.measured().score(EchoScore.class).orElseThrow().repetitions().stream()
                    .map(EchoScore.EchoRepetition::ladder).filter(Objects::nonNull).toList();
            cells.add(sustained(ladders));
            cells.add(Doc.Cell.of(ladders.isEmpty() ? "n/a" : claimed(ladders).limit()));
            double generator = Stats.median(r.measured().score(EchoScore.class).orElseThrow().repetitions().stream()
                    .filter(x -> x.ladder() != null).mapToDouble(x -> x.ladder().rungs().stream()
                            .mapToDouble(EchoScore.Rung::generatorCores).max().orElse(Double.NaN)));
            cells.add(Doc.Cell.number(String.format(Locale.ROOT, "%.2f", generator), generator));
            table.add(new Doc.Row(cells, Format.tags(r.id(), series.workload())));
        }
        List<Doc.Column> columns = new ArrayList<>(List.of(Format.text("id")));
        rates.forEach(x -> columns.add(Format.number(Format.rate(x) + "/s: p50 / p99 / p99.9 ms")));
        columns.add(Format.number("sustained up to (requests/s)"));
        columns.add(Format.text("the limit"));
        columns.add(Format.number("generator cores busy at its highest rate"));
        doc.heading(3, "Latency at fixed offered rates: " + name);
        doc.paragraph("After wrk, the open-model generator (a JVM of its own on the load's cpu: one Netty event "
                + "loop, C1 only, one GC thread) opens C connections of its own and has each answered once, then "
                + "offers rates from " + Format.rate(EchoScore.OfferedRates.RATES.get(0)) + " requests/s, doubling, one second each (a first "
                + "unkept second at the lowest is its own warm-up): request i is due at i / rate on connection i mod "
                + "C and is timed from when it was due, so that a request waiting for a busy connection or a slow "
                + "server counts its wait (a closed loop such as wrk leaves that out: coordinated omission). It "
                + "climbs while the server sustains the rate (every request answered, p99 at most "
                + Format.amount(EchoScore.OfferedRates.TARGET_P99_MS) + " ms), the generator's cpu is less than "
                + String.format(Locale.ROOT, "%.2f", EchoScore.OfferedRates.GENERATOR_BOUND_CORES) + " busy and its own p99 lag "
                + "(how late it sent a request due on an idle connection) less than "
                + Format.amount(EchoScore.OfferedRates.GENERATOR_LAG_SHARE * EchoScore.OfferedRates.TARGET_P99_MS) + " ms, and the rate is "
                + "at most " + EchoScore.OfferedRates.HEADROOM + "x the repetition's wrk peak. Each cell: the median over "
                + "repetitions of each percentile, p50 / p99 (its lowest–highest over them, and how often such a range "
                + "holds the median p99 of repetitions: " + Math.round(100 * rangeHoldsMedian(3)) + "% for 3 of them, "
                + Math.round(100 * rangeHoldsMedian(6)) + "% for 6) / p99.9; "
                + "*(generator busy)*: the generator's cpu was "
                + String.format(Locale.ROOT, "%.2f", EchoScore.OfferedRates.GENERATOR_BOUND_CORES) + " busy or more, so its "
                + "own lateness is in the latency; *(generator late)*: its own p99 lag was "
                + Format.amount(EchoScore.OfferedRates.GENERATOR_LAG_SHARE * EchoScore.OfferedRates.TARGET_P99_MS) + " ms or more, a "
                + "material share of the target; *–*: not offered. *sustained up to*: the highest rate sustained, "
                + "the lower median over repetitions; *the limit*: what ended that repetition's climb, the server "
                + "(it missed the target while the generator was on time), the generator (its cpu busy or its lag "
                + "material: the sustained rate reads *at least*) or the headroom (*at least* too).");
        doc.add(new Doc.Image("p99 latency against the offered rate, log scales", png(series), svg(series)));
        doc.add(new Doc.Table("echo-latency", columns, table));
        List<String> errors = rows.stream().flatMap(r -> r.measured().score(EchoScore.class).orElseThrow().repetitions().stream()
                .filter(x -> x.ladder() != null && x.ladder().errors() != null)
                .map(x -> r.id() + ": the generator's connections had errors: " + x.ladder().errors())).toList();
        doc.bullets(errors);
    }

    /**
     * How a repetition's climb ended: its highest sustained rate (0: none), and which side ended it:
     * the server (it missed the target), the generator (its cpu busy) or the headroom (the next rate
     * was more than the headroom over wrk's peak, or none was left).
     */
    record Climb(double top, String limit, boolean byServer) {
        static Climb of(EchoScore.OfferedRates l) {
            double top = l.rungs().stream().filter(g -> g.sustained(EchoScore.OfferedRates.TARGET_P99_MS))
                    .mapToDouble(EchoScore.Rung::offered).max().orElse(0);
            if (l.rungs().isEmpty()) {
                return new Climb(0, "not offered (the generator held " + l.held().held() + " of " + l.held().asked()
                        + " connections)", false);
            }
            EchoScore.Rung last = l.rungs().get(l.rungs().size() - 1);
            String at = " at " + Format.rate(last.offered()) + "/s";
            if (last.generatorBound(EchoScore.OfferedRates.TARGET_P99_MS)) {
                return new Climb(top, "generator (its own p99 lag " + ms(last.lagP99Us() / 1000) + " ms, its cpu "
                        + String.format(Locale.ROOT, "%.2f", last.generatorCores()) + " busy" + at + ")", false);
            }
            if (last.answered() < last.requests()) {
                return new Climb(top, "server (" + String.format(Locale.ROOT, "%,d", last.requests() - last.answered())
                        + " unanswered" + at + ")", true);
            }
            if (!last.sustained(EchoScore.OfferedRates.TARGET_P99_MS)) {
                return new Climb(top, "server (p99 " + ms(last.latencyUs().p99() / 1000) + " ms" + at + ")", true);
            }
            return new Climb(top, "headroom (no higher rate within " + EchoScore.OfferedRates.HEADROOM + "x wrk's peak)", false);
        }
    }

    /** The repetition whose climb is claimed: the lower median by highest sustained rate. */
    static Climb claimed(List<EchoScore.OfferedRates> ladders) {
        List<Climb> sorted = ladders.stream().map(Climb::of).sorted(Comparator.comparingDouble(Climb::top))
                .toList();
        return sorted.get((sorted.size() - 1) / 2);
    }

    /**
     * The highest rate sustained, the lower median over repetitions (of an even count, the lower of
     * the middle two: a rate half the repetitions did not sustain is not claimed); *at least* where
     * that repetition's climb ended on the generator or the headroom, not on the server.
     */
    static Doc.Cell sustained(List<EchoScore.OfferedRates> ladders) {
        if (ladders.isEmpty()) {
            return Doc.Cell.of("n/a");
        }
        Climb c = claimed(ladders);
        if (c.top() == 0) {
            return Doc.Cell.number("below " + Format.rate(EchoScore.OfferedRates.RATES.get(0)), 0);
        }
        return Doc.Cell.number((c.byServer() ? "" : "at least ") + Format.rate(c.top()), c.top());
    }

    private static Doc.Cell cell(List<EchoScore.Rung> at) {
        double p50 = Stats.median(at.stream().mapToDouble(g -> g.latencyUs().p50())) / 1000;
        double p99 = Stats.median(at.stream().mapToDouble(g -> g.latencyUs().p99())) / 1000;
        double p999 = Stats.median(at.stream().mapToDouble(g -> g.latencyUs().p999())) / 1000;
        long unanswered = at.stream().mapToLong(g -> g.requests() - g.answered()).sum();
        boolean generatorBusy = Stats.median(at.stream().mapToDouble(EchoScore.Rung::generatorCores))
                >= EchoScore.OfferedRates.GENERATOR_BOUND_CORES;
        boolean generatorLate = Stats.median(at.stream().mapToDouble(EchoScore.Rung::lagP99Us))
                >= EchoScore.OfferedRates.GENERATOR_LAG_SHARE * EchoScore.OfferedRates.TARGET_P99_MS * 1000;
        // one-second rungs: a p99 moves a lot between repetitions, so its range over them goes beside it,
        // with how often such a range holds the median p99 (order statistics: no shape assumed)
        String range = at.size() < 2 ? "" : " (" + ms(at.stream().mapToDouble(g -> g.latencyUs().p99()).min().orElseThrow()
                / 1000) + "–" + ms(at.stream().mapToDouble(g -> g.latencyUs().p99()).max().orElseThrow() / 1000) + ", "
                + Math.round(100 * rangeHoldsMedian(at.size())) + "%)";
        return Doc.Cell.number(ms(p50) + " / " + ms(p99) + range + " / " + ms(p999)
                + (unanswered > 0 ? " (" + String.format(Locale.ROOT, "%,d", unanswered) + " unanswered)" : "")
                + (generatorBusy ? " (generator busy)" : generatorLate ? " (generator late)" : ""), p99);
    }

    /**
     * How often the lowest–highest of {@code n} repetitions holds the median of what repetitions read
     * (independent draws, any continuous distribution): 1 - 2 (1/2)^n; 75% for 3, 97% for 6.
     */
    static double rangeHoldsMedian(int n) {
        return 1 - Math.pow(0.5, n - 1);
    }

    private static String ms(double v) {
        return String.format(Locale.ROOT, v < 10 ? "%.2f" : "%,.1f", v);
    }

    /** Draws each series' chart (never throws). */
    static void charts(Path dir, Run run, Function<Series<EchoSize>, String> names) {
        for (Series<EchoSize> s : Series.of(run, EchoServer.WORKLOAD)) {
            List<Series.Row> rows = s.rows(run);
            if (any(rows)) {
                try {
                    Chart.save(dir, build(run, s, rows, names), png(s), svg(s));
                } catch (Exception | LinkageError e) {
                    // the table says it all; the chart is not drawn
                }
            }
        }
    }

    static Optional<Chart.Drawing> build(Run run, Series<EchoSize> s, List<Series.Row> rows,
            Function<Series<EchoSize>, String> names) {
        System.setProperty("java.awt.headless", "true");
        XYSeriesCollection data = new XYSeriesCollection();
        List<String> ids = new ArrayList<>();
        for (Series.Row r : rows) {
            XYSeries line = new XYSeries(r.id(), true, false);
            rungs(r).forEach((rate, at) -> line.add(rate.doubleValue(),
                    Stats.median(at.stream().mapToDouble(g -> g.latencyUs().p99())) / 1000));
            if (line.getItemCount() > 0) {
                data.addSeries(line);
                ids.add(r.id());
            }
        }
        if (ids.isEmpty()) {
            return Optional.empty();
        }
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < ids.size(); i++) {
            renderer.setSeriesPaint(i, Chart.PALETTE[i % Chart.PALETTE.length]);
            renderer.setSeriesStroke(i, new BasicStroke(2f));
        }
        XYPlot plot = new XYPlot(data, log("offered requests per second (log scale; offered: "
                + EchoScore.OfferedRates.RATES.stream().map(Format::rate).collect(Collectors.joining(", "))
                + ", while sustained)"), log("p99 latency, ms (log scale)"), renderer);
        // the target a sustained rate meets: points under the line were sustained (if all answered)
        org.jfree.chart.plot.ValueMarker target = new org.jfree.chart.plot.ValueMarker(EchoScore.OfferedRates.TARGET_P99_MS,
                Color.GRAY, new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                        new float[] {6f, 4f}, 0f));
        target.setLabel("target: p99 " + Format.amount(EchoScore.OfferedRates.TARGET_P99_MS) + " ms");
        target.setLabelAnchor(org.jfree.chart.ui.RectangleAnchor.TOP_RIGHT);
        target.setLabelTextAnchor(org.jfree.chart.ui.TextAnchor.BOTTOM_RIGHT);
        plot.addRangeMarker(target);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xcccccc));
        plot.setRangeGridlinePaint(new Color(0xcccccc));
        JFreeChart chart = new JFreeChart("threadring " + run.runId() + ": " + names.apply(s)
                + ", p99 against the offered rate", new Font(Font.SANS_SERIF, Font.BOLD, 15), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getLegend().setPosition(RectangleEdge.BOTTOM);
        return Optional.of(new Chart.Drawing(chart, Chart.WIDTH, 600, ids));
    }

    private static LogAxis log(String label) {
        LogAxis a = new LogAxis(label);
        a.setBase(10);
        a.setSmallestValue(1e-3);
        a.setTickUnit(new NumberTickUnit(1.0));
        a.setNumberFormatOverride(new DecimalFormat("#,##0.###"));
        a.setMinorTickCount(9);
        a.setMinorTickMarksVisible(true);
        return a;
    }
}
