package threadring.bench.answer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import threadring.bench.data.Probe;
import threadring.bench.report.Format;
import threadring.bench.report.MainStateRatio;
import threadring.bench.report.Ratios;
import threadring.bench.report.Sections;
import threadring.bench.report.Series;
import threadring.bench.report.WorkloadSection;
import threadring.bench.stats.Tiers;
import threadring.core.Size;

/**
 * Each series ranked: per model its fastest form, best first, in tiers that only separated ratios
 * split, with its ratios over the workload's baseline, its floor and Go's fastest form, and what a
 * step cost. What the answer's tables, its glance and the docs read.
 */
public final class Rankings {

    /** Ids whose model is one of these are yardsticks, not models: floors and the machine's probes. */
    static final List<String> NOT_MODELS = List.of(Format.model(Probe.CROSS_CPU), Format.model(Probe.SPEED));

    /** The model every JVM model is set beside where a series measured it: Go's goroutines. */
    public static final String GO = "go";
    /** Loom's virtual threads, set beside platform threads and Go in the glance. */
    public static final String VIRTUAL = "virtual";
    /** Platform threads. */
    public static final String THREADS = "threads";

    private Rankings() {}

    /** The rankings of every series of {@code ratios}' run with a model measured, ratios and tiers from {@code ratios}. */
    public static List<Ranking> of(Ratios ratios) {
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
        Optional<Series.Row> base = section.workloadUnit().baseline().flatMap(b -> rows.stream().filter(r -> r.id().equals(b))
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
}
