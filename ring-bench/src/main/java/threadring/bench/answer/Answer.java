package threadring.bench.answer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import threadring.bench.data.Probe;
import threadring.bench.data.Run;
import threadring.bench.stats.Interval;
import threadring.bench.stats.Stats;
import threadring.bench.stats.Tiers;
import threadring.core.Size;
import threadring.bench.report.Costs;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.MainStateRatio;
import threadring.bench.report.Ratios;
import threadring.bench.report.Sections;
import threadring.bench.report.Series;
import threadring.bench.report.WorkloadSection;

/**
 * The report's first screen: per workload and series, each model's fastest form ranked by level,
 * in tiers that only separated intervals split, with its ratio to the workload's baseline and to
 * its floor, what a step costs, and one sentence of why drawn from those costs. What is particular
 * to a workload (its floor or ideal, its costs, its units) its {@link WorkloadSection} says.
 */
public final class Answer {

    /** Ids whose model is one of these are yardsticks, not models: floors and the machine's probes. */
    static final List<String> NOT_MODELS = List.of(Format.model(Probe.CROSS_CPU), Format.model(Probe.SPEED));

    /** The model every JVM model is set beside where a series measured it: Go's goroutines. */
    static final String GO = "go";

    /** The tier rule, said under every table. */
    static final String RULE = "*Tiers*: every model in a tier is slower than every model of the tiers above it by "
            + "a ratio whose 95% interval excludes 1; models inside a tier are not ordered.";

    private Answer() {}

    /** "## The answer" and a table per series of every workload with a model measured; nothing otherwise. */
    public static void write(Run run, Doc doc) {
        write(Ratios.of(run), doc, " Every row is in its series' table below.");
    }

    /** The same, {@code rest} ending its opening paragraph (where the rows are: the report below, or elsewhere). */
    public static void write(Ratios ratios, Doc doc, String rest) {
        Run run = ratios.run();
        List<Ranking> rankings = rankings(ratios);
        if (rankings.isEmpty()) {
            return;
        }
        doc.heading(2, "The answer");
        doc.bullets(AnswerSentences.of(ratios, rankings));
        doc.paragraph("Per series, each model's fastest form (the model is the id's prefix; floors and probes are "
                + "none), best first. " + RULE + " " + ratioRule(ratios) + " A flagged row (states, not settled, "
                + "forks apart, warm-up too short) shows its flag beside its main state's level; it takes a tier on "
                + "that state where the state holds at least half of its JVMs. Costs per step: the counters of the "
                + "form's main state." + rest);
        for (Ranking r : rankings) {
            write(run, r, doc);
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
        List<String> alone = Sections.ALL.stream().filter(s -> !s.pools()).map(s -> s.workload().label()).toList();
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

    /** The rankings of every series of one run with a model measured, in the workloads' order. */
    public static List<Ranking> rankings(Run run) {
        return rankings(Ratios.of(run));
    }

    /** The rankings of every series of {@code ratios}' run with a model measured, ratios and tiers from {@code ratios}. */
    public static List<Ranking> rankings(Ratios ratios) {
        Run run = ratios.run();
        List<Ranking> out = new ArrayList<>();
        for (WorkloadSection<?> section : Sections.ALL) {
            out.addAll(rankings(ratios, section));
        }
        return out;
    }

    private static <S extends Size> List<Ranking> rankings(Ratios ratios, WorkloadSection<S> section) {
        List<Ranking> out = new ArrayList<>();
        for (Series<S> s : Series.of(ratios.run(), section.workload())) {
            Ranking r = ranking(ratios, s, section);
            if (!r.entries().isEmpty()) {
                out.add(r);
            }
        }
        return out;
    }

    /** One series ranked: each model's fastest form, in tiers. */
    static <S extends Size> Ranking ranking(Ratios ratios, Series<S> s, WorkloadSection<S> section) {
        List<Series.Row> rows = s.rows(ratios.run());
        Optional<Series.Row> base = section.baseline().flatMap(b -> rows.stream().filter(r -> r.id().equals(b))
                .findFirst());
        List<Series.Row> forms = fastestPerModel(rows);
        Optional<Series.Row> go = forms.stream().filter(f -> f.model().equals(GO)).findFirst();
        int[] tiers = Tiers.of(forms.stream().map(f -> MainStateRatio.answerState(f.summary()).isPresent()).toList(),
                (slower, faster) -> ratios.between(s, forms.get(slower), forms.get(faster)));
        List<Ranking.Entry> entries = new ArrayList<>();
        for (int i = 0; i < forms.size(); i++) {
            Series.Row f = forms.get(i);
            entries.add(new Ranking.Entry(f.model(), f, section.stated(f), tiers[i],
                    base.map(b -> ratios.between(s, b, f)), section.overFloor(ratios, s, f),
                    go.filter(g -> g != f).map(g -> ratios.between(s, f, g)), section.stepCost(s, f),
                    section.boundByLoad(f)));
        }
        return new Ranking(s, section, base, go, entries);
    }

    /** Each model's first row of {@code rows} (which come best first), leaving out floors and probes. */
    static List<Series.Row> fastestPerModel(List<Series.Row> rows) {
        Map<String, Series.Row> fastest = new LinkedHashMap<>();
        rows.stream().filter(r -> !NOT_MODELS.contains(r.model())).forEach(r -> fastest.putIfAbsent(r.model(), r));
        return List.copyOf(fastest.values());
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
        for (Ranking.Entry e : entries) {
            List<Doc.Cell> cells = new ArrayList<>(List.of(e.tier() > 0 ? Doc.Cell.number(String.valueOf(e.tier()),
                    e.tier()) : Doc.Cell.of("–"), Doc.Cell.of(section.modelLabel(e.form().id())), Doc.Cell.of(e.form().id()),
                    level(section, e)));
            if (r.baseline().isPresent()) {
                cells.add(e.form().id().equals(r.baseline().get().id()) ? Doc.Cell.number("1 (baseline)", 1)
                        : bounded(e, ratio(e, e.overBaseline())));
            }
            if (floors) {
                cells.add(ratio(e, e.overFloor()));
            }
            if (r.go().isPresent()) {
                cells.add(e.form().id().equals(r.go().get().id()) ? Doc.Cell.number("1 (Go)", 1) : ratio(e, e.overGo()));
            }
            costs.forEach(c -> {
                double v = c.value().applyAsDouble(e.cost());
                cells.add(Doc.Cell.number(c.format().apply(v), v));
            });
            rows.add(new Doc.Row(cells, Format.tags(e.form().id(), r.series().workload())));
        }
        doc.paragraph("**" + Sections.name(run, r.series()) + "**: each model's fastest form, best first.");
        doc.add(new Doc.Table("answer", columns, rows));
        doc.bullets(List.of(RULE + " " + tierLine(entries), why(r)));
        Sections.answerBeside(run, r.series(), entries.stream().map(Ranking.Entry::form).toList(), doc);
    }

    /**
     * The level as the workload states it, with its interval (a flagged row's main state's, where that
     * state takes a tier) and a flagged row's flag beside it.
     */
    private static Doc.Cell level(WorkloadSection<?> section, Ranking.Entry e) {
        Stats.Summary s = e.level();
        String level = (e.bound() ? "at least " : "") + section.number(s.median());
        Interval interval = e.flagged() ? (e.tier() > 0 ? mainInterval(s) : null) : s.interval();
        String text = interval != null ? level + " [" + section.range(interval) + "]"
                : e.flagged() ? level : level + " *" + s.forks() + " JVMs*";
        return new Doc.Cell(e.flagged() ? text + " *" + s.flag().cause().label + "*" : text, s.median(), e.flagged());
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

    /** A ratio with its interval where it has one. */
    private static Doc.Cell ratio(Ranking.Entry e, Optional<Stats.Ratio> ratio) {
        return ratio.map(x -> Doc.Cell.number(x.interval() == null ? Format.times(x.value()) : Format.ratio(x),
                x.value())).orElse(Doc.Cell.of("n/a"));
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

    /**
     * Why, from the costs: what the best form does per step (with the rest of its tier, where it has
     * one) against the baseline row (or the last model), in numbers.
     */
    static String why(Ranking r) {
        List<Ranking.Entry> entries = r.entries();
        int tier = entries.get(0).tier();
        List<Ranking.Entry> best = tier == 0 ? List.of(entries.get(0)) : entries.stream().filter(e -> e.tier() == tier).toList();
        Optional<String> baseline = r.baseline().map(Series.Row::id);
        Optional<Ranking.Entry> other = entries.stream().filter(e -> baseline.equals(Optional.of(e.form().id()))).findFirst()
                .or(() -> Optional.of(entries.get(entries.size() - 1))).filter(e -> !best.contains(e));
        String unit = r.section().costUnit();
        String first = does(best, unit);
        if (first.isEmpty()) {
            return "Why: no counters were read for these forms.";
        }
        String text = "Why, from the counters: " + first;
        if (other.isPresent() && !does(List.of(other.get()), unit).isEmpty()) {
            text += "; " + does(List.of(other.get()), unit);
            double times = other.get().cost().cpuNs() / best.get(0).cost().cpuNs();
            if (Double.isFinite(times)) {
                text += " (" + Format.times(times) + " the CPU of " + Format.code(best.get(0).form().id()) + ")";
            }
        }
        return text + ".";
    }

    /** "`a/x` and `b/y` switch 0.00–0.01 times per hop, keep 1.01–1.06 cores busy and spend 47.9–66.7 CPU ns per hop". */
    private static String does(List<Ranking.Entry> who, String unit) {
        boolean one = who.size() == 1;
        List<String> parts = new ArrayList<>();
        span(who, Costs.PerStep::switches, Format::amount).ifPresent(v -> parts.add((one ? "switches " : "switch ")
                + v + " times per " + unit));
        span(who, Costs.PerStep::cores, Format::amount).ifPresent(v -> parts.add((one ? "keeps " : "keep ") + v
                + " cores busy"));
        span(who, Costs.PerStep::cpuNs, Format::ns).ifPresent(v -> parts.add((one ? "spends " : "spend ") + v
                + " CPU ns per " + unit));
        if (parts.isEmpty()) {
            return "";
        }
        List<String> ids = who.stream().map(e -> Format.code(e.form().id())).toList();
        return and(ids) + " " + and(parts);
    }

    /** The values of one cost over {@code who}: "0.01", or "0.00–0.03"; empty where none is known. */
    private static Optional<String> span(List<Ranking.Entry> who, ToDoubleFunction<Costs.PerStep> cost,
            DoubleFunction<String> format) {
        double[] v = who.stream().mapToDouble(e -> cost.applyAsDouble(e.cost())).filter(Double::isFinite).toArray();
        if (v.length < who.size()) {
            return Optional.empty();
        }
        String low = format.apply(Arrays.stream(v).min().orElseThrow());
        String high = format.apply(Arrays.stream(v).max().orElseThrow());
        return Optional.of(low.equals(high) ? low : low + "–" + high);
    }

    private static String and(List<String> items) {
        return items.size() == 1 ? items.get(0) : String.join(", ", items.subList(0, items.size() - 1)) + " and "
                + items.get(items.size() - 1);
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
