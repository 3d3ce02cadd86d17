package threadring.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import threadring.bench.RunFile.Configuration;
import threadring.bench.RunFile.Run;

/**
 * Two runs side by side: per configuration (same label, or the only one of each) and id, the
 * ratio B/A of median ns per hop, its 95% interval, Welch's t-test on the two runs' log fork
 * medians (every pass counts, through its fork's median; the spread between forks is the noise),
 * and a verdict. A row that is unstable in either run gets no verdict. Written to
 * {@code RUN_B/compare-<RUN_A id>.md}; RUN_A is only read.
 */
final class Compare {

    /** What the two runs say about one id. */
    enum Verdict {
        FASTER("B faster"), SLOWER("B slower"), SAME("within noise"), UNSTABLE("no verdict: unstable"),
        TOO_FEW("within noise: fewer than 2 forks");

        final String text;

        Verdict(String text) {
            this.text = text;
        }
    }

    record Pair(String id, Stats.Summary a, Stats.Summary b) {
        /** B over A: below 1, B is faster. */
        Stats.Ratio ratio() {
            return Stats.ratio(b, a);
        }

        Verdict verdict() {
            if (a.isUnstable() || b.isUnstable()) {
                return Verdict.UNSTABLE;
            }
            Stats.Ratio r = ratio();
            if (r.interval() == null) {
                return Verdict.TOO_FEW;
            }
            if (!r.separates()) {
                return Verdict.SAME;
            }
            return r.value() < 1 ? Verdict.FASTER : Verdict.SLOWER;
        }
    }

    private Compare() {}

    /** Writes the comparison into run B and returns its path. */
    static Path write(Path runA, Path runB) throws IOException {
        Run a = RunFile.read(runA);
        Run b = RunFile.read(runB);
        Path out = runB.resolve("compare-" + a.runId() + ".md");
        Path tmp = runB.resolve(out.getFileName() + ".tmp");
        Files.writeString(tmp, render(a, runA, b, runB));
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return out;
    }

    /** The pairs of one matched configuration, in A's order (fastest first). */
    static List<Pair> pairs(Run a, String la, Run b, String lb) {
        List<Pair> pairs = new ArrayList<>();
        for (Report.Row ra : Report.rows(a, la)) {
            Report.rows(b, lb).stream().filter(rb -> rb.id().equals(ra.id())).findFirst()
                    .ifPresent(rb -> pairs.add(new Pair(ra.id(), ra.summary(), rb.summary())));
        }
        return pairs;
    }

    static String render(Run a, Path dirA, Run b, Path dirB) {
        StringBuilder md = new StringBuilder();
        md.append("# threadring: ").append(b.runId()).append(" (B) vs ").append(a.runId()).append(" (A)\n\n");
        md.append("- A: ").append(describe(a, dirA)).append('\n');
        md.append("- B: ").append(describe(b, dirB)).append('\n');
        md.append("\nB/A < 1: B is faster. The interval is 95% (Welch's t on the log fork medians of both runs); "
                + "**B faster** or **B slower** only where it excludes 1 (p < 0.05), else *within noise*. A row "
                + "unstable in either run (forks disagree) gets no verdict. Values: median ns/hop [95% interval].\n");
        List<String[]> matched = matchConfigurations(a, b);
        for (String[] m : matched) {
            String la = m[0];
            String lb = m[1];
            md.append("\n## ").append(la.equals(lb) ? la : la + " (A) vs " + lb + " (B)").append("\n\n");
            md.append("| id | A ns/hop | B ns/hop | B/A [95%] | p | verdict |\n|---|---:|---:|---:|---:|---|\n");
            for (Pair p : pairs(a, la, b, lb)) {
                Stats.Ratio r = p.ratio();
                md.append("| ").append(p.id()).append(" | ").append(value(p.a())).append(" | ").append(value(p.b()))
                        .append(" | ").append(ratio(r)).append(" | ")
                        .append(Double.isNaN(r.p()) ? "n/a" : String.format(Locale.ROOT, "%.2g", r.p()))
                        .append(" | ").append(p.verdict().text).append(" |\n");
            }
            List<String> onlyA = Report.rows(a, la).stream().map(Report.Row::id)
                    .filter(id -> b.measured(lb, id).isEmpty()).toList();
            List<String> onlyB = Report.rows(b, lb).stream().map(Report.Row::id)
                    .filter(id -> a.measured(la, id).isEmpty()).toList();
            if (!onlyA.isEmpty()) {
                md.append("\n- only in A: ").append(String.join(", ", onlyA));
            }
            if (!onlyB.isEmpty()) {
                md.append("\n- only in B: ").append(String.join(", ", onlyB));
            }
            md.append('\n');
        }
        List<String> unmatchedA = a.configurations().stream().map(Configuration::label)
                .filter(l -> matched.stream().noneMatch(m -> m[0].equals(l))).toList();
        List<String> unmatchedB = b.configurations().stream().map(Configuration::label)
                .filter(l -> matched.stream().noneMatch(m -> m[1].equals(l))).toList();
        if (!unmatchedA.isEmpty() || !unmatchedB.isEmpty()) {
            md.append("\n## Configurations in only one run\n");
            unmatchedA.forEach(l -> md.append("\n- only in A: ").append(l).append(" (").append(count(a, l)).append(')'));
            unmatchedB.forEach(l -> md.append("\n- only in B: ").append(l).append(" (").append(count(b, l)).append(')'));
            md.append('\n');
        }
        return md.toString();
    }

    /**
     * Configurations with the same label; if none match and each run has exactly one, those two
     * (e.g. the same sweep on two JDKs).
     */
    static List<String[]> matchConfigurations(Run a, Run b) {
        List<String[]> matched = new ArrayList<>();
        for (Configuration c : a.configurations()) {
            if (b.configuration(c.label()).isPresent()) {
                matched.add(new String[] {c.label(), c.label()});
            }
        }
        if (matched.isEmpty() && a.configurations().size() == 1 && b.configurations().size() == 1) {
            matched.add(new String[] {a.configurations().get(0).label(), b.configurations().get(0).label()});
        }
        return matched;
    }

    private static String value(Stats.Summary s) {
        return Report.ns(s.median()) + " [" + Report.interval(s.interval()) + "]" + (s.isUnstable() ? " unstable" : "");
    }

    private static String ratio(Stats.Ratio r) {
        return String.format(Locale.ROOT, "%.2f", r.value()) + (r.interval() == null ? ""
                : String.format(Locale.ROOT, " [%.2f–%.2f]", r.interval().low(), r.interval().high()));
    }

    private static String count(Run run, String label) {
        int n = run.measured(label).size();
        return n == 0 ? "no results" : n + " ids";
    }

    private static String describe(Run run, Path dir) {
        Env.Machine m = run.machine();
        StringBuilder s = new StringBuilder(run.runId()).append(" (").append(dir).append("), ").append(m.date())
                .append(", commit ").append(Optional.ofNullable(m.gitCommit())
                        .map(c -> c.length() > 12 ? c.substring(0, 12) : c).orElse("unknown"))
                .append(", ").append(m.cpuModel());
        if (run.settings().quick()) {
            s.append(", --quick");
        }
        if (run.state() != RunFile.State.COMPLETE) {
            s.append(", incomplete");
        }
        return s.toString();
    }
}
