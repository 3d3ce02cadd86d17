package threadring.bench.workloads.ring;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import threadring.bench.data.Run;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.Series;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;

/**
 * How ns/hop changes with one ring parameter: per configuration and combination of the other
 * parameters, one column per value, and the last value's median over the first's with its
 * interval.
 */
final class Parameters {

    private Parameters() {}

    static void write(Run run, Parameter p, Doc doc) {
        doc.heading(2, p.option + ": ns/hop [95% interval] against " + p.axis);
        doc.paragraph((run.settings().fixedSteps(Ring.WORKLOAD).isEmpty() ? "Every value runs each id's own hops per pass. "
                : "")
                + "*last / first*: the change from the first value to the last, with its 95% interval (Welch's t "
                + "on the log fork levels). Chart: [" + p.chartFile() + "](" + p.chartFile() + ").");
        Map<String, List<Series<RingSize>>> groups = new LinkedHashMap<>();
        for (Series<RingSize> s : Series.of(run, Ring.WORKLOAD)) {
            groups.computeIfAbsent(s.label() + "|" + p.others(shape(s)), k -> new ArrayList<>()).add(s);
        }
        for (List<Series<RingSize>> group : groups.values()) {
            if (group.size() < 2) {
                continue;
            }
            List<Series<RingSize>> sorted = group.stream().sorted(Comparator.comparingInt(s -> p.of(shape(s)))).toList();
            doc.heading(3, sorted.get(0).label() + ", " + p.others(shape(sorted.get(0))));
            List<Doc.Column> columns = new ArrayList<>(List.of(Format.text("id")));
            sorted.forEach(s -> columns.add(Format.number(p.option + "=" + p.format(p.of(shape(s))))));
            columns.add(Format.number("last / first"));
            List<Doc.Row> table = new ArrayList<>();
            for (String id : Series.ids(run, sorted)) {
                List<Doc.Cell> cells = new ArrayList<>(List.of(Doc.Cell.of(id)));
                List<Optional<Series.Row>> found = sorted.stream().map(s -> s.row(run, id)).toList();
                found.forEach(r -> cells.add(r.map(x -> Format.value(x.summary())).orElse(Doc.Cell.of("–"))));
                Optional<Series.Row> first = found.stream().flatMap(Optional::stream).findFirst();
                Optional<Series.Row> last = found.stream().flatMap(Optional::stream).reduce((x, y) -> y);
                cells.add(first.isPresent() && last.get() != first.get()
                        ? Format.ratioCell(last.get().summary(), first.get().summary()) : Doc.Cell.of(""));
                table.add(new Doc.Row(cells, Format.tags(id, Ring.WORKLOAD)));
            }
            doc.add(new Doc.Table("parameter", columns, table));
        }
    }

    static RingSize shape(Series<RingSize> s) {
        return s.size();
    }
}
