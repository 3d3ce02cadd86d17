package threadring.bench.workloads.ring;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import threadring.bench.data.Run;
import threadring.bench.report.Series;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;

/**
 * A ring parameter a run can sweep ({@code --nodes}, {@code --tokens}, {@code --depth},
 * {@code --work}): the report has a table and a chart per parameter that varies, with one line
 * per id and per combination of the other parameters.
 */
public enum Parameter {
    NODES("nodes", "nodes in the ring", true),
    TOKENS("tokens", "tokens in flight", false),
    DEPTH("depth", "frames each node waits below its loop", false),
    WORK("work", "consumeCPU units per hop", false);

    final String option;
    final String axis;
    /** Ring sizes span decades: a log axis; the others start at 0 or 1: a linear one. */
    final boolean logScale;

    Parameter(String option, String axis, boolean logScale) {
        this.option = option;
        this.axis = axis;
        this.logScale = logScale;
    }

    int of(RingSize s) {
        return switch (this) {
            case NODES -> s.nodes();
            case TOKENS -> s.tokens();
            case DEPTH -> s.depth();
            case WORK -> s.work();
        };
    }

    /** The other parameters' values, e.g. "tokens=1 depth=0 work=1000": series that share it differ only in this one. */
    String others(RingSize s) {
        return Arrays.stream(values()).filter(p -> p != this).map(p -> p.option + "=" + p.of(s))
                .collect(Collectors.joining(" "));
    }

    /** The chart file of this parameter (chart-scale.png for ring sizes, as before). */
    String chartFile() {
        return this == NODES ? "chart-scale.png" : "chart-" + option + ".png";
    }

    String format(int value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    /** The ring's shapes in a run's series. */
    static List<RingSize> shapes(Run run) {
        return Series.of(run, Ring.WORKLOAD).stream().map(Series::size).toList();
    }

    /**
     * A ring series' heading: its configuration, "ring" where the run has other workloads, and the
     * parameters the run varies, e.g. "jdk25-cpusall, ring, nodes=1,000,000".
     */
    static String seriesName(Run run, Series<RingSize> s) {
        List<Parameter> varied = varied(run);
        String ring = run.jobs().stream().anyMatch(j -> j.size().workload() != Ring.WORKLOAD)
                ? s.label() + ", ring" : s.label();
        RingSize shape = s.size();
        return varied.isEmpty() ? ring : ring + ", " + varied.stream()
                .map(p -> p.option + "=" + p.format(p.of(shape))).collect(Collectors.joining(" "));
    }

    /** The ring parameters that take more than one value in the run. */
    static List<Parameter> varied(Run run) {
        List<RingSize> shapes = shapes(run);
        return Arrays.stream(values()).filter(p -> shapes.stream().map(p::of).distinct().count() > 1).toList();
    }
}
