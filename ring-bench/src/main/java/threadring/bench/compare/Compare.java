package threadring.bench.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleFunction;
import threadring.bench.data.Env;
import threadring.bench.data.Probe;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.report.Carriers;
import threadring.bench.report.Costs;
import threadring.bench.report.CrossCpu;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.HtmlPage;
import threadring.bench.report.Sections;
import threadring.bench.report.Series;
import threadring.bench.report.WorkloadSection;
import threadring.bench.rerun.project.Reruns;
import threadring.bench.stats.LikeWithLike;
import threadring.bench.stats.Numbers;
import threadring.bench.stats.Stats;
import threadring.bench.units.Units;
import threadring.bench.util.AtomicFiles;

/**
 * Two runs side by side: per configuration (same label, or the only one of each) and id, the
 * ratio B/A of median ns per hop, its 95% interval, Welch's t-test on the two runs' log fork
 * medians (every pass counts, through its fork's median; the spread between forks is the noise),
 * and a verdict. A row that is unstable in either run gets no verdict. Written to
 * {@code RUN_B/compare-<RUN_A id>.md} and {@code .html}; RUN_A is only read.
 */
public final class Compare {

    /**
     * One id in both runs, judged like with like ({@link LikeWithLike}): B against A. A row whose
     * forks did not settle, or scattered in one state, gets no verdict.
     */
    public record Pair(String id, Stats.Summary a, Stats.Summary b, DoubleFunction<String> number) {
        /** B over A with its interval at the verdicts' confidence: below 1, B is faster. */
        public Stats.Ratio ratio() {
            return b.states().size() == 1 && a.states().size() == 1
                    ? Stats.ratio(b.states().get(0), a.states().get(0), LikeWithLike.CONFIDENCE)
                    : new Stats.Ratio(b.median() / a.median(), null, Double.NaN);
        }

        public LikeWithLike.Verdict verdict() {
            return judge().verdict();
        }

        /** The verdict as the table says it: "B faster", "no verdict: not settled in A", ... */
        public String text() {
            return judge().text();
        }

        /** The verdict of B against A, on both sides' forks and run-to-run components. */
        public LikeWithLike.Judgement judge() {
            return LikeWithLike.judge(a, b, "A", "B", number, RERUN_FLOOR);
        }
    }

    private Compare() {}

    /** Writes the comparison into run B and returns its path. */
    public static Path write(Path runA, Path runB) throws IOException {
        Run a = RunFile.read(runA);
        Run b = RunFile.read(runB);
        Doc doc = document(a, runA, b, runB);
        AtomicFiles.write(runB.resolve("compare-" + a.runId() + ".html"), HtmlPage.render(doc, runB));
        Path out = runB.resolve("compare-" + a.runId() + ".md");
        AtomicFiles.write(out, doc.markdown());
        return out;
    }

    /** The pairs of one matched series, in A's order (fastest first). */
    public static List<Pair> pairs(Run a, Series<?> sa, Run b, Series<?> sb) {
        List<Pair> pairs = new ArrayList<>();
        for (Series.Row ra : sa.rows(a)) {
            WorkloadSection<?> w = Sections.of(sa);
            sb.row(b, ra.id()).ifPresent(rb -> pairs.add(new Pair(ra.id(), ra.summary(), rb.summary(), w::number)));
        }
        return pairs;
    }

    public static String render(Run a, Path dirA, Run b, Path dirB) {
        return document(a, dirA, b, dirB).markdown();
    }

    /** The comparison as typed blocks: what compare-<A>.md and compare-<A>.html both show. */
    static Doc document(Run a, Path dirA, Run b, Path dirB) {
        Doc doc = new Doc("threadring: " + b.runId() + " (B) vs " + a.runId() + " (A)");
        // folders relative to B's, where the comparison is written: no machine's paths in a results file
        doc.bullets(List.of("A: " + describe(a, where(dirB, dirA)), "B: " + describe(b, where(dirB, dirB))));
        doc.paragraph(method(a, b));
        boolean crossHost = !Run.sameHosts(a, b);
        if (crossHost) {
            doc.paragraph("**A and B ran on different hosts** (A: " + String.join(", ", a.hosts()) + "; B: "
                    + String.join(", ", b.hosts()) + "): their absolute times say as much about the machines as "
                    + "about the code, so the verdicts here are on each id's speed-up over its own run's baseline ("
                    + String.join(", ", Units.ALL.stream().filter(x -> x.baseline().isPresent()).map(x -> x.baseline()
                            .get() + " for the " + x.workload().title()).toList()) + ") in the same series: "
                    + "*B higher* or *B lower* only where the two speed-ups' 95% intervals do not overlap.");
        }
        List<Series<?>[]> matched = match(a, b);
        for (Series<?>[] m : matched) {
            Series<?> sa = m[0];
            Series<?> sb = m[1];
            String na = Sections.name(a, sa);
            String nb = Sections.name(b, sb);
            doc.heading(2, na.equals(nb) ? na : na + " (A) vs " + nb + " (B)");
            if (crossHost) {
                speedUps(a, sa, b, sb, doc);
                continue;
            }
            WorkloadSection<?> w = Sections.of(sa);
            String unit = w.unit();
            probeNotes(a, sa, b, sb, doc);
            List<Doc.Row> rows = verdictRows(a, sa, b, sb, w);
            doc.add(new Doc.Table("compare", List.of(new Doc.Column("id", false), new Doc.Column("A " + unit, true),
                    new Doc.Column("B " + unit, true), new Doc.Column(Sections.of(sa.workload()).compareColumn() + " [99%]", true), new Doc.Column("p", true),
                    new Doc.Column("CPU per step B/A [95%]", true),
                    new Doc.Column("verdict", false)), rows));
            doc.bullets(onlyOneSide(a, sa, b, sb));
        }
        unmatched(a, b, matched, doc);
        return doc;
    }

    /** How the comparison reads: the ratio, its interval, the verdicts and the probes that adjust them. */
    private static String method(Run a, Run b) {
        return "B/A < 1: B is faster; its interval is 99%: Student's t on the log fork levels of both runs, "
                + "with each row's run-to-run component (the spread between runs of the same code, which forks within "
                + "one run do not see; A's: " + Reruns.of(a).source() + "; B's: " + Reruns.of(b).source() + "). "
                + "Like with like: **B faster** or **B slower** only where that interval excludes 1 and the levels are "
                + "at least " + String.format(Locale.ROOT, "%.0f%%", (RERUN_FLOOR - 1) * 100)
                + " apart (closer: *under the re-run floor*), else *within noise*; one JVM on a side is *no verdict*. "
                + "A row in states is judged state by state: each "
                + "state of B against A's state of the same rank where both have as many, else A's state at the "
                + "nearest level (within " + Format.times(LikeWithLike.MATCH) + "), level against level, and share against share (how many of each run's JVMs reached it; Fisher's exact "
                + "test, *shares differ* at p < 0.05, compared only where the JVMs give the test 80% power to tell 1/3 "
                + "from 2/3; a JVM apart in one run only is no difference of states). A row whose forks did not settle, "
                + "were measured before they settled, or scattered in one state, "
                + "gets no verdict. Values: ns per hop (ring) or per exchange (rendezvous), ms per operation "
                + "(fan-out), requests per second (echo server, whose B/A is that of its time per request) [95% "
                + "interval]. Where the single-thread speed probe `" + Probe.SPEED + "` moved between the runs, "
                + "one-thread rows of B are divided by its B/A first, and say so; where the cross-CPU probe `"
                + Probe.CROSS_CPU + "` moved, rows that hand off across cpus get no verdict.";
    }

    /** Where the machine's speed or cross-CPU handoff moved between the runs, what that does to the verdicts. */
    private static void probeNotes(Run a, Series<?> sa, Run b, Series<?> sb, Doc doc) {
        Optional<String> machine = machineMoved(a, sa, b, sb);
        Optional<Stats.Ratio> speed = speedMoved(a, sa, b, sb);
        speed.ifPresent(r -> doc.paragraph("**The machine's speed moved**: its single-thread probe (`" + Probe.SPEED
                + "`) ran " + Format.ratio(r) + " B/A; one-thread rows of B are divided by that before they are "
                + "judged."));
        List<Pair> pairs = pairs(a, sa, b, sb);
        Optional<Double> common = machine.flatMap(why -> commonMove(pairs, sb));
        machine.ifPresent(why -> doc.paragraph("**The machine moved**: its cross-CPU handoff (`" + Probe.CROSS_CPU
                + "`, probed at the start and the end of each run) " + why + ". Rows that hand off across cpus "
                + "move with it, so " + common.map(c -> "each of them is judged on its B/A divided by their "
                        + "common move, the median B/A of the " + acrossRows(pairs, sb).size()
                        + " such rows with one state in both runs (" + Format.times(c) + "), measured in the same "
                        + "rounds; a row that moved with the machine is then within noise, one that moved "
                        + "against it is not").orElse("none of them is called faster, slower or in other "
                        + "shares here (fewer than " + COMMON_ROWS + " such rows with one state in both runs to "
                        + "judge them against)") + "; rows on one thread are judged as they read."));
    }

    /** One table row per id in both runs: A, B, B/A, p, CPU per step B/A and the verdict. */
    private static List<Doc.Row> verdictRows(Run a, Series<?> sa, Run b, Series<?> sb, WorkloadSection<?> w) {
        List<Doc.Row> rows = new ArrayList<>();
        for (Judged j : judged(a, sa, b, sb)) {
            Pair p = j.pair();
            Stats.Ratio r = p.ratio();
            LikeWithLike.Verdict v = j.verdict();
            String said = j.said();
            rows.add(new Doc.Row(List.of(Doc.Cell.of(p.id()),
                    new Doc.Cell(value(p.a(), w), p.a().median(), p.a().isUnstable()),
                    new Doc.Cell(value(p.b(), w), p.b().median(), p.b().isUnstable()),
                    Doc.Cell.number(ratio(r), r.value()),
                    Doc.Cell.number(Double.isNaN(r.p()) ? "n/a" : String.format(Locale.ROOT, "%.2g", r.p()), r.p()),
                    Doc.Cell.of(sa.row(a, p.id()).flatMap(ra -> sb.row(b, p.id()).map(rb -> Costs.cpuRatio(ra, rb)))
                            .orElse("n/a")),
                    new Doc.Cell(said, null, false, v == LikeWithLike.Verdict.FASTER ? "good" : v == LikeWithLike.Verdict.SLOWER ? "bad"
                            : null)),
                    Map.of("model", p.id().substring(0, p.id().indexOf('/')), "workload",
                            sa.workload().label())));
        }
        return rows;
    }

    /** The ids of a matched series measured in one run only. */
    private static List<String> onlyOneSide(Run a, Series<?> sa, Run b, Series<?> sb) {
        List<String> notes = new ArrayList<>();
        List<String> onlyA = sa.rows(a).stream().map(Series.Row::id).filter(id -> sb.row(b, id).isEmpty()).toList();
        List<String> onlyB = sb.rows(b).stream().map(Series.Row::id).filter(id -> sa.row(a, id).isEmpty()).toList();
        if (!onlyA.isEmpty()) {
            notes.add("only in A: " + String.join(", ", onlyA));
        }
        if (!onlyB.isEmpty()) {
            notes.add("only in B: " + String.join(", ", onlyB));
        }
        return notes;
    }

    /** The configurations of either run that match none of the other's. */
    private static void unmatched(Run a, Run b, List<Series<?>[]> matched, Doc doc) {
        List<Series<?>> unmatchedA = Series.of(a).stream()
                .filter(s -> matched.stream().noneMatch(m -> m[0].equals(s))).toList();
        List<Series<?>> unmatchedB = Series.of(b).stream()
                .filter(s -> matched.stream().noneMatch(m -> m[1].equals(s))).toList();
        if (!unmatchedA.isEmpty() || !unmatchedB.isEmpty()) {
            doc.heading(2, "Configurations in only one run");
            List<String> items = new ArrayList<>();
            unmatchedA.forEach(s -> items.add("only in A: " + Sections.name(a, s) + " (" + count(a, s) + ")"));
            unmatchedB.forEach(s -> items.add("only in B: " + Sections.name(b, s) + " (" + count(b, s) + ")"));
            doc.bullets(items);
        }
    }

    /** One id's verdict: its pair (B divided by the speed probe where it moved), the verdict and what it says. */
    public record Judged(Pair pair, LikeWithLike.Verdict verdict, String said) {}

    /**
     * The verdicts of one matched series: each pair like with like, one-thread rows of B divided by
     * the speed probe where it moved, and no verdict of a difference for rows that hand off across
     * cpus where the cross-CPU probe moved.
     */
    public static List<Judged> judged(Run a, Series<?> sa, Run b, Series<?> sb) {
        Optional<String> machine = machineMoved(a, sa, b, sb);
        Optional<Stats.Ratio> speed = speedMoved(a, sa, b, sb);
        List<Pair> pairs = pairs(a, sa, b, sb);
        Optional<Double> common = machine.flatMap(m -> commonMove(pairs, sb));
        List<Judged> out = new ArrayList<>();
        for (Pair raw : pairs) {
            boolean across = Carriers.across(raw.id(), sb.config());
            double by = !across && speed.isPresent() ? speed.get().value() : across && common.isPresent() ? common.get() : 1;
            Pair p = by == 1 ? raw : new Pair(raw.id(), raw.a(), raw.b().scaled(1 / by), raw.number());
            LikeWithLike.Verdict v = p.verdict();
            String said = p.text() + (by == 1 ? "" : across ? " (B divided by the across-cpu rows' common move, "
                    + Format.times(by) + ")" : " (B divided by the speed probe)");
            if (machine.isPresent() && common.isEmpty() && (v == LikeWithLike.Verdict.FASTER
                    || v == LikeWithLike.Verdict.SLOWER || v == LikeWithLike.Verdict.SHARES) && across) {
                said = "no verdict: the machine's cross-CPU handoff " + machine.get();
                v = LikeWithLike.Verdict.UNSTABLE;
            }
            out.add(new Judged(p, v, said));
        }
        return out;
    }

    /** The fewest rows that hand off across cpus whose median move is their common one. */
    static final int COMMON_ROWS = 3;

    /** The pairs of rows that hand off across cpus, each of one settled state in both runs. */
    private static List<Pair> acrossRows(List<Pair> pairs, Series<?> sb) {
        return pairs.stream().filter(p -> Carriers.across(p.id(), sb.config()) && p.a().states().size() == 1
                && p.b().states().size() == 1 && !p.a().isUnstable() && !p.b().isUnstable()).toList();
    }

    /**
     * The common move of a series' rows that hand off across cpus: the median B/A of those of one
     * settled state in both runs, measured in the same rounds as every row it is set against; empty
     * with fewer than {@link #COMMON_ROWS}.
     */
    static Optional<Double> commonMove(List<Pair> pairs, Series<?> sb) {
        List<Pair> across = acrossRows(pairs, sb);
        if (across.size() < COMMON_ROWS) {
            return Optional.empty();
        }
        return Optional.of(Math.exp(Numbers.median(across.stream()
                .mapToDouble(p -> Math.log(p.b().median() / p.a().median())))));
    }

    /**
     * Why the machine, not the code, may have moved the rows that hand off across cpus, or empty:
     * B's cross-CPU handoff against A's (every probe of the series' configuration in each run)
     * moved beyond its interval and by more than {@link #MACHINE_MOVE}, or it varied more than
     * {@link #MACHINE_SPREAD} between the probes of one run (start, end, their forks).
     */
    static Optional<String> machineMoved(Run a, Series<?> sa, Run b, Series<?> sb) {
        Optional<Stats.Summary> pa = CrossCpu.pooled(a, sa.label());
        Optional<Stats.Summary> pb = CrossCpu.pooled(b, sb.label());
        if (pa.isEmpty() || pb.isEmpty()) {
            return Optional.empty();
        }
        Stats.Ratio r = Stats.ratio(pb.get(), pa.get());
        if (r.excludesOne() && Math.abs(Math.log(r.value())) > Math.log(MACHINE_MOVE)) {
            return Optional.of("moved " + Format.times(r.value()) + " from A to B");
        }
        for (Object[] run : new Object[][] {{"A", pa.get()}, {"B", pb.get()}}) {
            Stats.Summary p = (Stats.Summary) run[1];
            double span = p.forkMedians().stream().mapToDouble(Double::doubleValue).max().orElse(1)
                    / p.forkMedians().stream().mapToDouble(Double::doubleValue).min().orElse(1);
            if (span > MACHINE_SPREAD) {
                return Optional.of("varied " + Format.times(span) + " during " + run[0]);
            }
        }
        return Optional.empty();
    }

    /**
     * The single-thread speed probe's B/A where it moved between the runs (its interval excludes 1
     * and it moved more than {@link #SPEED_MOVE}), else empty.
     */
    public static Optional<Stats.Ratio> speedMoved(Run a, Series<?> sa, Run b, Series<?> sb) {
        Optional<Stats.Summary> pa = CrossCpu.pooled(a, sa.label(), Probe.SPEED);
        Optional<Stats.Summary> pb = CrossCpu.pooled(b, sb.label(), Probe.SPEED);
        if (pa.isEmpty() || pb.isEmpty()) {
            return Optional.empty();
        }
        Stats.Ratio r = Stats.ratio(pb.get(), pa.get());
        return r.excludesOne() && Math.abs(Math.log(r.value())) > Math.log(SPEED_MOVE) ? Optional.of(r)
                : Optional.empty();
    }

    /**
     * Two runs' levels closer than this are not called faster or slower even where their intervals
     * separate: one-thread rows of two runs of the same code on this machine reproduced within
     * 0.95-1.05x (issue #34: 20261125-094730 against -102726, each divided by floor/loop; 0.98-1.03x
     * in 20261126-082623 against -094051), a spread between runs that forks within a run do not see.
     */
    public static final double RERUN_FLOOR = 1.05;

    /** The speed probe moving less than this between two runs is left alone. */
    static final double SPEED_MOVE = 1.02;

    /** A move of the machine's cross-CPU handoff between two runs smaller than this is not the machine's. */
    static final double MACHINE_MOVE = 1.10;
    /** Probes of one run further apart than this: the machine moved during the run (calm runs here: 1.1-1.2x). */
    static final double MACHINE_SPREAD = 1.30;

    /** Across hosts: each id's speed-up over its own run's baseline in A and in B, and whether they separate. */
    private static void speedUps(Run a, Series<?> sa, Run b, Series<?> sb, Doc doc) {
        WorkloadSection<?> section = Sections.of(sa);
        if (section.workloadUnit().baseline().isEmpty()) {
            doc.paragraph("No verdicts: " + section.noBaseline() + ".");
            return;
        }
        String baseline = section.workloadUnit().baseline().get();
        Optional<Series.Row> baseA = sa.row(a, baseline);
        Optional<Series.Row> baseB = sb.row(b, baseline);
        if (baseA.isEmpty() || baseB.isEmpty()) {
            doc.paragraph("No verdicts: " + baseline + " was not measured in " + (baseA.isEmpty() ? "A" : "B") + ".");
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
                    || baseB.get().summary().isUnstable() ? LikeWithLike.Verdict.UNSTABLE.text + ": a row is flagged"
                    : ra.interval() == null || rb.interval() == null ? LikeWithLike.Verdict.TOO_FEW.text
                    : rb.interval().low() > ra.interval().high() ? "B higher"
                    : rb.interval().high() < ra.interval().low() ? "B lower" : "overlaps";
            rows.add(new Doc.Row(List.of(Doc.Cell.of(p.id()), Doc.Cell.number(Format.ratio(ra), ra.value()),
                    Doc.Cell.number(Format.ratio(rb), rb.value()), Doc.Cell.of(verdict)),
                    Map.of("model", p.id().substring(0, p.id().indexOf('/')), "workload",
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
    public static List<Series<?>[]> match(Run a, Run b) {
        List<Series<?>[]> matched = new ArrayList<>();
        for (Series<?> sa : Series.of(a)) {
            Series.of(b).stream().filter(sb -> sb.label().equals(sa.label()) && same(sa, sb))
                    .findFirst().ifPresent(sb -> matched.add(new Series<?>[] {sa, sb}));
        }
        if (matched.isEmpty()) {
            for (Series<?> sa : Series.of(a)) {
                Series.of(b).stream().filter(sb -> bare(sb.label()).equals(bare(sa.label())) && same(sa, sb))
                        .findFirst().ifPresent(sb -> matched.add(new Series<?>[] {sa, sb}));
            }
        }
        if (matched.isEmpty() && a.configurations().size() == 1 && b.configurations().size() == 1) {
            for (Series<?> sa : Series.of(a)) {
                Series.of(b).stream().filter(sb -> same(sa, sb)).findFirst()
                        .ifPresent(sb -> matched.add(new Series<?>[] {sa, sb}));
            }
        }
        return matched;
    }

    /** The same workload, and for the ring the same shape (fan-out: size; echo: connections). */
    private static boolean same(Series<?> a, Series<?> b) {
        return a.size().equals(b.size());
    }

    /**
     * A median and interval: ns per step, ms per operation for the fan-out, or requests per second
     * for the echo server (its rows' ns per request, inverted).
     */
    private static String value(Stats.Summary s, WorkloadSection<?> w) {
        return w.value(s) + (s.isUnstable() ? Format.FLAGGED : "");
    }

    private static String ratio(Stats.Ratio r) {
        return String.format(Locale.ROOT, "%.2f", r.value()) + (r.interval() == null ? ""
                : String.format(Locale.ROOT, " [%.2f–%.2f]", r.interval().low(), r.interval().high()));
    }

    private static String count(Run run, Series<?> s) {
        return s.rows(run).isEmpty() ? "no results" : s.rows(run).size() + " ids";
    }

    /** {@code dir} as seen from {@code from}: "." for itself, "../20261126-134153" for a sibling run. */
    static String where(Path from, Path dir) {
        String relative = from.toAbsolutePath().normalize().relativize(dir.toAbsolutePath().normalize()).toString();
        return relative.isEmpty() ? "." : relative;
    }

    private static String describe(Run run, String dir) {
        Env.Machine m = run.machine();
        StringBuilder s = new StringBuilder(run.runId()).append(" (").append(dir).append("), ")
                .append(String.join(", ", run.hosts())).append(", ").append(m.date())
                .append(", commit ").append(Optional.ofNullable(m.gitCommit())
                        .map(c -> c.length() > 12 ? c.substring(0, 12) : c).orElse("unknown"))
                .append(", ").append(m.cpuModel());
        if (run.settings().scored().quick()) {
            s.append(", --quick");
        }
        if (run.state() != Run.State.COMPLETE) {
            s.append(", incomplete");
        }
        return s.toString();
    }
}
