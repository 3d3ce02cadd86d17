package threadring.bench.workloads.fanout;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import threadring.bench.data.Configuration;
import threadring.bench.data.Run;
import threadring.bench.report.Board;
import threadring.bench.report.Chart;
import threadring.bench.report.Costs;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.Profiles;
import threadring.bench.report.Ratios;
import threadring.bench.report.Series;
import threadring.bench.report.StepTable;
import threadring.bench.report.Text;
import threadring.bench.report.WorkloadSection;
import threadring.bench.stats.Interval;
import threadring.bench.stats.Stats;
import threadring.core.Workload;
import threadring.core.fanout.FanOut;
import threadring.core.fanout.FanOutSize;

/**
 * The fan-out: each model's fastest row against the ideal time, its chart, and per series a table
 * of ms per operation with "x ideal".
 */
public final class FanOutSection implements WorkloadSection<FanOutSize> {

    @Override
    public double costPer(Series<FanOutSize> s) {
        return s.size().tasks();
    }

    @Override
    public String costUnit() {
        return "task";
    }

    static final String PNG = "chart-fanout.png";
    static final String SVG = "chart-fanout.svg";

    @Override
    public Workload<FanOutSize, ?> workload() {
        return FanOut.WORKLOAD;
    }

    @Override
    public Text step(FanOutSize size) {
        Text t = new Text().words("start ").number(Format.count(size.tasks()), size.tasks())
                .words(" tasks that each sleep ").number(Format.count(size.delayMs()), size.delayMs()).words(" ms");
        return size.work() > 0 ? t.words(", then work") : t;
    }

    @Override
    public String job() {
        return "Many tasks that mostly wait";
    }

    /**
     * Every form sleeps the same delay, so an operation's time beyond it is what its tasks cost the
     * cpus after their timers fire (the ideal time's D + T x w / P): the leader's CPU a task beside
     * the other's.
     */
    @Override
    public Optional<Text> why(Run run, Series<FanOutSize> s, Board board, Board.Entry lead, Board.Entry other) {
        double l = lead.cost().cpuNs();
        double o = other.cost().cpuNs();
        if (!(o / l > 1)) {
            return Optional.empty();
        }
        return Optional.of(new Text().words("every task sleeps the same ").number(Format.count(s.size().delayMs()),
                s.size().delayMs()).words(" ms; the time beyond it is the CPU a task costs once its timer fires: ")
                .code(lead.id()).words(" ").number(Format.ns(l), l).words(" ns, ").code(other.id()).words(" ")
                .number(Format.ns(o), o).words(" ns (").number(Format.times(o / l), o / l).words(")"));
    }

    @Override
    public String noBaseline() {
        return "the fan-out has no baseline row (its yardstick is the ideal time, in each run's report)";
    }

    /** A form's level over the ideal time, its interval from both (the row's ends over the ideal's). */
    @Override
    public Optional<Floored> overFloor(Ratios ratios, Series<FanOutSize> s, Series.Row form) {
        Stats.Summary x = form.summary();
        return Ideal.of(ratios.run(), s).map(d -> new Floored(null, new Stats.Ratio(x.median() / 1e6 / d.ms(),
                x.interval() == null ? null : new Interval(x.interval().low() / 1e6 / d.highMs(),
                        x.interval().high() / 1e6 / d.lowMs()), Double.NaN)));
    }

    @Override
    public String floorColumn() {
        return "x ideal [95%]";
    }

    @Override
    public void charts(Path dir, Run run) {
        Chart.write(dir, run, Series.of(run, FanOut.WORKLOAD), s -> name(run, s), "ms per operation", 1e6, PNG, SVG);
    }

    /**
     * Per fan-out size and configuration, each model's closest row to the ideal, so the models
     * can be read side by side; every row is in its series' table below.
     */
    @Override
    public void summary(Run run, Doc doc) {
        List<Series<FanOutSize>> fanOuts = Series.of(run, FanOut.WORKLOAD);
        if (fanOuts.isEmpty()) {
            return;
        }
        doc.heading(2, "Fan-out: each model's fastest row against the ideal");
        doc.paragraph("One operation starts T tasks; each waits D ms on its model's timer, runs consumeCPU(W) and "
                + "completes; the operation returns their sum. Ideal: D + T x w / P (w: one consumeCPU(W), "
                + "measured in this run; P: the configuration's cpus). Milliseconds per operation, level [95% "
                + "interval over forks]; *vs next model*: an ordering only where it says *separated*.");
        if (fanOuts.stream().anyMatch(x -> !x.rows(run).isEmpty())) {
            doc.add(new Doc.Image("ms per operation: level and 95% interval over forks, log scale", PNG, SVG));
        }
        List<Doc.Row> table = new ArrayList<>();
        for (Series<FanOutSize> s : fanOuts) {
            Map<String, Series.Row> fastest = new LinkedHashMap<>();
            s.rows(run).forEach(r -> fastest.putIfAbsent(r.model(), r));
            List<Series.Row> best = List.copyOf(fastest.values());
            Optional<Ideal> ideal = Ideal.of(run, s);
            for (int i = 0; i < best.size(); i++) {
                Series.Row r = best.get(i);
                Stats.Summary x = r.summary();
                table.add(new Doc.Row(List.of(Doc.Cell.of(name(run, s)), Doc.Cell.of(r.model()), Doc.Cell.of(r.id()),
                        Format.msValue(x), ideal.map(d -> Doc.Cell.number(String.format(Locale.ROOT, "%.1f", d.ms()),
                                d.ms())).orElse(Doc.Cell.of("n/a")),
                        ideal.map(d -> Doc.Cell.number(d.of(x), x.median() / 1e6 / d.ms())).orElse(Doc.Cell.of("n/a")),
                        Doc.Cell.of(i + 1 < best.size() ? StepTable.versus(best.get(i + 1), r) : "")),
                        Format.tags(r.id(), FanOut.WORKLOAD)));
            }
        }
        doc.add(new Doc.Table("fanout-summary", List.of(Format.text("series"), Format.text("model"),
                Format.text("fastest row"), Format.number("ms/op [95%]"), Format.number("ideal ms"),
                Format.number("x ideal [95%]"), Format.text("vs next model")), table));
    }

    /** One fan-out series: ms per operation, its interval, x ideal, stability, and its profiling pass. */
    @Override
    public void series(Run run, Series<FanOutSize> series, Doc doc) {
        Configuration c = series.config();
        FanOutSize f = series.size();
        doc.heading(2, name(run, series));
        doc.paragraph(StepTable.jdk(c) + ". One operation: " + String.format(Locale.ROOT, "%,d", f.tasks())
                + " tasks each wait " + f.delayMs() + " ms, run consumeCPU(" + f.work() + ") and complete.");
        Optional<Ideal> ideal = Ideal.of(run, series);
        doc.paragraph(ideal.map(i -> "Ideal: " + String.format(Locale.ROOT, "%.1f", i.ms()) + " ms" + (i.perCall() == null
                ? " (the delay; no work)" : String.format(Locale.ROOT, " = %d ms + %,d x %.0f ns / %d cpus, "
                        + "consumeCPU(%d) measured in this run at %s ns [%s] (CpuWorkBenchmark)", f.delayMs(), f.tasks(),
                        i.perCall().median(), i.cpus(), f.work(), Format.ns(i.perCall().median()),
                        Format.interval(i.perCall().interval())))).orElse("Ideal: unknown (consumeCPU(" + f.work()
                                + ") was not measured in this run)") + ". *x ideal*: the level over the ideal, its "
                + "interval from the row's and the ideal's.");
        List<Series.Row> rows = series.rows(run);
        if (rows.isEmpty()) {
            doc.paragraph("No id was measured in this series.");
        } else {
            boolean counted = Costs.counted(rows);
            List<Doc.Row> table = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                Series.Row r = rows.get(i);
                Stats.Summary s = r.summary();
                List<Doc.Cell> cells = new ArrayList<>(List.of(Doc.Cell.of(r.id()), Doc.Cell.of(s.forks() + " x " + s.samples() / s.forks()),
                        Doc.Cell.of(StepTable.passesPerIteration(r.measured())),
                        Doc.Cell.of(StepTable.warmup(r.measured())),
                        Format.median(s, Format::ms), Format.range(s, Format::msInterval),
                        Doc.Cell.of(s.forkMedians().stream().map(Format::ms).collect(Collectors.joining(", "))),
                        Doc.Cell.of(StepTable.stability(s, run.settings())),
                        ideal.map(x -> Doc.Cell.number(x.of(s), s.median() / 1e6 / x.ms())).orElse(Doc.Cell.of("n/a")),
                        Doc.Cell.of(i + 1 < rows.size() ? StepTable.versus(rows.get(i + 1), r) : "")));
                if (counted) {
                    cells.addAll(Costs.cells(r, costPer(series)));
                }
                table.add(new Doc.Row(cells, Format.tags(r.id(), FanOut.WORKLOAD)));
            }
            List<Doc.Column> columns = new ArrayList<>(List.of(Format.text("id"), Format.number("forks x iterations"),
                    Format.number("operations per iteration"), Format.number("warm-up per fork (s, operations)"),
                    Format.number("ms/op"), Format.number("95% interval for a re-run"), Format.text("fork levels"),
                    Format.text("stability"), Format.number("x ideal [95%]"), Format.text("vs next")));
            if (counted) {
                columns.addAll(Costs.columns("task"));
            }
            doc.add(new Doc.Table("fanout", columns, table));
        }
        List<String> notes = new ArrayList<>(StepTable.problems(run, series));
        if (Costs.counted(rows)) {
            notes.add(0, Costs.note("task") + ". A fan-out's cost is per task: an operation's over its "
                    + String.format(Locale.ROOT, "%,d", f.tasks()) + " tasks; a platform thread per task ends "
                    + "within its iteration, so its switches are not counted (its CPU is)");
        }
        doc.bullets(notes);
        Profiles.write(run, series, name(run, series), rows, doc);
    }

    /**
     * What a fan-out cannot beat: every task waits its delay, and the CPU work of all tasks needs
     * {@code tasks * w / cpus} on the configuration's cpus, w being one consumeCPU(work) measured in
     * this run. Empty if the run has no measurement of w (work 0 needs none).
     */
    record Ideal(double ms, double lowMs, double highMs, Stats.Summary perCall, int cpus) {
        static Optional<Ideal> of(Run run, Series<FanOutSize> s) {
            FanOutSize f = s.size();
            int cpus = s.config().jvm().availableProcessors();
            if (f.work() == 0) {
                return Optional.of(new Ideal(f.delayMs(), f.delayMs(), f.delayMs(), null, cpus));
            }
            return run.cpuWork(s.label(), f.work()).map(c -> {
                Stats.Summary w = c.summary();
                double perNs = (double) f.tasks() / cpus / 1e6;
                Interval i = w.interval() != null ? w.interval() : new Interval(w.median(), w.median());
                return new Ideal(f.delayMs() + w.median() * perNs, f.delayMs() + i.low() * perNs,
                        f.delayMs() + i.high() * perNs, w, cpus);
            });
        }

        /** A row's median over the ideal, with an interval from both intervals (its ends over the ideal's). */
        String of(Stats.Summary row) {
            return row.states().stream().map(st -> of(st.level(), st.interval()))
                    .collect(Collectors.joining(" / "));
        }

        private String of(double level, Interval interval) {
            String value = Format.times(level / 1e6 / ms);
            if (interval == null) {
                return value;
            }
            return value + " [" + Format.times(interval.low() / 1e6 / highMs).replace("x", "") + "–"
                    + Format.times(interval.high() / 1e6 / lowMs) + "]";
        }
    }
}
