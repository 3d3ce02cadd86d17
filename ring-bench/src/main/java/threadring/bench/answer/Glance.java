package threadring.bench.answer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import threadring.bench.data.Configuration;
import threadring.bench.data.Run;
import threadring.bench.report.Board;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.Ratios;
import threadring.bench.report.Series;
import threadring.bench.report.Text;
import threadring.bench.report.WorkloadSection;
import threadring.bench.stats.Stats;
import threadring.bench.units.Units;
import threadring.core.Size;
import threadring.core.Workload;

/**
 * The answer at a glance: one line per workload (per series where a run has several), each cell
 * a {@link Text} whose numbers are claims read from the answer's boards: what a step is, who leads
 * (a tie only where every ratio between the leaders includes 1), the next and how much slower,
 * virtual threads beside platform threads and beside Go, and why the leader wins; above it, the
 * conditions and how to read a ratio.
 */
public final class Glance {

    /** Leaders named in a cell before the rest are counted. */
    static final int NAMED = 3;

    private Glance() {}

    /** One workload's line: its board and its cells. */
    public record Line(Board board, WorkloadSection<?> section, String from, Text step, Text fastest, Text next,
            Text overThreads, Text overGo, Text why) {
        public List<Text> cells() {
            return List.of(step, fastest, next, overThreads, overGo, why);
        }
    }

    /** The columns, in the order of {@link Line#cells}. */
    public static final List<String> COLUMNS = List.of("workload: one step", "fastest", "next tier, x the fastest [95%]",
            "virtual threads vs platform threads [95%]", "virtual threads vs Go [95%]", "why, against the one it beats");

    /** The lines of every series of {@code ratios}' run with a model measured; {@code evidence}: the report they link to. */
    public static List<Line> of(Ratios ratios, String evidence) {
        List<Line> out = new ArrayList<>();
        List<Ranking> rankings = Rankings.of(ratios);
        for (Ranking r : rankings) {
            // a run of one workload on several JDKs or sizes: each line names its configuration
            boolean several = rankings.stream().anyMatch(o -> o.series().workload().equals(r.series().workload())
                    && !o.series().label().equals(r.series().label()));
            board(ratios, r).ifPresent(b -> out.add(line(ratios.run(), b, r.section(), evidence, several
                    ? r.series().label() : null)));
        }
        return out;
    }

    /**
     * The line of workload {@code w} from {@code run}, a run of its own beside the sweep's (a workload
     * the default sweep leaves out): one row a workload, so its series on the run's newest JDK at its
     * last size (the largest the run was given); the step names the run and its JDK, and the run's
     * report the rest. None where no series of {@code w} has a board.
     */
    public static Optional<Line> of(Run run, Workload<?, ?> w, String evidence) {
        Ratios ratios = Ratios.of(run);
        List<Ranking> own = Rankings.of(ratios).stream().filter(r -> r.series().workload().equals(w)).toList();
        int newest = own.stream().mapToInt(Glance::feature).max().orElse(0);
        return own.stream().filter(r -> feature(r) == newest).reduce((a, b) -> b).flatMap(r -> board(ratios, r)
                .map(b -> line(run, b, r.section(), evidence, "run " + run.runId() + ", JDK "
                        + r.series().config().jvm().javaVersion())));
    }

    private static int feature(Ranking r) {
        return r.series().config().jvm().javaFeature();
    }

    /** The boards of {@code w} in {@code run}. */
    public static List<Board> boards(Run run, Workload<?, ?> w) {
        Ratios ratios = Ratios.of(run);
        return Rankings.of(ratios).stream().filter(r -> r.series().workload().equals(w)).map(r -> board(ratios, r))
                .flatMap(Optional::stream).toList();
    }

    /** Every series' board: its section's own where it has one, else its ranking's. */
    public static List<Board> boards(Ratios ratios) {
        return Rankings.of(ratios).stream().map(r -> board(ratios, r)).flatMap(Optional::stream).toList();
    }

    /** A ranking's board: the section's own measure where it judges by one, else the ranking's levels and ratios. */
    static Optional<Board> board(Ratios ratios, Ranking r) {
        return own(ratios.run(), r.section(), r).or(() -> Optional.of(timed(ratios, r)));
    }

    @SuppressWarnings("unchecked") // a ranking's series is its section's workload's
    private static <S extends Size> Optional<Board> own(Run run, WorkloadSection<S> section, Ranking r) {
        return section.board(run, (Series<S>) r.series(), r.entries().stream().map(Ranking.Entry::form).toList());
    }

    private static Board timed(Ratios ratios, Ranking r) {
        List<Board.Entry> entries = r.entries().stream().map(e -> new Board.Entry(e.form(), e.model(),
                e.level().median(), e.tier(), e.bound(), e.flagged(), e.cost())).toList();
        Series<?> s = r.series();
        return new Board(s, perStep(r.section().unit()), r.section()::number, entries,
                (a, b) -> ratios.between(s, a.form(), b.form()), "faster than", "slower than", new Text());
    }

    /** "ns/hop" as words: "ns a hop", "ms an operation". */
    static String perStep(String unit) {
        int slash = unit.indexOf('/');
        if (slash < 0 || unit.endsWith("/s")) {
            return unit;
        }
        return unit.substring(0, slash) + " " + Format.a(unit.substring(slash + 1));
    }

    private static Line line(Run run, Board b, WorkloadSection<?> section, String evidence, String from) {
        Text why = Why.of(run, b, section).orElseGet(() -> Text.of("no counters were read"));
        return new Line(b, section, from, step(b, section, from), fastest(b), next(b), beside(b, section, Rankings.THREADS),
                beside(b, section, Rankings.GO),
                evidence == null ? why : why.words(" → ").add(new Text.Name("[counters](" + evidence + ")")));
    }

    @SuppressWarnings("unchecked")
    private static <S extends Size> Text step(Board b, WorkloadSection<S> section, String from) {
        Text t = new Text().words("**" + section.workload().label() + "**");
        if (from != null) {
            t.words(" (").name(from).words(")");
        }
        t.words(": ").add(section.step((S) b.series().size()));
        return b.at().isEmpty() ? t : t.words(", ").add(b.at());
    }

    /** A level with its unit, "at least" where its load bound it. */
    public static Text level(Board b, Board.Entry e) {
        return new Text().bound(b.number().apply(e.level()), e.level(), e.bound()).words(" " + b.unit());
    }

    /**
     * The leaders: one with its level; a tie ("`a` and `b`, a tie: 160.5 and 161.2 ns a hop"); a tier
     * that is no tie, its first with its level and the tier's widest ratio inside it.
     */
    public static Text fastest(Board b) {
        List<Board.Entry> leaders = b.leaders();
        Text t = new Text();
        if (leaders.size() == 1) {
            t.code(leaders.get(0).id()).words(": ").add(level(b, leaders.get(0)));
            return leaders.get(0).tier() == 0 && b.entries().size() > 1 ? t.words(", in no tier: not ranked") : t;
        }
        if (b.ties(leaders)) {
            names(t, leaders);
            t.words(", a ").add(new Text.Tie("tie", b.pairs(leaders))).words(": ");
            Board.Entry lo = leaders.get(0);
            Board.Entry hi = leaders.get(leaders.size() - 1);
            return t.bound(b.number().apply(lo.level()), lo.level(), lo.bound()).words(leaders.size() == 2 ? " and "
                    : " to ").number(b.number().apply(hi.level()), hi.level()).words(" " + b.unit());
        }
        Apart apart = widest(b, leaders);
        t.words("no single winner: ").number(String.valueOf(leaders.size()), leaders.size())
                .words(" forms in the first tier, ").code(leaders.get(0).id()).words(" first at ")
                .add(level(b, leaders.get(0))).words("; ").code(apart.slower().id()).words(" ")
                .ratio(apart.ratio(), apart.faster().bound()).words(" " + b.slower() + " ").code(apart.faster().id());
        return t;
    }

    /** Two leaders whose ratio excludes 1, the widest such. */
    record Apart(Board.Entry faster, Board.Entry slower, Stats.Ratio ratio) {}

    static Apart widest(Board b, List<Board.Entry> group) {
        List<Apart> apart = new ArrayList<>();
        for (int i = 0; i < group.size(); i++) {
            for (int j = i + 1; j < group.size(); j++) {
                Stats.Ratio r = b.over(group.get(j), group.get(i));
                if (r.interval() == null || r.excludesOne()) {
                    apart.add(new Apart(group.get(i), group.get(j), r));
                }
            }
        }
        return apart.stream().filter(a -> a.ratio().interval() != null)
                .max(Comparator.comparingDouble(a -> a.ratio().value())).orElseThrow(() -> new IllegalStateException(
                        "a group that is no tie has a ratio excluding 1"));
    }

    /** "`a`, `b`, `c` and 6 more". */
    private static void names(Text t, List<Board.Entry> group) {
        int shown = Math.min(NAMED, group.size());
        for (int i = 0; i < shown; i++) {
            t.words(i == 0 ? "" : i == shown - 1 && group.size() == shown ? " and " : ", ").code(group.get(i).id());
        }
        if (group.size() > shown) {
            t.words(" and ").number(String.valueOf(group.size() - shown), group.size() - shown).words(" more");
        }
    }

    /** The first form of the next tier, and its level over the fastest's. */
    static Text next(Board b) {
        Optional<Board.Entry> next = b.next();
        Board.Entry first = b.entries().get(0);
        if (next.isEmpty()) {
            return Text.of(b.leaders().size() == b.entries().size() ? "none: every form is in the first tier"
                    : "none with a tier");
        }
        return new Text().code(next.get().id()).words(": ").ratio(b.over(next.get(), first), first.bound())
                .words(next.get() == b.entries().get(b.entries().size() - 1) ? ", the last" : "");
    }

    /**
     * Virtual threads' fastest form beside {@code model}'s, in one direction of words ("faster" or
     * "slower", the board's): "`virtual/park-p1` 26.4x [22.4–31.0x] faster than `threads/park`";
     * "not apart from" where the interval holds 1. The other form is named as its workload calls its
     * model where that is not its prefix (Skynet's fork/join tasks).
     */
    static Text beside(Board b, WorkloadSection<?> section, String model) {
        Optional<Board.Entry> v = b.of(Rankings.VIRTUAL);
        Optional<Board.Entry> m = b.of(model);
        if (v.isEmpty() || m.isEmpty()) {
            return Text.of("not measured");
        }
        Stats.Ratio theirs = b.over(m.get(), v.get());
        boolean faster = theirs.value() >= 1;
        Stats.Ratio r = faster ? theirs : b.over(v.get(), m.get());
        Text t = new Text().code(v.get().id()).words(" ");
        if (r.interval() != null && !r.excludesOne()) {
            t.words("not apart from ").code(m.get().id()).words(" (").ratio(r, false).words(" " + (faster ? b.faster()
                    : b.slower()).replace(" than", "") + ")");
        } else {
            t.ratio(r, (faster ? v : m).get().bound()).words(" " + (faster ? b.faster() : b.slower()) + " ")
                    .code(m.get().id());
        }
        String label = section.modelLabel(m.get().id());
        return label.equals(m.get().model()) ? t : t.words(" (" + label + ")");
    }

    /** The glance: conditions, how to read it, the table. */
    public static void write(Ratios ratios, Doc doc, String evidence) {
        List<Line> lines = of(ratios, evidence);
        if (lines.isEmpty()) {
            return;
        }
        doc.paragraph(conditions(ratios).text());
        doc.paragraph(HOW_TO_READ.text());
        List<Doc.Row> rows = lines.stream().map(l -> new Doc.Row(l.cells().stream().map(c -> Doc.Cell.of(c.text()))
                .toList(), Map.of("workload", l.section().workload().label()))).toList();
        doc.add(new Doc.Table("glance", COLUMNS.stream().map(Format::text).toList(), rows));
    }

    /** What a ratio's interval, a tie and a tier are. */
    public static final Text HOW_TO_READ = new Text().words("[a–b]: where ")
            .number(Format.count(Stats.CONFIDENCE * 100), Stats.CONFIDENCE * 100).words("% of re-runs on this machine "
                    + "land (the echo servers': over this run's repetitions); a tie: every ratio between them includes "
                    + "one; a tier: apart from every later tier, not ordered inside. Each model by its fastest form; ")
            .add(new Text.Name("[glossary](#glossary)")).words(".");

    /** A cpu model as a reader names it: "Intel(R) Xeon(R) Processor" is an Intel Xeon. */
    static String cpu(String model) {
        return model.replace("(R)", "").replace("(TM)", "").replace(" Processor", "").replaceAll("\\s+", " ").trim();
    }

    /** The machine, JDKs, collectors, runs pooled and their dates, and how long the newest took. */
    public static Text conditions(Ratios ratios) {
        Run run = ratios.run();
        Text t = new Text().words("Conditions: ").name(cpu(run.machine().cpuModel())).words(", ")
                .number(String.valueOf(run.machine().onlineCpus().size()), run.machine().onlineCpus().size())
                .words(Boolean.TRUE.equals(run.machine().virtualMachine()) ? " cpus of a virtual machine" : " cpus");
        for (Configuration c : run.configurations()) {
            t.words(" · JDK ").name(c.jvm().javaVersion()).words(c.cpus() == null ? ", unpinned" : ", pinned to cpus ");
            if (c.cpus() != null) {
                t.name(c.cpus());
            }
            t.words(", ").words(c.jvm().collector() == null ? "collector not recorded" : "collector ")
                    .name(c.jvm().collector() == null ? "" : c.jvm().collector());
        }
        List<Run> runs = ratios.runs();
        t.words(" · ");
        if (runs.size() > 1) {
            List<String> alone = Units.ALL.stream().filter(x -> !x.pools())
                    .map(x -> x.workload().label()).toList();
            t.number(String.valueOf(runs.size()), runs.size()).words(" sweeps pooled" + (alone.isEmpty() ? ""
                    : " (" + String.join(" and ", alone) + ": the newest alone)") + ", ")
                    .name(runs.get(runs.size() - 1).started().substring(0, 10)).words(" to ");
        } else {
            t.words("one sweep, ");
        }
        t.name(run.started().substring(0, 10));
        if (run.settings().selection().preset() != null) {
            t.words(" · " + run.settings().selection().preset() + ", not pooled with default sweeps");
        }
        if (!Double.isNaN(run.minutes())) {
            t.words(" · the newest took ").number(String.format(Locale.ROOT, "%.0f", run.minutes()),
                    run.minutes()).words(" minutes");
            if (run.budget() != null) {
                t.words(" of its ").number(String.valueOf(run.budget().minutes()), run.budget().minutes());
                List<String> cut = new ArrayList<>(run.budget().notGranted().stream().map(k -> k.label).toList());
                run.budget().ran().stream().filter(r -> r.skipped() > 0 && !cut.contains(r.kind().label))
                        .forEach(r -> cut.add("some " + r.kind().label));
                t.words(cut.isEmpty() ? "" : ", without " + String.join(", ", cut));
            }
        }
        return t;
    }
}
