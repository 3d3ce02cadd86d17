package threadring.bench.workloads.ring;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import threadring.bench.data.Run;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.History;
import threadring.bench.report.Series;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;

/** Every published study, with this run's speed-ups over {@code baseline} (first ring series that has them) beside. */
final class Published {

    private Published() {}

    static void write(Run run, Doc doc, String baseline) {
        History history = History.standard();
        doc.heading(2, "Published figures (ratios only)");
        doc.paragraph("Speed-up over each study's own threads row, next to this run's speed-up over " + baseline
                + " for the same model: first the ids with the study's setup, then (labelled) one-thread variants it "
                + "did not run. Other machines, other JDKs: only the ratios compare.");
        List<Doc.Row> table = new ArrayList<>();
        for (History.Entry e : history.entries()) {
            table.add(new Doc.Row(List.of(Doc.Cell.of(e.study()), Doc.Cell.of(e.model()),
                    Doc.Cell.number(Format.ns(e.nsPerHop()), e.nsPerHop()),
                    Doc.Cell.number(Format.times(history.speedUp(e)), history.speedUp(e)),
                    Doc.Cell.of(thisRun(run, e.ids(), baseline)), Doc.Cell.of(thisRun(run, e.oneThreadIds(), baseline)),
                    Doc.Cell.of(e.setup()), Doc.Cell.of(e.source())), Map.of()));
        }
        doc.add(new Doc.Table("published", List.of(Format.text("study"), Format.text("model"),
                Format.number("their ns/hop"), Format.number("their speed-up"), Format.text("this run, same setup"),
                Format.text("this run, one thread"), Format.text("setup"), Format.text("source")), table));
    }

    private static String thisRun(Run run, List<String> ids, String baseline) {
        List<String> parts = new ArrayList<>();
        List<Series<RingSize>> all = Series.of(run, Ring.WORKLOAD);
        for (String id : ids) {
            for (Series<RingSize> s : all) {
                Optional<Series.Row> r = s.row(run, id);
                Optional<Series.Row> b = s.row(run, baseline);
                if (r.isPresent() && b.isPresent()) {
                    parts.add(id + " " + Format.ratio(b.get().summary(), r.get().summary())
                            + (all.size() > 1 ? " (" + Parameter.seriesName(run, s) + ")" : ""));
                    break;
                }
            }
        }
        return String.join(", ", parts);
    }
}
