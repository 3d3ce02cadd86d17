package threadring.bench.docs;

import java.util.List;
import java.util.Locale;
import threadring.bench.answer.Answer;
import threadring.bench.answer.Glossary;
import threadring.bench.data.Run;
import threadring.bench.report.Doc;
import threadring.bench.report.Ratios;
import threadring.bench.units.Units;
import threadring.core.Workload;

/**
 * The answer's details as the docs carry them (below README's first screen, in docs/results.md): a
 * line naming the runs they come from, every series' table ({@link Answer#details}) and the
 * glossary, so the docs say what the runs say and nothing else.
 */
public final class Headline {

    private Headline() {}

    /**
     * Whether {@code run} is a default sweep: of every workload {@code run} sweeps when none is named
     * (a workload left to be asked for, such as a fixture, is not needed), no selection, not quick,
     * not long, ran to its end.
     */
    public static boolean defaultSweep(Run run) {
        Settings s = new Settings(run);
        return run.state() == Run.State.COMPLETE && s.includes().isEmpty() && !s.all() && !s.quick() && !s.longRun()
                && s.workloads().containsAll(Units.swept());
    }

    /** The details of the answer of {@code ratios} (a pool, or one run), its newest run linked at {@code reportLink}. */
    public static String markdown(Ratios ratios, String reportLink) {
        Run run = ratios.run();
        Doc doc = new Doc("");
        doc.heading(2, "Every workload's table");
        doc.paragraph("From the default sweep [`" + run.runId() + "`](" + reportLink + ") (" + run.started().substring(0, 10)
                + ", " + run.machine().cpuModel() + ", " + String.join("; ", run.configurations().stream()
                        .map(c -> "JDK " + c.jvm().javaVersion() + (c.cpus() == null ? ", unpinned" : ", cpus " + c.cpus()))
                        .toList()) + (Double.isNaN(run.minutes()) ? "" : String.format(Locale.ROOT, ", took %.1f minutes",
                                run.minutes())) + ")"
                + (ratios.runs().size() > 1 ? ", its ratios and tiers pooled with the " + (ratios.runs().size() - 1)
                        + " sweeps made alike before it within a day: that report shows the newest run's own ratios, "
                        + "so they differ from these pooled ones" : "") + "; written by `./benchmark.sh docs`. Every "
                + "row, with its forks, states, costs and profile, is in that report.");
        Answer.details(ratios, doc);
        Glossary.write(doc);
        String md = doc.markdown();
        return md.substring(md.indexOf("\n\n") + 2).strip() + "\n";
    }

    /** The settings a default sweep is recognised by. */
    private record Settings(List<String> includes, boolean all, boolean quick, boolean longRun,
            List<Workload<?, ?>> workloads) {
        Settings(Run run) {
            this(run.settings().selection().includes(), run.settings().selection().all(),
                    run.settings().scored().quick(), run.settings().scored().longRun(),
                    run.settings().selection().workloads());
        }
    }
}
