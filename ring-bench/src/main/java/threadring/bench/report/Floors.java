package threadring.bench.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import threadring.bench.data.Run;
import threadring.bench.stats.Stats;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Workload;

/**
 * Per model and ring series, its fastest row against its nearest floor row ({@code RingFactory.floor})
 * measured in the same series: what the model's scheduler and library add to a hop.
 */
final class Floors {

    static final String FLOOR_MODEL = "floor";

    private Floors() {}

    static void write(Run run, Doc doc) {
        Map<String, String> floorOf = new HashMap<>();
        RingFactories.load().all().forEach(f -> floorOf.put(f.id(), f.floor()));
        List<Doc.Row> table = new ArrayList<>();
        for (Series s : Series.of(run, Workload.RING)) {
            List<Series.Row> rows = s.rows(run);
            Map<String, Series.Row> fastest = new LinkedHashMap<>();
            rows.stream().filter(r -> !r.model().equals(FLOOR_MODEL)).forEach(r -> fastest.putIfAbsent(r.model(), r));
            for (Series.Row r : fastest.values()) {
                String floorId = floorOf.getOrDefault(r.id(), RingFactory.LOOP_FLOOR);
                Optional<Series.Row> floor = rows.stream().filter(x -> x.id().equals(floorId)).findFirst();
                if (floor.isEmpty()) {
                    continue;
                }
                Stats.Summary m = r.summary();
                Stats.Summary f = floor.get().summary();
                table.add(new Doc.Row(List.of(Doc.Cell.of(Parameter.seriesName(run, s)), Doc.Cell.of(r.model()), Doc.Cell.of(r.id()),
                        Format.value(m), Doc.Cell.of(floorId), Format.value(f),
                        Doc.Cell.number(Format.ns(m.median() - f.median()), m.median() - f.median()),
                        Format.ratioCell(m, f)), Format.tags(r.id(), Workload.RING)));
            }
        }
        if (table.isEmpty()) {
            return;
        }
        doc.heading(2, "Over the floor: what each model adds to a hop");
        doc.paragraph("Each model's fastest row against the floor row nearest to its machinery (`floor/loop`: plain "
                + "code; `floor/loom-continuation`: a bare Loom continuation per node; `floor/kotlin-intrinsics`: "
                + "bare Kotlin coroutines; `floor/kilim-continuation`: bare Kilim fibers), in the same series. The "
                + "difference is the scheduler's and the library's share of a hop; *x floor* is the ratio of "
                + "levels with its 95% interval.");
        doc.add(new Doc.Table("floors", List.of(Format.text("series"), Format.text("model"), Format.text("fastest row"),
                Format.number("ns/hop [95%]"), Format.text("floor"), Format.number("floor ns/hop [95%]"),
                Format.number("added ns/hop"), Format.number("x floor [95%]")), table));
    }
}
