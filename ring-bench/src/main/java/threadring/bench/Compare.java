package threadring.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
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

    /** The pairs of one matched series, in A's order (fastest first). */
    static List<Pair> pairs(Run a, Report.Series sa, Run b, Report.Series sb) {
        List<Pair> pairs = new ArrayList<>();
        for (Report.Row ra : Report.rows(a, sa)) {
            Report.rows(b, sb).stream().filter(rb -> rb.id().equals(ra.id())).findFirst()
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
                + "unstable in either run (forks disagree) gets no verdict. The test sees the spread between "
                + "forks, not the machine's drift between the two runs. Values: median ns per hop (ring) or per exchange "
                + "(rendezvous), ms per operation (fan-out) [95% interval].\n");
        List<Report.Series[]> matched = match(a, b);
        for (Report.Series[] m : matched) {
            Report.Series sa = m[0];
            Report.Series sb = m[1];
            String na = sa.name(a);
            String nb = sb.name(b);
            md.append("\n## ").append(na.equals(nb) ? na : na + " (A) vs " + nb + " (B)").append("\n\n");
            boolean perOperation = sa.workload() == threadring.core.Workload.FANOUT;
            String unit = perOperation ? "ms/operation" : "ns/" + sa.workload().unit();
            md.append("| id | A ").append(unit).append(" | B ").append(unit)
                    .append(" | B/A [95%] | p | verdict |\n|---|---:|---:|---:|---:|---|\n");
            for (Pair p : pairs(a, sa, b, sb)) {
                Stats.Ratio r = p.ratio();
                md.append("| ").append(p.id()).append(" | ").append(value(p.a(), perOperation)).append(" | ")
                        .append(value(p.b(), perOperation))
                        .append(" | ").append(ratio(r)).append(" | ")
                        .append(Double.isNaN(r.p()) ? "n/a" : String.format(Locale.ROOT, "%.2g", r.p()))
                        .append(" | ").append(p.verdict().text).append(" |\n");
            }
            List<String> onlyA = Report.rows(a, sa).stream().map(Report.Row::id)
                    .filter(id -> Report.rows(b, sb).stream().noneMatch(r -> r.id().equals(id))).toList();
            List<String> onlyB = Report.rows(b, sb).stream().map(Report.Row::id)
                    .filter(id -> Report.rows(a, sa).stream().noneMatch(r -> r.id().equals(id))).toList();
            if (!onlyA.isEmpty()) {
                md.append("\n- only in A: ").append(String.join(", ", onlyA));
            }
            if (!onlyB.isEmpty()) {
                md.append("\n- only in B: ").append(String.join(", ", onlyB));
            }
            md.append('\n');
        }
        List<Report.Series> unmatchedA = Report.series(a).stream()
                .filter(s -> matched.stream().noneMatch(m -> m[0].equals(s))).toList();
        List<Report.Series> unmatchedB = Report.series(b).stream()
                .filter(s -> matched.stream().noneMatch(m -> m[1].equals(s))).toList();
        if (!unmatchedA.isEmpty() || !unmatchedB.isEmpty()) {
            md.append("\n## Configurations in only one run\n");
            unmatchedA.forEach(s -> md.append("\n- only in A: ").append(s.name(a)).append(" (")
                    .append(count(a, s)).append(')'));
            unmatchedB.forEach(s -> md.append("\n- only in B: ").append(s.name(b)).append(" (")
                    .append(count(b, s)).append(')'));
            md.append('\n');
        }
        return md.toString();
    }

    /**
     * Series with the same configuration label and workload (ring shape); if no label matches and each run
     * has exactly one configuration, those two at each common ring shape (e.g. the same sweep on
     * two JDKs).
     */
    static List<Report.Series[]> match(Run a, Run b) {
        List<Report.Series[]> matched = new ArrayList<>();
        for (Report.Series sa : Report.series(a)) {
            Report.series(b).stream().filter(sb -> sb.label().equals(sa.label()) && same(sa, sb))
                    .findFirst().ifPresent(sb -> matched.add(new Report.Series[] {sa, sb}));
        }
        if (matched.isEmpty() && a.configurations().size() == 1 && b.configurations().size() == 1) {
            for (Report.Series sa : Report.series(a)) {
                Report.series(b).stream().filter(sb -> same(sa, sb)).findFirst()
                        .ifPresent(sb -> matched.add(new Report.Series[] {sa, sb}));
            }
        }
        return matched;
    }

    /** The same workload, and for the ring the same shape. */
    private static boolean same(Report.Series a, Report.Series b) {
        return a.workload() == b.workload() && java.util.Objects.equals(a.shape(), b.shape())
                && java.util.Objects.equals(a.fanOut(), b.fanOut());
    }

    /** A median and interval: ns per step, or ms per operation for the fan-out. */
    private static String value(Stats.Summary s, boolean perOperation) {
        return (perOperation ? Report.ms(s.median()) + " [" + Report.msInterval(s.interval()) + "]"
                : Report.ns(s.median()) + " [" + Report.interval(s.interval()) + "]") + (s.isUnstable() ? " unstable" : "");
    }

    private static String ratio(Stats.Ratio r) {
        return String.format(Locale.ROOT, "%.2f", r.value()) + (r.interval() == null ? ""
                : String.format(Locale.ROOT, " [%.2f–%.2f]", r.interval().low(), r.interval().high()));
    }

    private static String count(Run run, Report.Series s) {
        int n = Report.rows(run, s).size();
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
