package threadring.bench.report;

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

/**
 * The report's first screen: per workload and series, each model's fastest form ranked by level,
 * in tiers that only separated intervals split, with its ratio to the workload's baseline and to
 * its floor, what a step costs, and one sentence of why drawn from those costs. What is particular
 * to a workload (its floor or ideal, its costs, its units) its {@link WorkloadSection} says.
 */
public final class Answer {

    /** Ids whose model is one of these are yardsticks, not models: floors and the machine's probes. */
    static final List<String> NOT_MODELS = List.of(Format.model(Probe.CROSS_CPU), Format.model(Probe.SPEED));

    private Answer() {}

    /**
     * One model's fastest form in a series: its level as its section states it, its tier (0: none,
     * the row is flagged or has no interval), its speed-up over the baseline row and its level over
     * its floor (where the series has them), what a step costs, and whether its level is a bound its
     * load set.
     */
    record Entry(String model, Series.Row form, Stats.Summary level, int tier, Optional<Stats.Ratio> overBaseline,
            Optional<Stats.Ratio> overFloor, Costs.PerStep cost, boolean bound) {

        boolean flagged() {
            return level.isUnstable();
        }
    }

    /** One series' answer: its models' fastest forms, best first, and the baseline row if measured. */
    record Ranking(Series series, WorkloadSection section, Optional<Series.Row> baseline, List<Entry> entries) {}

    /** "## The answer" and a table per series of every workload with a model measured; nothing otherwise. */
    static void write(Run run, Doc doc) {
        write(run, doc, " Every row is in its series' table below.");
    }

    /** The same, {@code rest} ending its opening paragraph (where the rows are: the report below, or elsewhere). */
    static void write(Run run, Doc doc, String rest) {
        List<Ranking> rankings = rankings(run);
        if (rankings.isEmpty()) {
            return;
        }
        doc.heading(2, "The answer");
        doc.paragraph("Per series, each model's fastest form (the model is the id's prefix; floors and probes are "
                + "none), best first. *tier*: a model starts a new tier where its 95% interval shares no value with "
                + "that of its tier's first model; models of one tier overlap it and are not ordered. Flagged rows "
                + "(states, not settled, forks apart, warm-up too short) show their main state's level and take no "
                + "tier. Costs per step: the counters of the form's main state." + rest);
        for (Ranking r : rankings) {
            write(run, r, doc);
        }
    }

    /** The rankings of every series with a model measured, in the workloads' order. */
    static List<Ranking> rankings(Run run) {
        List<Ranking> out = new ArrayList<>();
        for (WorkloadSection section : Sections.ALL) {
            for (Series s : Series.of(run, section.workload())) {
                Ranking r = ranking(run, s, section);
                if (!r.entries().isEmpty()) {
                    out.add(r);
                }
            }
        }
        return out;
    }

    /** One series ranked: each model's fastest form, in tiers. */
    static Ranking ranking(Run run, Series s, WorkloadSection section) {
        List<Series.Row> rows = s.rows(run);
        Optional<Series.Row> base = section.baseline().flatMap(b -> rows.stream().filter(r -> r.id().equals(b))
                .findFirst());
        List<Series.Row> forms = fastestPerModel(rows);
        List<Stats.Summary> levels = forms.stream().map(section::stated).toList();
        int[] tiers = tiers(levels.stream().map(l -> l.isUnstable() ? null : l.interval()).toList());
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < forms.size(); i++) {
            Series.Row f = forms.get(i);
            Stats.Summary level = levels.get(i);
            entries.add(new Entry(f.model(), f, level, tiers[i], base.map(b -> Stats.ratio(section.stated(b), level)),
                    section.overFloor(run, s, f), section.stepCost(s, f), section.boundByLoad(f)));
        }
        return new Ranking(s, section, base, entries);
    }

    /** Each model's first row of {@code rows} (which come best first), leaving out floors and probes. */
    static List<Series.Row> fastestPerModel(List<Series.Row> rows) {
        Map<String, Series.Row> fastest = new LinkedHashMap<>();
        rows.stream().filter(r -> !NOT_MODELS.contains(r.model())).forEach(r -> fastest.putIfAbsent(r.model(), r));
        return List.copyOf(fastest.values());
    }

    /**
     * Tiers of levels given best first by their intervals (null: the row takes no tier, 0): the first
     * interval starts tier 1; a later one starts the next tier where it is separated from (shares no
     * value with) the interval that started the current tier, and joins that tier where they overlap.
     */
    static int[] tiers(List<Interval> intervals) {
        int[] tiers = new int[intervals.size()];
        Interval first = null;
        int tier = 0;
        for (int i = 0; i < intervals.size(); i++) {
            Interval x = intervals.get(i);
            if (x == null) {
                continue;
            }
            if (first == null || Stats.separated(first, x)) {
                tier++;
                first = x;
            }
            tiers[i] = tier;
        }
        return tiers;
    }

    private static void write(Run run, Ranking r, Doc doc) {
        WorkloadSection section = r.section();
        String unit = section.costUnit();
        List<Entry> entries = r.entries();
        boolean floors = entries.stream().anyMatch(e -> e.overFloor().isPresent());
        List<CostColumn> costs = CostColumn.ALL.stream().filter(c -> entries.stream()
                .anyMatch(e -> Double.isFinite(c.value().applyAsDouble(e.cost())))).toList();
        List<Doc.Column> columns = new ArrayList<>(List.of(Format.number("tier"), Format.text("model"),
                Format.text("fastest form"), Format.number(section.unit() + " [95%]")));
        r.baseline().ifPresent(b -> columns.add(Format.number("speed-up vs " + b.id() + " [95%]")));
        if (floors) {
            columns.add(Format.number(section.floorColumn()));
        }
        costs.forEach(c -> columns.add(Format.number(c.name().replace("{step}", unit))));
        List<Doc.Row> rows = new ArrayList<>();
        for (Entry e : entries) {
            List<Doc.Cell> cells = new ArrayList<>(List.of(e.tier() > 0 ? Doc.Cell.number(String.valueOf(e.tier()),
                    e.tier()) : Doc.Cell.of("–"), Doc.Cell.of(e.model()), Doc.Cell.of(e.form().id()), level(section, e)));
            if (r.baseline().isPresent()) {
                cells.add(e.form().id().equals(r.baseline().get().id()) ? Doc.Cell.number("1 (baseline)", 1)
                        : ratio(e, e.overBaseline()));
            }
            if (floors) {
                cells.add(ratio(e, e.overFloor()));
            }
            costs.forEach(c -> {
                double v = c.value().applyAsDouble(e.cost());
                cells.add(Doc.Cell.number(c.format().apply(v), v));
            });
            rows.add(new Doc.Row(cells, Format.tags(e.form().id(), r.series().workload())));
        }
        doc.paragraph("**" + section.name(run, r.series()) + "**: each model's fastest form, best first.");
        doc.add(new Doc.Table("answer", columns, rows));
        doc.bullets(List.of(tierLine(entries), why(r)));
    }

    /** The level as the workload states it, with its interval; a flagged row's main level and its flag. */
    private static Doc.Cell level(WorkloadSection section, Entry e) {
        Stats.Summary s = e.level();
        String level = (e.bound() ? "at least " : "") + section.number(s.median());
        String text = e.flagged() ? level + " *" + s.flag().cause().label + "*"
                : s.interval() == null ? level + " *" + s.forks() + " JVMs*"
                : level + " [" + section.range(s.interval()) + "]";
        return new Doc.Cell(text, s.median(), e.flagged());
    }

    /** A ratio with its interval; a flagged row's, compact, without. */
    private static Doc.Cell ratio(Entry e, Optional<Stats.Ratio> ratio) {
        return ratio.map(x -> Doc.Cell.number(e.flagged() ? Format.times(x.value()) : Format.ratio(x), x.value()))
                .orElse(Doc.Cell.of("n/a"));
    }

    /** Which models share a tier, and which take none. */
    static String tierLine(List<Entry> entries) {
        Map<Integer, List<String>> byTier = entries.stream().filter(e -> e.tier() > 0).collect(Collectors.groupingBy(
                Entry::tier, LinkedHashMap::new, Collectors.mapping(e -> Format.code(e.model()), Collectors.toList())));
        List<String> shared = byTier.entrySet().stream().filter(t -> t.getValue().size() > 1)
                .map(t -> "tier " + t.getKey() + ": " + String.join(", ", t.getValue())).toList();
        String line = byTier.isEmpty() ? "Tiers: none (no model's form is one claim with an interval)"
                : shared.isEmpty() ? "Tiers: one model each, every one separated from the tier before"
                : "Sharing a tier (intervals overlap, no order between them): " + String.join("; ", shared);
        List<String> none = entries.stream().filter(e -> e.tier() == 0).map(e -> Format.code(e.model())).toList();
        return line + (none.isEmpty() ? "." : "; no tier: " + String.join(", ", none) + " (flagged or no interval).");
    }

    /**
     * Why, from the costs: what the best form does per step (with the rest of its tier, where it has
     * one) against the baseline row (or the last model), in numbers.
     */
    static String why(Ranking r) {
        List<Entry> entries = r.entries();
        int tier = entries.get(0).tier();
        List<Entry> best = tier == 0 ? List.of(entries.get(0)) : entries.stream().filter(e -> e.tier() == tier).toList();
        Optional<String> baseline = r.baseline().map(Series.Row::id);
        Optional<Entry> other = entries.stream().filter(e -> baseline.equals(Optional.of(e.form().id()))).findFirst()
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
    private static String does(List<Entry> who, String unit) {
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
    private static Optional<String> span(List<Entry> who, ToDoubleFunction<Costs.PerStep> cost,
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
