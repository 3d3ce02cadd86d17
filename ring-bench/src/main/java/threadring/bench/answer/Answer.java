package threadring.bench.answer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import threadring.bench.data.Run;
import threadring.bench.report.Costs;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.MainStateRatio;
import threadring.bench.report.Ratios;
import threadring.bench.report.Sections;
import threadring.bench.report.WorkloadSection;
import threadring.bench.stats.Interval;
import threadring.bench.stats.Stats;
import threadring.bench.units.Units;

/**
 * The report's first screen: the glance ({@link Glance}: one line per workload), then per workload
 * and series each model's fastest form ranked by level, in tiers that only separated intervals
 * split, with its ratio to the workload's baseline, its floor and Go, what a step costs, a flagged
 * row's flag as a mark with its line under the table; then the glossary. What is particular to a
 * workload (its floor or ideal, its costs, its units) its {@link WorkloadSection} says.
 */
public final class Answer {

    /** The marks a table's flagged rows carry, in order; their lines follow the table. */
    static final List<String> MARKS = List.of("†", "‡", "§", "¶", "‖", "††", "‡‡", "§§", "¶¶", "‖‖");

    private Answer() {}

    /** "## The answer": the glance, every series' table, the glossary; nothing where no model was measured. */
    public static void write(Run run, Doc doc) {
        write(Ratios.of(run), doc, null);
    }

    /** The same from {@code ratios}; {@code evidence}: the report the glance's "why" links to (null: none, it is this one). */
    public static void write(Ratios ratios, Doc doc, String evidence) {
        if (rankings(ratios).isEmpty()) {
            return;
        }
        doc.heading(2, "The answer");
        Glance.write(ratios, doc, evidence);
        details(ratios, doc);
        Glossary.write(doc);
    }

    /** Every series' table, after a line on what a ratio is; nothing where no model was measured. */
    public static void details(Ratios ratios, Doc doc) {
        List<Ranking> rankings = rankings(ratios);
        if (rankings.isEmpty()) {
            return;
        }
        doc.paragraph("Per series, each model's fastest form, best first, in *tiers* (the glossary says what a tier "
                + "and a flag are). " + ratioRule(ratios) + " A flagged row carries a mark, its flag under the "
                + "table; it takes a tier on its main state where that state holds at least half of its JVMs. Costs "
                + "a step: the counters of the form's main state.");
        for (Ranking r : rankings) {
            write(ratios.run(), r, doc);
        }
    }

    /** What a ratio of the answer is, from one run or pooled over several. */
    static String ratioRule(Ratios ratios) {
        List<Run> runs = ratios.runs();
        String each = "Every ratio is main state over main state";
        if (runs.size() == 1) {
            return each + ", with the 95% interval a re-run's ratio falls in (both runs' forks, each id's own move "
                    + "between runs and its class's run-to-run component, measured on ratios between alike runs).";
        }
        List<String> alone = Units.ALL.stream().filter(s -> !s.pools()).map(s -> s.workload().label()).toList();
        return each + ", pooled over " + runs.size() + " alike runs (" + String.join(", ", runs.stream()
                .map(r -> "`" + r.runId() + "`").toList()) + ": each run's ratio weighted by what it varies by, "
                + "from runs whose main states are the ones shown), with the 95% interval the pool of as many "
                + "re-runs falls in; levels, flags and costs are the newest run's."
                + (runs.size() < Ratios.POOLED_RUNS ? "" : " A ratio that fewer than " + Ratios.POOLED_RUNS
                        + " of them speak for (an id new to the runs, or in another state in some) is the newest "
                        + "run's alone, with the interval a re-run's ratio falls in.")
                + (alone.isEmpty() ? "" : " The " + String.join(" and ", alone) + " answer from the newest run alone, "
                        + "with the 95% interval a re-run's ratio falls in (their pooled intervals did not hold "
                        + "another pool's ratios often enough).");
    }

    /** The rankings of every series of one run with a model measured, in the workloads' order ({@link Rankings}). */
    public static List<Ranking> rankings(Run run) {
        return Rankings.of(Ratios.of(run));
    }

    /** The rankings of every series of {@code ratios}' run ({@link Rankings}). */
    public static List<Ranking> rankings(Ratios ratios) {
        return Rankings.of(ratios);
    }

    private static void write(Run run, Ranking r, Doc doc) {
        WorkloadSection<?> section = r.section();
        String unit = section.costUnit();
        List<Ranking.Entry> entries = r.entries();
        boolean floors = entries.stream().anyMatch(e -> e.overFloor().isPresent());
        List<CostColumn> costs = CostColumn.ALL.stream().filter(c -> entries.stream()
                .anyMatch(e -> Double.isFinite(c.value().applyAsDouble(e.cost())))).toList();
        List<Doc.Column> columns = new ArrayList<>(List.of(Format.number("tier"), Format.text("model"),
                Format.text("fastest form"), Format.number(section.unit() + " [95%]")));
        r.baseline().ifPresent(b -> columns.add(Format.number("speed-up vs " + b.id() + " [95%]")));
        if (floors) {
            columns.add(Format.number(section.floorColumn()));
        }
        r.go().ifPresent(g -> columns.add(Format.number("x " + g.id() + " [95%]")));
        costs.forEach(c -> columns.add(Format.number(c.name().replace("{step}", unit))));
        List<Doc.Row> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Ranking.Entry e : entries) {
            String mark = e.flagged() ? MARKS.get(Math.min(notes.size(), MARKS.size() - 1)) : "";
            if (e.flagged()) {
                notes.add(mark + " " + Format.code(e.form().id()) + ", *" + e.level().flag().cause().label + "*: "
                        + flagText(section, e.level()) + MainStateRatio.answerState(e.level()).map(m -> "; its ratios are "
                                + "over its main state of " + m.jvms()).orElse("; it has no main state, so no tier and "
                                        + "no interval on its ratios") + ".");
            }
            List<Doc.Cell> cells = new ArrayList<>(List.of(e.tier() > 0 ? Doc.Cell.number(String.valueOf(e.tier()),
                    e.tier()) : Doc.Cell.of("–"), Doc.Cell.of(section.modelLabel(e.form().id())), Doc.Cell.of(e.form().id()),
                    level(section, e, mark)));
            if (r.baseline().isPresent()) {
                cells.add(e.form().id().equals(r.baseline().get().id()) ? Doc.Cell.number("1 (baseline)", 1)
                        : bounded(e, ratio(e.overBaseline())));
            }
            if (floors) {
                cells.add(floor(e.overFloor()));
            }
            if (r.go().isPresent()) {
                cells.add(e.form().id().equals(r.go().get().id()) ? Doc.Cell.number("1 (Go)", 1) : ratio(e.overGo()));
            }
            costs.forEach(c -> {
                double v = c.value().applyAsDouble(e.cost());
                cells.add(Doc.Cell.number(c.format().apply(v), v));
            });
            rows.add(new Doc.Row(cells, Format.tags(e.form().id(), r.series().workload())));
        }
        doc.paragraph("**" + Sections.name(run, r.series()) + "**: each model's fastest form, best first.");
        doc.add(new Doc.Table("answer", columns, rows));
        List<String> under = new ArrayList<>(notes);
        under.add(tierLine(entries));
        doc.bullets(under);
        Sections.answerBeside(run, r.series(), entries.stream().map(Ranking.Entry::form).toList(), doc);
    }

    /**
     * The level as the workload states it, with its interval (a flagged row's main state's, where that
     * state takes a tier) and a flagged row's mark.
     */
    private static Doc.Cell level(WorkloadSection<?> section, Ranking.Entry e, String mark) {
        Stats.Summary s = e.level();
        String level = (e.bound() ? "at least " : "") + section.number(s.median());
        Interval interval = e.flagged() ? (e.tier() > 0 ? mainInterval(s) : null) : s.interval();
        String text = interval != null ? level + " [" + section.range(interval) + "]"
                : e.flagged() ? level : level + " (" + s.forks() + " JVMs, no interval)";
        return new Doc.Cell(mark.isEmpty() ? text : text + " " + mark, s.median(), e.flagged());
    }

    /**
     * A flag's text in the workload's own unit: a served row's states and JVMs apart as rates (its
     * levels are ns a request, which no table shows), every other flag as the statistics wrote it.
     */
    static String flagText(WorkloadSection<?> section, Stats.Summary s) {
        if (!section.served() || !s.modal()) {
            return s.flag().text();
        }
        List<String> parts = new ArrayList<>();
        if (s.modes().size() > 1) {
            parts.add(s.modes().size() + " states, " + String.join(", ", s.modes().stream().map(m -> section.number(
                    m.level()) + " " + section.unit() + " (" + m.jvms() + ")").toList()));
        }
        if (!s.apart().isEmpty()) {
            parts.add(s.apart().size() + (s.apart().size() == 1 ? " JVM" : " JVMs") + " of " + s.forks() + " apart at "
                    + String.join(", ", s.apart().stream().map(section::number).toList()) + " " + section.unit());
        }
        return String.join("; ", parts);
    }

    /** The interval of a row's main state as the answer takes it, if it has one. */
    private static Interval mainInterval(Stats.Summary s) {
        return MainStateRatio.answerState(s).map(Stats.State::interval).orElse(null);
    }

    /** A speed-up of a form whose level its load bound: a lower bound too ("at least 2.30x [..]"). */
    private static Doc.Cell bounded(Ranking.Entry e, Doc.Cell cell) {
        return e.bound() && !cell.text().equals("n/a") ? new Doc.Cell("at least " + cell.text(), cell.sort(), cell.unstable(), cell.tone())
                : cell;
    }

    /** A ratio with its interval, or said to have none (a side without a main state). */
    private static Doc.Cell ratio(Optional<Stats.Ratio> ratio) {
        return ratio.map(x -> Doc.Cell.number(x.interval() == null ? Format.times(x.value()) + " (no interval)"
                : Format.ratio(x), x.value())).orElse(Doc.Cell.of("n/a"));
    }

    /** A ratio over a floor, naming the floor row it is over (none for the workload's ideal). */
    private static Doc.Cell floor(Optional<WorkloadSection.Floored> floored) {
        return floored.map(f -> {
            Doc.Cell cell = ratio(Optional.of(f.ratio()));
            return f.floor() == null ? cell : Doc.Cell.number(cell.text() + " over " + f.floor().substring(
                    f.floor().indexOf('/') + 1), f.ratio().value());
        }).orElse(Doc.Cell.of("n/a"));
    }

    /** Which models share a tier, and which take none. */
    static String tierLine(List<Ranking.Entry> entries) {
        Map<Integer, List<String>> byTier = entries.stream().filter(e -> e.tier() > 0).collect(Collectors.groupingBy(
                Ranking.Entry::tier, LinkedHashMap::new, Collectors.mapping(e -> Format.code(e.model()), Collectors.toList())));
        List<String> shared = byTier.entrySet().stream().filter(t -> t.getValue().size() > 1)
                .map(t -> "tier " + t.getKey() + ": " + String.join(", ", t.getValue())).toList();
        String line = byTier.isEmpty() ? "Tiers: none (no model's form is one claim with an interval)"
                : shared.isEmpty() ? "Tiers: one model each, every one separated from every tier before"
                : "Sharing a tier (not ordered: some ratio across them includes 1): " + String.join("; ", shared);
        List<String> none = entries.stream().filter(e -> e.tier() == 0).map(e -> Format.code(e.model())).toList();
        return line + (none.isEmpty() ? "." : "; no tier: " + String.join(", ", none)
                + " (no state of three JVMs or more holding half of them).");
    }

    /** A cost column of the answer: its heading ({step}: the workload's), its value and how it reads. */
    private record CostColumn(String name, ToDoubleFunction<Costs.PerStep> value, DoubleFunction<String> format) {
        static final List<CostColumn> ALL = List.of(
                new CostColumn("CPU ns/{step}", Costs.PerStep::cpuNs, Format::ns),
                new CostColumn("cores busy", Costs.PerStep::cores, Format::amount),
                new CostColumn("switches/{step}", Costs.PerStep::switches, Format::amount),
                new CostColumn("bytes/{step}", Costs.PerStep::bytes, Format::bytes));
    }
}
