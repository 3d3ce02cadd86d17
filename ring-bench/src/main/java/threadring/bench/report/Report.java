package threadring.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.commons.math3.stat.StatUtils;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.rerun.project.Reruns;
import threadring.bench.stats.Stats;
import threadring.bench.util.AtomicFiles;

/**
 * Turns a run's run.json into report.md, report.html and charts: its head (the answer, each model's
 * fastest form per series in tiers, written by the caller's {@link Head}), the environment, how to read the statistics, each workload's
 * summary, then per series its section (per id the median with its interval over forks, the fork
 * medians, a stability flag and the speed-up over the workload's baseline with its interval; what
 * failed; the profiling pass, labelled as such).
 * Each workload's closing blocks (the ring's published figures) last.
 */
public final class Report {

    public static final String FILE = "report.md";
    public static final String HTML = "report.html";

    private Report() {}

    /** What a report opens with, above its environment: the answer, written by a reader of the run's rows. */
    @FunctionalInterface
    public interface Head {
        void write(Run run, Doc doc);
    }

    /** Writes the charts, report.md and report.html of the run in {@code runDir}, {@code head} first; returns report.md. */
    public static Path write(Path runDir, Head head) throws IOException {
        Run run = RunFile.read(runDir);
        Chart.Outcome chart = Chart.write(runDir, run, Series.steps(run), s -> Sections.name(run, s),
                Chart.unit(Series.steps(run)), 1, Chart.PNG,
                Chart.SVG);
        Chart.Outcome cost = CostChart.write(runDir, run, s -> Sections.name(run, s));
        Sections.ALL.forEach(s -> s.charts(runDir, run));
        AcrossJdks.chart(runDir, run);
        Doc doc = document(run, chart, cost, head);
        AtomicFiles.write(runDir.resolve(HTML), HtmlPage.render(doc, runDir));
        Path file = runDir.resolve(FILE);
        AtomicFiles.write(file, doc.markdown());
        return file;
    }

    /** report.md's text, with the main chart as drawn. */
    public static String render(Run run, Chart.Outcome chart, Head head) {
        return document(run, chart, new Chart.Outcome(null, null, "not drawn"), head).markdown();
    }

    /** The whole report as typed blocks: what report.md and report.html both show. */
    public static Doc document(Run run, Chart.Outcome chart, Chart.Outcome cost, Head head) {
        Doc doc = new Doc("threadring run " + run.runId());
        if (run.state() != Run.State.COMPLETE) {
            doc.paragraph("**Incomplete run (" + run.state().toString().toLowerCase(Locale.ROOT)
                    + ")**: only what finished is shown; `results/latest` was not moved to it.");
        }
        head.write(run, doc);
        Environment.write(run, doc);
        if (chart.png() != null) {
            doc.add(new Doc.Image("ns per hop: level and 95% interval over forks, log scale", chart.png(), chart.svg()));
        } else if (!Series.steps(run).isEmpty()) {
            doc.paragraph("Chart: not drawn (" + chart.problem() + ").");
        }
        if (cost.png() != null) {
            doc.add(new Doc.Image("time per step against CPU per step, one point per id and state, log scales; "
                    + "the diagonal is one core busy", cost.png(), cost.svg()));
        }
        Method.write(doc);
        Rerun r = Reruns.of(run);
        doc.paragraph("**Run-to-run components** the intervals carry (sd of a row's level between runs of the same code, "
                + "per class of rows; from " + r.source() + "): " + new TreeMap<>(r.parts()).entrySet().stream()
                        .map(e -> String.format(Locale.ROOT, "%s %.1f%%", e.getKey(), 100 * e.getValue().sd()))
                        .collect(Collectors.joining(", ")) + ".");
        if (r.levels() != null) {
            List<String> widened = widened(run);
            doc.paragraph("**Ids' own spreads of levels** over earlier runs (" + r.levels().size() + " ids; a row's "
                    + "interval is at least as wide as its id's levels spread): " + (widened.isEmpty()
                    ? "no row's interval was narrower." : "they widened " + widened.size() + " rows' intervals "
                    + "(the sd of a run's level, from its forks and its class, to its id's): "
                    + String.join("; ", widened) + "."));
        }
        AcrossJdks.write(run, doc);
        BesideFlags.write(run, doc);
        Sections.ALL.forEach(s -> s.summary(run, doc));
        OnLoom.write(run, doc);
        AllSeries.write(run, doc);
        for (Series<?> s : Series.of(run)) {
            Sections.write(run, s, doc);
        }
        Sections.ALL.forEach(s -> s.closing(run, doc));
        return doc;
    }

    /**
     * The rows of {@code run} whose interval its id's spreads widened, e.g. "ring quasar/fiber 3.1% to
     * 8.4%" (the sd of a run's level from its forks and its class alone, and floored).
     */
    static List<String> widened(Run run) {
        List<String> out = new ArrayList<>();
        List<Series<?>> all = Series.of(run);
        for (Series<?> s : all) {
            for (Series.Row row : s.rows(run)) {
                for (Stats.State st : row.summary().states()) {
                    if (st.rerun().levels() == null || st.forks() < Stats.MIN_INTERVAL) {
                        continue;
                    }
                    double[] logs = st.forkLevels().stream().mapToDouble(Math::log).toArray();
                    double variance = StatUtils.variance(logs);
                    double own = Math.sqrt(st.rerun().withLevels(null).floored(variance, logs.length,
                            logs.length - 1)[0]);
                    double floored = Math.sqrt(st.rerun().floored(variance, logs.length, logs.length - 1)[0]);
                    if (floored > own * 1.0005) { // wider by more than rounding
                        boolean several = all.stream().filter(x -> x.workload() == s.workload()).count() > 1;
                        out.add(String.format(Locale.ROOT, "%s %s%s %.1f%% to %.1f%%", s.workload().label(),
                                row.id(), several ? " (" + s.label() + " " + s.size().key() + ")" : "", 100 * own,
                                100 * floored));
                    }
                }
            }
        }
        return out;
    }
}
