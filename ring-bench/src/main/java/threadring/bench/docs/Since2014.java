package threadring.bench.docs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import threadring.bench.data.Run;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.report.History;
import threadring.bench.report.Series;
import threadring.bench.stats.Stats;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;

/**
 * Fibers against Loom since 2014: the 2014 study's speed-ups over its threads (Quasar fibers, Akka
 * actors, Quasar actors) beside a run's for the same setups, one row per JDK of the run, and Loom's
 * {@code virtual/park} (the same node code as {@code threads/park}) beside them. docs/results.md
 * carries it, written by {@code ./benchmark.sh docs} from the committed run that measured it on the
 * most JDKs.
 */
public final class Since2014 {

    /** The baseline of the study and of this project's ring. */
    static final String THREADS = "threads/park";
    /** What the study could not run: a virtual thread with threads/park's own handoff. */
    static final String LOOM = "virtual/park";
    /** The first JDK release with virtual threads (JEP 444). */
    static final int LOOM_FEATURE = 21;

    private Since2014() {}

    /** The study's setups this project runs (its threads row aside), in the study's order. */
    static List<History.Entry> setups() {
        return History.standard().entries().stream()
                .filter(e -> e.study().equals(History.STUDY_2014) && !e.baseline() && !e.ids().isEmpty()).toList();
    }

    /** The run's classic rings (503 nodes, one token) that measured threads/park and a setup of the study, oldest JDK first. */
    static List<Series<RingSize>> series(Run run) {
        List<String> ids = setups().stream().flatMap(e -> e.ids().stream()).toList();
        return Series.of(run, Ring.WORKLOAD).stream()
                .filter(s -> s.size().equals(RingSize.classic(503)) && s.config().cpus() == null)
                .filter(s -> s.row(run, THREADS).isPresent() && ids.stream().anyMatch(id -> s.row(run, id).isPresent()))
                .sorted(Comparator.comparingInt(s -> s.config().jvm().javaFeature())).toList();
    }

    /** How many JDKs of {@code run} measured the study's rows: 0 where none did. */
    public static int jdks(Run run) {
        return series(run).size();
    }

    /** The table: the study's row, then one per JDK of {@code run}; its run linked at {@code reportLink}. */
    public static String markdown(Run run, String reportLink) {
        List<Series<RingSize>> series = series(run);
        if (series.isEmpty()) {
            throw new IllegalArgumentException(run.runId() + " has no classic ring of " + THREADS
                    + " and a 2014 setup");
        }
        History history = History.standard();
        History.Entry threads = history.entries().stream()
                .filter(e -> e.study().equals(History.STUDY_2014) && e.baseline()).findFirst().orElseThrow();
        List<History.Entry> setups = setups().stream()
                .filter(e -> series.stream().anyMatch(s -> e.ids().stream().anyMatch(id -> s.row(run, id).isPresent())))
                .toList();
        boolean loom = series.stream().anyMatch(s -> s.row(run, LOOM).isPresent());
        List<Doc.Column> columns = new ArrayList<>(List.of(Format.text("JDK"), Format.number(THREADS + " ns/hop [95%]")));
        for (History.Entry e : setups) {
            columns.add(Format.text(e.model() + " (`" + String.join("`, `", e.ids()) + "`) over threads"));
        }
        if (loom) {
            columns.add(Format.text("Loom (`" + LOOM + "`) over threads"));
        }
        List<Doc.Row> rows = new ArrayList<>();
        List<Doc.Cell> study = new ArrayList<>(List.of(Doc.Cell.of("2014 study (" + threads.setup() + ")"),
                Doc.Cell.number(Format.ns(threads.nsPerHop()), threads.nsPerHop())));
        setups.forEach(e -> study.add(Doc.Cell.of(Format.times(history.speedUp(e)) + " (" + Format.ns(e.nsPerHop())
                + " ns/hop)")));
        if (loom) {
            study.add(Doc.Cell.of("none then"));
        }
        rows.add(new Doc.Row(study, Map.of()));
        for (Series<?> s : series) {
            Series.Row base = s.row(run, THREADS).orElseThrow();
            List<Doc.Cell> cells = new ArrayList<>(List.of(Doc.Cell.of("JDK " + s.config().jvm().javaVersion()),
                    Doc.Cell.of(Format.text(base.summary(), Format::ns, Format::interval) + flag(base.summary()))));
            for (History.Entry e : setups) {
                cells.add(Doc.Cell.of(over(run, s, base, e.ids())));
            }
            if (loom) {
                cells.add(Doc.Cell.of(s.config().jvm().javaFeature() < LOOM_FEATURE ? "none (virtual threads: JDK "
                        + LOOM_FEATURE + "+)" : over(run, s, base, List.of(LOOM))));
            }
            rows.add(new Doc.Row(cells, Map.of()));
        }
        Doc doc = new Doc("");
        doc.paragraph(String.format(Locale.ROOT, "From run [`%s`](%s) (%s, %s, %d JDK%s), written by `./benchmark.sh docs`: "
                + "each model's level over `%s`'s in the same JVM release, with its 95%% interval (\"/\" between a "
                + "row's states; each state's JVMs are in the report).", run.runId(), reportLink,
                run.started().substring(0, 10), run.machine().cpuModel(), series.size(), series.size() == 1 ? "" : "s",
                THREADS));
        doc.add(new Doc.Table("since-2014", columns, rows));
        doc.paragraph("Each cell: the speed-up over `" + THREADS + "` [95%], then the model's own ns/hop, so that "
                + "threads that got slower and fibers that got faster read apart; a flagged row's flag follows "
                + "its number." + loomChange(run, series));
        String md = doc.markdown();
        return md.substring(md.indexOf("\n\n") + 2).strip() + "\n"; // past the untitled "# "
    }

    /**
     * The first of {@code ids} measured in {@code s}, over {@code base}: the speed-up with its
     * interval, then its own ns/hop and its flag.
     */
    private static String over(Run run, Series<?> s, Series.Row base, List<String> ids) {
        for (String id : ids) {
            Optional<Series.Row> r = s.row(run, id);
            if (r.isPresent()) {
                return Format.ratio(base.summary(), r.get().summary()) + " (" + Format.ns(r.get().summary().median())
                        + " ns/hop" + flag(r.get().summary()) + ")";
            }
        }
        return "not measured";
    }

    /** ", *forks apart*" for a flagged row; nothing for a settled one. */
    private static String flag(Stats.Summary s) {
        return s.isUnstable() && s.flag() != null ? " *" + s.flag().cause().label + "*" : "";
    }

    /**
     * Loom's own change between the oldest and the newest JDK that ran it: its level's ratio with the
     * 95% interval, and whether that interval says it changed, so that a speed-up over threads that
     * fell because threads got faster does not read as Loom getting slower.
     */
    private static String loomChange(Run run, List<Series<RingSize>> series) {
        List<Series<RingSize>> loom = series.stream().filter(s -> s.row(run, LOOM).isPresent()).toList();
        if (loom.size() < 2) {
            return "";
        }
        Series<?> first = loom.get(0);
        Series<?> last = loom.get(loom.size() - 1);
        Stats.Summary a = first.row(run, LOOM).orElseThrow().summary();
        Stats.Summary b = last.row(run, LOOM).orElseThrow().summary();
        Stats.Summary ta = first.row(run, THREADS).orElseThrow().summary();
        Stats.Summary tb = last.row(run, THREADS).orElseThrow().summary();
        Stats.Ratio loomMoved = Stats.ratio(b, a);
        Stats.Ratio threadsMoved = Stats.ratio(tb, ta);
        return " From JDK " + first.config().jvm().javaVersion() + " to " + last.config().jvm().javaVersion()
                + ", `" + LOOM + "`'s own ns/hop moved " + Format.ratio(loomMoved) + moved(loomMoved) + " and `"
                + THREADS + "`'s " + Format.ratio(threadsMoved) + moved(threadsMoved) + ".";
    }

    private static String moved(Stats.Ratio r) {
        return r.interval() == null ? "" : r.excludesOne() ? (r.value() < 1 ? " (faster)" : " (slower)")
                : " (within noise: its interval holds 1)";
    }
}
