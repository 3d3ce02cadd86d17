package threadring.bench.workloads.ring;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import threadring.bench.data.Run;
import threadring.bench.report.Costs;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.Series;
import threadring.bench.stats.Stats;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;

/**
 * Per model and ring series, its fastest row against its nearest floor row ({@code RingFactory.floor})
 * measured in the same series: what the model's scheduler and library add to a hop.
 */
final class Floors {

    static final String FLOOR_MODEL = "floor";

    private Floors() {}

    /** Each variant's floor id, by its id: loaded once, every factory of the classpath. */
    private static final class FloorOf {
        static final Map<String, String> IDS = ids();

        private static Map<String, String> ids() {
            Map<String, String> floorOf = new HashMap<>();
            RingFactories.load().all().forEach(f -> floorOf.put(f.id(), f.floor()));
            return Map.copyOf(floorOf);
        }
    }

    /** The floor row nearest to {@code form}'s machinery among {@code rows} (its series'), if measured. */
    static Optional<Series.Row> of(List<Series.Row> rows, Series.Row form) {
        String floorId = FloorOf.IDS.getOrDefault(form.id(), RingFactory.LOOP_FLOOR);
        return rows.stream().filter(x -> x.id().equals(floorId)).findFirst();
    }

    static void write(Run run, Doc doc) {
        Map<String, String> floorOf = FloorOf.IDS;
        List<Doc.Row> table = new ArrayList<>();
        boolean counted = Series.of(run, Ring.WORKLOAD).stream().anyMatch(s -> Costs.counted(s.rows(run)));
        for (Series<RingSize> s : Series.of(run, Ring.WORKLOAD)) {
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
                List<Doc.Cell> cells = new ArrayList<>(List.of(Doc.Cell.of(Parameter.seriesName(run, s)),
                        Doc.Cell.of(r.model()), Doc.Cell.of(r.id()), Format.value(m), Doc.Cell.of(floorId),
                        Format.value(f), Doc.Cell.number(Format.ns(m.median() - f.median()), m.median() - f.median()),
                        Format.ratioCell(m, f)));
                if (counted) {
                    cells.add(addedCpu(r, floor.get()));
                }
                table.add(new Doc.Row(cells, Format.tags(r.id(), Ring.WORKLOAD)));
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
                + "levels with its 95% interval" + (counted ? "; *added CPU ns/hop*: the model's CPU per hop (all its "
                + "JVM's threads) less the floor's, per state of the model's row (n/a where a row was not counted)" : "")
                + ".");
        List<Doc.Column> columns = new ArrayList<>(List.of(Format.text("series"), Format.text("model"),
                Format.text("fastest row"), Format.number("ns/hop [95%]"), Format.text("floor"),
                Format.number("floor ns/hop [95%]"), Format.number("added ns/hop"), Format.number("x floor [95%]")));
        if (counted) {
            columns.add(Format.number("added CPU ns/hop"));
        }
        doc.add(new Doc.Table("floors", columns, table));
    }

    /** The model's CPU per hop less its floor's (the floor's main state), per state of the model's row. */
    private static Doc.Cell addedCpu(Series.Row model, Series.Row floor) {
        List<Costs.Group> m = Costs.groups(model);
        List<Costs.Group> f = Costs.groups(floor);
        if (m.isEmpty() || f.isEmpty()) {
            return Doc.Cell.of("n/a");
        }
        double base = f.get(0).cpuNs();
        return Doc.Cell.number(String.join(" / ", m.subList(0, model.summary().modes().size()).stream()
                .map(g -> Format.ns(g.cpuNs() - base)).toList()), m.get(0).cpuNs() - base);
    }
}
