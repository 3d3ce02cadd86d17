package threadring.bench.workloads.fairness;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import threadring.bench.data.Run;
import threadring.bench.report.Board;
import threadring.bench.report.Costs;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.MainStateRatio;
import threadring.bench.report.Ratios;
import threadring.bench.report.Series;
import threadring.bench.report.StepTable;
import threadring.bench.report.Text;
import threadring.bench.report.WorkloadSection;
import threadring.bench.stats.Interval;
import threadring.bench.stats.Stats;
import threadring.bench.stats.Tiers;
import threadring.core.RingFactories;
import threadring.core.Workload;
import threadring.core.fairness.Fairness;
import threadring.core.fairness.FairnessSize;

/**
 * Fairness in a report: per series each form's time per run and its hogs' throughput against the
 * ideal (their work spread on every cpu), its probe's lateness (median, 99th percentile, the most,
 * wake-ups per run: a latency, never a speed-up), and what yielding cost the hogs (a {@code -yield}
 * form's time over its plain form's). The answer ranks by the probe's 99th percentile.
 */
public final class FairnessSection implements WorkloadSection<FairnessSize> {

    /** The suffix of a form that yields after every chunk. */
    static final String YIELD = "-yield";
    /** A probe on time wakes within this many periods at its 99th percentile. */
    static final double ON_TIME_PERIODS = 5;

    @Override
    public Workload<FairnessSize, ?> workload() {
        return Fairness.WORKLOAD;
    }

    @Override
    public Text step(FairnessSize size) {
        return new Text().words("a probe sleeps ").number(Format.count(size.periodUs()), size.periodUs())
                .words(" µs again and again beside ").number(String.valueOf(size.hogs()), size.hogs())
                .words(" busy tasks of ").number(Format.count(size.chunks()), size.chunks()).words(" chunks");
    }

    @Override
    public String job() {
        return "A task that must wake on time beside busy ones";
    }

    /** A run's time over the ideal: the hogs' chunks, each one consumeCPU of its work, spread on every cpu. */
    @Override
    public Optional<Floored> overFloor(Ratios ratios, Series<FairnessSize> s, Series.Row form) {
        FairnessSize f = s.size();
        int cpus = s.config().jvm().availableProcessors();
        Stats.Summary x = form.summary();
        return ratios.run().cpuWork(s.label(), f.chunkWork()).map(c -> {
            double idealNs = c.summary().median() * f.hogs() * f.chunks() / cpus;
            return new Floored(null, new Stats.Ratio(x.median() / idealNs, x.interval() == null ? null
                    : new Interval(x.interval().low() / idealNs, x.interval().high() / idealNs), Double.NaN));
        });
    }

    @Override
    public String floorColumn() {
        return "x ideal [95%]";
    }

    /**
     * The glance ranks the probe's 99th percentile: of each model, the form whose probe waits least,
     * tiered on the ratios of their 99th percentiles (intervals over forks).
     */
    @Override
    public Optional<Board> board(Run run, Series<FairnessSize> s, List<Series.Row> forms) {
        Map<String, Lateness> late = new LinkedHashMap<>();
        Map<String, Series.Row> least = new LinkedHashMap<>();
        for (Series.Row r : s.rows(run)) {
            Lateness.of(r).ifPresent(l -> {
                late.put(r.id(), l);
                least.merge(r.model(), r, (a, b) -> late.get(a.id()).p99().median() <= l.p99().median() ? a : b);
            });
        }
        if (least.isEmpty()) {
            return Optional.empty(); // no row read its probe: nothing to rank by lateness
        }
        List<Series.Row> sorted = least.values().stream().sorted(Comparator.comparingDouble(r -> late.get(
                r.id()).p99().median())).toList();
        List<Stats.Summary> levels = sorted.stream().map(r -> late.get(r.id()).p99()).toList();
        int[] tiers = Tiers.of(levels.stream().map(l -> !l.modal() && l.interval() != null).toList(),
                (slower, faster) -> Stats.ratio(levels.get(slower), levels.get(faster)));
        List<Board.Entry> entries = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            entries.add(new Board.Entry(sorted.get(i), sorted.get(i).model(), levels.get(i).median(), tiers[i], false,
                    levels.get(i).modal(), Costs.PerStep.UNKNOWN));
        }
        return Optional.of(new Board(s, "ms late at p99", Format::ms, entries, (a, b) -> Stats.ratio(late.get(a.id())
                .p99(), late.get(b.id()).p99()), "less late than", "later than", new Text()));
    }

    /** Why the leader's probe is on time: what its form is (its variant's words) against the other's. */
    @Override
    public Optional<Text> why(Run run, Series<FairnessSize> s, Board board, Board.Entry lead, Board.Entry other) {
        return Optional.of(new Text().code(lead.id()).words(", ").name(described(lead.id())).words(": its probe woke within ")
                .number(Format.ms(lead.level()), lead.level()).words(" ms at p99; ").code(other.id()).words(", ")
                .name(described(other.id())).words(": ").number(Format.ms(other.level()), other.level())
                .words(" ms"));
    }

    @Override
    public void series(Run run, Series<FairnessSize> series, Doc doc) {
        List<Series.Row> rows = series.rows(run);
        Ratios ratios = Ratios.of(run);
        List<Doc.Row> table = new ArrayList<>();
        for (Series.Row r : rows) {
            Stats.Summary s = r.summary();
            Optional<Lateness> l = Lateness.of(r);
            Optional<Series.Row> plain = r.id().endsWith(YIELD) ? series.row(run, r.id().substring(0,
                    r.id().length() - YIELD.length())) : Optional.empty();
            List<Doc.Cell> cells = new ArrayList<>(List.of(Doc.Cell.of(r.id()),
                    Doc.Cell.of(s.forks() + " x " + s.samples() / Math.max(1, s.forks())),
                    Format.msValue(s),
                    overFloor(ratios, series, r).map(f -> Format.ratioCell(f.ratio())).orElse(Doc.Cell.of("n/a")),
                    l.map(x -> ms(x.p50())).orElse(Doc.Cell.of("n/a")),
                    l.map(x -> ms(x.p99())).orElse(Doc.Cell.of("n/a")),
                    l.map(x -> Doc.Cell.number(Format.ms(x.maxNs()), x.maxNs())).orElse(Doc.Cell.of("n/a")),
                    l.map(x -> Doc.Cell.number(Format.amount(x.wakesPerRun()), x.wakesPerRun())).orElse(Doc.Cell.of("n/a")),
                    plain.map(p -> Format.ratioCell(MainStateRatio.between(run, series, r, p))).orElse(Doc.Cell.of(""))));
            table.add(new Doc.Row(cells, Format.tags(r.id(), Fairness.WORKLOAD)));
        }
        doc.heading(2, name(run, series));
        doc.add(new Doc.Table("fairness", List.of(Format.text("id"), Format.number("forks x iterations"),
                Format.number("ms/op [95%]"), Format.number("x ideal [95%]"), Format.number("probe late, median ms [95%]"),
                Format.number("probe late, p99 ms [95%]"), Format.number("probe late, most ms"),
                Format.number("probe wake-ups per run"), Format.number("yield cost: time over the plain form's [95%]")),
                table));
        List<String> notes = new ArrayList<>(List.of(String.format(Locale.ROOT, "One run: %d busy tasks of %,d chunks "
                + "of consumeCPU(%,d) beside a probe that sleeps %,d µs again and again until they are done; *probe "
                + "late*: each wake-up's lateness (when it ran minus when it was due), per fork the median over its "
                + "measured iterations of each iteration's median and 99th percentile, level [95%% interval over "
                + "forks]; *most*: the longest wake-up of any fork. A probe that woke once per run waited for the "
                + "hogs to finish. *x ideal*: the run's time over the hogs' work spread on every cpu (one consumeCPU "
                + "measured in this run). *yield cost*: a -yield form's time per run over its plain form's.",
                series.size().hogs(), series.size().chunks(), series.size().chunkWork(), series.size().periodUs())));
        notes.addAll(StepTable.problems(run, series));
        doc.bullets(notes);
    }

    private static Doc.Cell ms(Stats.Summary s) {
        return Doc.Cell.number(Format.ms(s.median()) + (s.interval() == null ? "" : " [" + Format.msInterval(s.interval())
                + "]"), s.median());
    }

    /** What a form's variant says it is, after its workload's prefix ("fairness: "). */
    static String described(String id) {
        return RingFactories.load().all().stream().filter(f -> f.id().equals(id)).findFirst()
                .map(f -> f.description().replaceFirst("^fairness: ", "")).orElse(id);
    }
}
