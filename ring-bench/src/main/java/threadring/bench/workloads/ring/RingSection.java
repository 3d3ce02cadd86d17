package threadring.bench.workloads.ring;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import threadring.bench.data.Run;
import threadring.bench.data.Settings;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.Ratios;
import threadring.bench.report.Series;
import threadring.bench.report.StepTable;
import threadring.bench.report.Text;
import threadring.bench.report.WorkloadSection;
import threadring.core.Workload;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;

/**
 * The ring: each model's fastest row over its floor, a table and a chart per ring parameter the
 * run varies, and per series a {@link StepTable}. A ring series is named by the parameters the run
 * varies, e.g. "jdk25-cpusall, ring, nodes=1,000,000".
 */
public final class RingSection implements WorkloadSection<RingSize> {

    @Override
    public Workload<RingSize, ?> workload() {
        return Ring.WORKLOAD;
    }

    @Override
    public void summary(Run run, Doc doc) {
        Floors.write(run, doc);
        for (Parameter p : Parameter.varied(run)) {
            Parameters.write(run, p, doc);
        }
    }

    @Override
    public void closing(Run run, Doc doc) {
        Published.write(run, doc, RingUnit.BASELINE);
    }

    @Override
    public void series(Run run, Series<RingSize> series, Doc doc) {
        StepTable.write(run, series, name(run, series), "hops per pass", doc);
    }

    @Override
    public void charts(Path dir, Run run) {
        Parameter.varied(run).forEach(p -> ParameterChart.write(dir, run, p));
    }

    @Override
    public String name(Run run, Series<RingSize> s) {
        return Parameter.seriesName(run, s);
    }

    @Override
    public List<String> environment(Run run) {
        List<String> shapes = new ArrayList<>(WorkloadSection.super.environment(run));
        if (!shapes.isEmpty()) {
            Settings s = run.settings();
            shapes.set(shapes.size() - 1, shapes.get(shapes.size() - 1) + ", hops per pass: "
                    + s.fixedSteps(Ring.WORKLOAD).map(String::valueOf).orElse("each id's own, calibrated to about "
                            + s.scored().passMs() + " ms (column hops)"));
        }
        return shapes;
    }

    @Override
    public Text step(RingSize size) {
        Text t = new Text().words("hand a token to the next of ").number(Format.count(size.nodes()), size.nodes())
                .words(" tasks");
        if (size.tokens() > 1) {
            t.words(", ").number(Format.count(size.tokens()), size.tokens()).words(" tokens at once");
        }
        return t;
    }

    @Override
    public String job() {
        return "Hand-offs along a chain of tasks";
    }


    @Override
    public boolean perStep() {
        return true;
    }

    /** A form's level over the floor row nearest to its machinery ({@code RingFactory.floor}) in its series. */
    @Override
    public Optional<Floored> overFloor(Ratios ratios, Series<RingSize> s, Series.Row form) {
        return Floors.of(s.rows(ratios.run()), form).map(f -> new Floored(f.id(), ratios.between(s, form, f)));
    }
}
