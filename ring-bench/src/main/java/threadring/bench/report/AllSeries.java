package threadring.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import threadring.bench.data.Run;

/** Every id's ns per step in every series of the handoff workloads, side by side. */
final class AllSeries {

    private AllSeries() {}

    static void write(Run run, Doc doc) {
        List<Series<?>> all = Series.steps(run);
        if (all.size() < 2) {
            return;
        }
        doc.heading(2, "All series: ns per hop (ring) or per exchange (rendezvous), level [95% interval]");
        List<Doc.Column> columns = new ArrayList<>(List.of(Format.text("id")));
        all.forEach(s -> columns.add(Format.number(Sections.name(run, s))));
        List<Doc.Row> table = new ArrayList<>();
        for (String id : Series.ids(run, all)) {
            List<Doc.Cell> cells = new ArrayList<>(List.of(Doc.Cell.of(id)));
            for (Series<?> s : all) {
                cells.add(s.row(run, id).map(x -> Format.value(x.summary())).orElse(Doc.Cell.of("–")));
            }
            table.add(new Doc.Row(cells, Map.of("model", Format.model(id))));
        }
        doc.add(new Doc.Table("all-series", columns, table));
        doc.paragraph("(– : not measured in that series.)");
    }
}
