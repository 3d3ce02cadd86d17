package threadring.bench.report;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import threadring.bench.data.Run;
import threadring.bench.data.Settings;
import threadring.core.Workload.Size;
import threadring.core.Workload;

/**
 * The ring: each model's fastest row over its floor, a table and a chart per ring parameter the
 * run varies, and per series a {@link StepTable}. A ring series is named by the parameters the run
 * varies, e.g. "jdk25-cpusall, ring, nodes=1,000,000".
 */
final class RingSection implements WorkloadSection {

    @Override
    public Workload workload() {
        return Workload.RING;
    }

    @Override
    public void summary(Run run, Doc doc) {
        Floors.write(run, doc);
        for (Parameter p : Parameter.varied(run)) {
            Parameters.write(run, p, doc);
        }
    }

    @Override
    public void series(Run run, Series series, Doc doc) {
        StepTable.write(run, series, name(run, series), "hops per pass", doc);
    }

    @Override
    public void charts(Path dir, Run run) {
        Parameter.varied(run).forEach(p -> ParameterChart.write(dir, run, p));
    }

    @Override
    public String name(Run run, Series s) {
        return Parameter.seriesName(run, s);
    }

    @Override
    public List<String> environment(Run run) {
        List<String> shapes = new java.util.ArrayList<>(WorkloadSection.super.environment(run));
        if (!shapes.isEmpty()) {
            Settings s = run.settings();
            shapes.set(shapes.size() - 1, shapes.get(shapes.size() - 1) + ", hops per pass: "
                    + s.fixedSteps(Workload.RING).map(String::valueOf).orElse("each id's own, calibrated to about "
                            + s.scored().passMs() + " ms (column hops)"));
        }
        return shapes;
    }

    @Override
    public boolean perStep() {
        return true;
    }
}
