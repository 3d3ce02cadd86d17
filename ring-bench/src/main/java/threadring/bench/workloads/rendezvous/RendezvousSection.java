package threadring.bench.workloads.rendezvous;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import threadring.bench.data.Run;
import threadring.bench.data.Settings;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.Series;
import threadring.bench.report.StepTable;
import threadring.bench.report.Text;
import threadring.bench.report.WorkloadSection;
import threadring.bench.stats.Stats;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.rendezvous.RendezvousSize;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;
import threadring.core.ring.Rings;

/** The rendezvous: each id beside its ring, and per configuration a {@link StepTable}. */
public final class RendezvousSection implements WorkloadSection<RendezvousSize> {

    @Override
    public Workload<RendezvousSize, ?> workload() {
        return Rendezvous.WORKLOAD;
    }

    @Override
    public void series(Run run, Series<RendezvousSize> series, Doc doc) {
        StepTable.write(run, series, name(run, series), "values per pass", doc);
    }

    @Override
    public List<String> environment(Run run) {
        Settings s = run.settings();
        return Series.of(run, Rendezvous.WORKLOAD).isEmpty() ? List.of() : List.of("rendezvous, values per exchange: "
                + s.fixedSteps(Rendezvous.WORKLOAD).map(String::valueOf).orElse("each id's own, calibrated to about "
                        + s.scored().passMs() + " ms (column values)"));
    }


    @Override
    public Text step(RendezvousSize size) {
        return Text.of("two tasks exchange a value");
    }

    @Override
    public String job() {
        return "Two tasks trading values";
    }

    @Override
    public boolean perStep() {
        return true;
    }

    /**
     * Per configuration, each id's rendezvous beside its ring (the first ring series of that
     * configuration, the classic one if it ran): where a trick pays in one workload and not the
     * other, the ratio moves.
     */
    @Override
    public void summary(Run run, Doc doc) {
        List<Doc.Row> table = new ArrayList<>();
        for (Series<RendezvousSize> r : Series.of(run, Rendezvous.WORKLOAD)) {
            List<Series<RingSize>> rings = Series.of(run, Ring.WORKLOAD).stream().filter(x -> x.label().equals(r.label())).toList();
            Size classic = RingSize.classic(Rings.DEFAULT_NODES);
            Optional<Series<RingSize>> ring = rings.stream().filter(x -> x.size().equals(classic)).findFirst()
                    .or(() -> rings.stream().findFirst());
            List<Series.Row> ringRows = ring.map(x -> x.rows(run)).orElse(List.of());
            for (Series.Row row : r.rows(run)) {
                Stats.Summary e = row.summary();
                Optional<Series.Row> hop = ringRows.stream().filter(x -> x.id().equals(row.id())).findFirst();
                table.add(new Doc.Row(List.of(Doc.Cell.of(r.label()), Doc.Cell.of(row.id()), Format.value(e),
                        hop.map(h -> Format.value(h.summary())).orElse(Doc.Cell.of("–")),
                        hop.map(h -> Format.ratioCell(e, h.summary())).orElse(Doc.Cell.of(""))),
                        Format.tags(row.id(), Rendezvous.WORKLOAD)));
            }
        }
        if (table.isEmpty()) {
            return;
        }
        doc.heading(2, "Rendezvous beside the ring");
        doc.paragraph("Each id's rendezvous (a sender and a receiver meet once per value; ns per exchanged value) "
                + "beside its ring (ns per hop, the configuration's classic ring if it ran, else its first), fastest "
                + "rendezvous first. *rendezvous / ring* is the ratio of levels with its 95% interval: a primitive "
                + "whose partner is always about to arrive (spinning, Exchanger) gains in the rendezvous and loses "
                + "in the ring, where a node waits N-1 hops for its next token. Ids the run measured in one workload "
                + "only show – in the other.");
        doc.add(new Doc.Table("rendezvous-beside-ring", List.of(Format.text("configuration"), Format.text("id"),
                Format.number("rendezvous ns/exchange [95%]"), Format.number("ring ns/hop [95%]"),
                Format.number("rendezvous / ring [95%]")), table));
    }
}
