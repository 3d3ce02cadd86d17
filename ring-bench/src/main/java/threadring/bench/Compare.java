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
 * {@code RUN_B/compare-<RUN_A id>.md} and {@code .html}; RUN_A is only read.
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
        Doc doc = document(a, runA, b, runB);
        Report.writeAtomically(runB.resolve("compare-" + a.runId() + ".html"), HtmlPage.render(doc, runB));
        Path out = runB.resolve("compare-" + a.runId() + ".md");
        Report.writeAtomically(out, doc.markdown());
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
        return document(a, dirA, b, dirB).markdown();
    }

    /** The comparison as typed blocks: what compare-<A>.md and compare-<A>.html both show. */
    static Doc document(Run a, Path dirA, Run b, Path dirB) {
        Doc doc = new Doc("threadring: " + b.runId() + " (B) vs " + a.runId() + " (A)");
        doc.bullets(List.of("A: " + describe(a, dirA), "B: " + describe(b, dirB)));
        doc.paragraph("B/A < 1: B is faster. The interval is 95% (Welch's t on the log fork medians of both runs); "
                + "**B faster** or **B slower** only where it excludes 1 (p < 0.05), else *within noise*. A row "
                + "unstable in either run (forks disagree) gets no verdict. The test sees the spread between "
                + "forks, not the machine's drift between the two runs. Values: median ns per hop (ring) or per exchange "
                + "(rendezvous), ms per operation (fan-out), requests per second (echo server, whose B/A is that of "
                + "its time per request, 1 / requests per second, so that below 1 is faster there too) "
                + "[95% interval].");
        boolean crossHost = !Merge.sameHosts(a, b);
        if (crossHost) {
            doc.paragraph("**A and B ran on different hosts** (A: " + String.join(", ", Merge.hosts(a)) + "; B: "
                    + String.join(", ", Merge.hosts(b)) + "): their absolute times say as much about the machines as "
                    + "about the code, so the verdicts here are on each id's speed-up over its own run's baseline ("
                    + Report.BASELINE + ", " + EchoReport.BASELINE + " for the echo server) in the same series: "
                    + "*B higher* or *B lower* only where the two speed-ups' 95% intervals do not overlap.");
        }
        List<Report.Series[]> matched = match(a, b);
        for (Report.Series[] m : matched) {
            Report.Series sa = m[0];
            Report.Series sb = m[1];
            String na = sa.name(a);
            String nb = sb.name(b);
            doc.heading(2, na.equals(nb) ? na : na + " (A) vs " + nb + " (B)");
            if (crossHost) {
                speedUps(a, sa, b, sb, doc);
                continue;
            }
            threadring.core.Workload w = sa.workload();
            String unit = switch (w) {
                case FANOUT -> "ms/operation";
                case ECHO -> "requests/s";
                default -> "ns/" + w.unit();
            };
            List<Doc.Row> rows = new ArrayList<>();
            for (Pair p : pairs(a, sa, b, sb)) {
                Stats.Ratio r = p.ratio();
                Verdict v = p.verdict();
                rows.add(new Doc.Row(List.of(Doc.Cell.of(p.id()),
                        new Doc.Cell(value(p.a(), w), p.a().median(), p.a().isUnstable()),
                        new Doc.Cell(value(p.b(), w), p.b().median(), p.b().isUnstable()),
                        Doc.Cell.number(ratio(r), r.value()),
                        Doc.Cell.number(Double.isNaN(r.p()) ? "n/a" : String.format(Locale.ROOT, "%.2g", r.p()), r.p()),
                        new Doc.Cell(v.text, null, false, v == Verdict.FASTER ? "good" : v == Verdict.SLOWER ? "bad"
                                : null)),
                        java.util.Map.of("model", p.id().substring(0, p.id().indexOf('/')), "workload",
                                sa.workload().label())));
            }
            doc.add(new Doc.Table("compare", List.of(new Doc.Column("id", false), new Doc.Column("A " + unit, true),
                    new Doc.Column("B " + unit, true), new Doc.Column(w == threadring.core.Workload.ECHO
                            ? "B/A time per request [95%]" : "B/A [95%]", true), new Doc.Column("p", true),
                    new Doc.Column("verdict", false)), rows));
            List<String> notes = new ArrayList<>();
            List<String> onlyA = Report.rows(a, sa).stream().map(Report.Row::id)
                    .filter(id -> Report.rows(b, sb).stream().noneMatch(r -> r.id().equals(id))).toList();
            List<String> onlyB = Report.rows(b, sb).stream().map(Report.Row::id)
                    .filter(id -> Report.rows(a, sa).stream().noneMatch(r -> r.id().equals(id))).toList();
            if (!onlyA.isEmpty()) {
                notes.add("only in A: " + String.join(", ", onlyA));
            }
            if (!onlyB.isEmpty()) {
                notes.add("only in B: " + String.join(", ", onlyB));
            }
            doc.bullets(notes);
        }
        List<Report.Series> unmatchedA = Report.series(a).stream()
                .filter(s -> matched.stream().noneMatch(m -> m[0].equals(s))).toList();
        List<Report.Series> unmatchedB = Report.series(b).stream()
                .filter(s -> matched.stream().noneMatch(m -> m[1].equals(s))).toList();
        if (!unmatchedA.isEmpty() || !unmatchedB.isEmpty()) {
            doc.heading(2, "Configurations in only one run");
            List<String> items = new ArrayList<>();
            unmatchedA.forEach(s -> items.add("only in A: " + s.name(a) + " (" + count(a, s) + ")"));
            unmatchedB.forEach(s -> items.add("only in B: " + s.name(b) + " (" + count(b, s) + ")"));
            doc.bullets(items);
        }
        return doc;
    }

    /** Across hosts: each id's speed-up over its own run's baseline in A and in B, and whether they separate. */
    private static void speedUps(Run a, Report.Series sa, Run b, Report.Series sb, Doc doc) {
        String baseline = sa.workload() == threadring.core.Workload.ECHO ? EchoReport.BASELINE : Report.BASELINE;
        java.util.Optional<Report.Row> baseA = Report.rows(a, sa).stream().filter(r -> r.id().equals(baseline))
                .findFirst();
        java.util.Optional<Report.Row> baseB = Report.rows(b, sb).stream().filter(r -> r.id().equals(baseline))
                .findFirst();
        if (baseA.isEmpty() || baseB.isEmpty() || sa.workload() == threadring.core.Workload.FANOUT) {
            doc.paragraph("No verdicts: " + (sa.workload() == threadring.core.Workload.FANOUT
                    ? "the fan-out has no baseline row (its yardstick is the ideal time, in each run's report)"
                    : baseline + " was not measured in " + (baseA.isEmpty() ? "A" : "B")) + ".");
            return;
        }
        List<Doc.Row> rows = new ArrayList<>();
        for (Pair p : pairs(a, sa, b, sb)) {
            if (p.id().equals(baseline)) {
                continue;
            }
            Stats.Ratio ra = Stats.ratio(baseA.get().summary(), p.a());
            Stats.Ratio rb = Stats.ratio(baseB.get().summary(), p.b());
            String verdict = p.a().isUnstable() || p.b().isUnstable() || baseA.get().summary().isUnstable()
                    || baseB.get().summary().isUnstable() ? Verdict.UNSTABLE.text
                    : ra.interval() == null || rb.interval() == null ? Verdict.TOO_FEW.text
                    : rb.interval().low() > ra.interval().high() ? "B higher"
                    : rb.interval().high() < ra.interval().low() ? "B lower" : "overlaps";
            rows.add(new Doc.Row(List.of(Doc.Cell.of(p.id()), Doc.Cell.number(Report.ratio(ra), ra.value()),
                    Doc.Cell.number(Report.ratio(rb), rb.value()), Doc.Cell.of(verdict)),
                    java.util.Map.of("model", p.id().substring(0, p.id().indexOf('/')), "workload",
                            sa.workload().label())));
        }
        doc.add(new Doc.Table("compare-speed-ups", List.of(new Doc.Column("id", false),
                new Doc.Column("A speed-up vs " + baseline + " [95%]", true),
                new Doc.Column("B speed-up vs " + baseline + " [95%]", true), new Doc.Column("verdict", false)), rows));
    }

    /** A configuration label without the host a merged run of several hosts puts in front. */
    private static String bare(String label) {
        return label.substring(label.indexOf('/') + 1);
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
        if (matched.isEmpty()) {
            for (Report.Series sa : Report.series(a)) {
                Report.series(b).stream().filter(sb -> bare(sb.label()).equals(bare(sa.label())) && same(sa, sb))
                        .findFirst().ifPresent(sb -> matched.add(new Report.Series[] {sa, sb}));
            }
        }
        if (matched.isEmpty() && a.configurations().size() == 1 && b.configurations().size() == 1) {
            for (Report.Series sa : Report.series(a)) {
                Report.series(b).stream().filter(sb -> same(sa, sb)).findFirst()
                        .ifPresent(sb -> matched.add(new Report.Series[] {sa, sb}));
            }
        }
        return matched;
    }

    /** The same workload, and for the ring the same shape (fan-out: size; echo: connections). */
    private static boolean same(Report.Series a, Report.Series b) {
        return a.workload() == b.workload() && java.util.Objects.equals(a.shape(), b.shape())
                && java.util.Objects.equals(a.fanOut(), b.fanOut())
                && java.util.Objects.equals(a.connections(), b.connections());
    }

    /**
     * A median and interval: ns per step, ms per operation for the fan-out, or requests per second
     * for the echo server (its rows' ns per request, inverted).
     */
    private static String value(Stats.Summary s, threadring.core.Workload w) {
        String text = switch (w) {
            case FANOUT -> Report.ms(s.median()) + " [" + Report.msInterval(s.interval()) + "]";
            case ECHO -> Report.rate(1e9 / s.median()) + " [" + (s.interval() == null ? "n/a"
                    : Report.rateInterval(new Stats.Interval(1e9 / s.interval().high(), 1e9 / s.interval().low())))
                    + "]";
            default -> Report.ns(s.median()) + " [" + Report.interval(s.interval()) + "]";
        };
        return text + (s.isUnstable() ? " unstable" : "");
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
        StringBuilder s = new StringBuilder(run.runId()).append(" (").append(dir).append("), ")
                .append(String.join(", ", Merge.hosts(run))).append(", ").append(m.date())
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
