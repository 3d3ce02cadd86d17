package threadring.bench.docs;

import java.util.Locale;
import threadring.bench.data.Run;
import threadring.bench.report.Doc;
import threadring.bench.report.Ratios;
import threadring.bench.report.Sections;
import threadring.bench.answer.Answer;

/**
 * The answer as the docs carry it (README's first screen, docs/results.md): a line naming the run
 * it comes from, then the report's own first screen ({@link Answer}), so the docs say what the
 * run says and nothing else.
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
                && s.workloads().containsAll(Sections.swept());
    }

    /** The answer's markdown, its run linked at {@code reportLink}: the report's section, with the run named under its heading. */
    public static String markdown(Run run, String reportLink) {
        return markdown(Ratios.of(run), reportLink);
    }

    /**
     * The same with the ratios (and tiers) of {@code ratios}, a pool of alike runs or one run, its
     * newest run linked at {@code reportLink}.
     */
    public static String markdown(Ratios ratios, String reportLink) {
        Run run = ratios.run();
        Doc doc = new Doc("");
        Answer.write(ratios, doc, "");
        String md = doc.markdown();
        String body = md.substring(md.indexOf("\n\n") + 2); // past the untitled "# "
        int heading = body.indexOf("\n\n") + 2;
        String from = "From the default sweep [`" + run.runId() + "`](" + reportLink + ") (" + run.started().substring(0, 10)
                + ", " + run.machine().cpuModel() + ", " + String.join("; ", run.configurations().stream()
                        .map(c -> "JDK " + c.jvm().javaVersion() + (c.cpus() == null ? ", unpinned" : ", cpus " + c.cpus()))
                        .toList()) + (Double.isNaN(run.minutes()) ? "" : String.format(Locale.ROOT, ", took %.1f minutes", run.minutes())) + ")"
                + (ratios.runs().size() > 1 ? ", its ratios and tiers pooled with the " + (ratios.runs().size() - 1)
                        + " sweeps made alike before it within a day" : "") + ", written by `./benchmark.sh docs`: "
                + "every row, with its forks, states, costs and profile, is in that report.";
        return (body.substring(0, heading) + from + "\n\n" + body.substring(heading)).strip() + "\n";
    }

    /** The settings a default sweep is recognised by. */
    private record Settings(java.util.List<String> includes, boolean all, boolean quick, boolean longRun,
            java.util.List<threadring.core.Workload<?, ?>> workloads) {
        Settings(Run run) {
            this(run.settings().selection().includes(), run.settings().selection().all(),
                    run.settings().scored().quick(), run.settings().scored().longRun(),
                    run.settings().selection().workloads());
        }
    }
}
