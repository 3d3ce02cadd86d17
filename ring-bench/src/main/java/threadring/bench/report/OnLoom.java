package threadring.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import threadring.bench.data.Run;
import threadring.bench.stats.LikeWithLike;
import threadring.bench.stats.Stats;
import threadring.core.RingFactory;

/**
 * "On their own scheduler and on Loom": per series and model, the model's fastest row on its own
 * scheduler beside its fastest row on virtual threads ({@link RingFactory#onVirtualThreads}), the
 * ratio with its interval (per state where there are states), like with like, and what a step
 * costs on each. Loom itself, its floor and platform threads are not "beneath" anything.
 */
final class OnLoom {

    /** Models that are not a library over a scheduler of its own. */
    static final Set<String> NOT_BENEATH = Set.of("virtual", "threads", "floor", "probe");

    private OnLoom() {}

    /** One model in one series: its fastest own-scheduler row and its fastest row on virtual threads. */
    record Pair(Series<?> series, String model, Series.Row own, Series.Row loom) {}

    static List<Pair> pairs(Run run) {
        List<Pair> pairs = new ArrayList<>();
        for (Series<?> s : Series.of(run)) {
            Map<String, List<Series.Row>> byModel = s.rows(run).stream().filter(r -> !NOT_BENEATH.contains(r.model()))
                    .collect(Collectors.groupingBy(Series.Row::model, LinkedHashMap::new, Collectors.toList()));
            byModel.forEach((model, rows) -> {
                Optional<Series.Row> own = fastest(rows, r -> !Declared.is(r.id(), RingFactory::onVirtualThreads));
                Optional<Series.Row> loom = fastest(rows, r -> Declared.is(r.id(), RingFactory::onVirtualThreads));
                if (own.isPresent() && loom.isPresent()) {
                    pairs.add(new Pair(s, model, own.get(), loom.get()));
                }
            });
        }
        return pairs;
    }

    private static Optional<Series.Row> fastest(List<Series.Row> rows, Predicate<Series.Row> which) {
        return rows.stream().filter(which).min(Comparator.comparingDouble(r -> r.summary().median()));
    }

    static void write(Run run, Doc doc) {
        List<Pair> pairs = pairs(run);
        if (pairs.isEmpty()) {
            return;
        }
        doc.heading(2, "On their own scheduler and on Loom");
        doc.paragraph("Per series and model: its fastest row on the library's own scheduler (*own*) beside its fastest "
                + "row on virtual threads (*Loom*: the `-loom` variants, the library's work on a virtual-thread "
                + "executor; `coroutines/delay-hybrid` for the coroutine fan-out), level [95% interval], the ratio "
                + "Loom / own (below 1: Loom beneath is faster) with its interval, per state where a row has "
                + "states, and like with like (*Loom faster* or *Loom slower* only where the two intervals "
                + "separate). CPU per step (per task for the fan-out) and context switches per 1,000 steps say "
                + "what each form costs (*What a step costs*). Fastest: lowest median over the ids measured.");
        List<Doc.Row> table = new ArrayList<>();
        for (Pair p : pairs) {
            WorkloadSection<?> section = Sections.of(p.series());
            double per = Sections.costPer(p.series());
            Stats.Summary own = p.own().summary();
            Stats.Summary loom = p.loom().summary();
            List<Doc.Cell> cells = new ArrayList<>(List.of(Doc.Cell.of(Sections.name(run, p.series())),
                    Doc.Cell.of(p.model()), Doc.Cell.of(p.own().id()), cell(section, own),
                    Costs.cell(p.own(), Costs.CPU, per), Costs.cell(p.own(), "switches", per),
                    Doc.Cell.of(p.loom().id()), cell(section, loom), Costs.cell(p.loom(), Costs.CPU, per),
                    Costs.cell(p.loom(), "switches", per), Format.ratioCell(loom, own),
                    Doc.Cell.of(LikeWithLike.judge(own, loom, "own", "Loom", section::number).text())));
            table.add(new Doc.Row(cells, Format.tags(p.loom().id(), p.series().workload())));
        }
        doc.add(new Doc.Table("on-loom", List.of(Format.text("series"), Format.text("model"), Format.text("own"),
                Format.number("own [95%]"), Format.number("own CPU ns per step"), Format.number("own switches/1,000"),
                Format.text("Loom"), Format.number("Loom [95%]"), Format.number("Loom CPU ns per step"),
                Format.number("Loom switches/1,000"), Format.number("Loom / own [95%]"), Format.text("like with like")),
                table));
    }

    private static Doc.Cell cell(WorkloadSection<?> section, Stats.Summary s) {
        return new Doc.Cell(section.value(s) + (s.isUnstable() ? Format.FLAGGED : ""), s.median(), s.isUnstable());
    }
}
