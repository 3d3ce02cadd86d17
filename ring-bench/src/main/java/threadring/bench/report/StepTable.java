package threadring.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import threadring.bench.data.Configuration;
import threadring.bench.data.Job;
import threadring.bench.data.Measured;
import threadring.bench.data.Run;
import threadring.bench.data.Score;
import threadring.bench.data.Settings;
import threadring.bench.stats.Statistic;
import threadring.bench.stats.Stats;
import threadring.bench.stats.Steady;
import threadring.bench.units.Units;

/**
 * The section of one series of a handoff workload (the ring, the rendezvous): per id its median
 * ns per step with its interval over forks, the fork medians, its stability, the next slower row,
 * the speed-up over the workload's baseline and the 2014 study's; then what failed, and the
 * profiling pass.
 */
public final class StepTable {

    private StepTable() {}

    public static void write(Run run, Series<?> series, String name, String stepsColumn, Doc doc) {
        History history = History.standard();
        doc.heading(2, name);
        doc.paragraph(jdk(series.config()));
        List<Series.Row> rows = series.rows(run);
        String baseline = Units.of(series.workload()).baseline().orElseThrow();
        Optional<Series.Row> base = rows.stream().filter(r -> r.id().equals(baseline)).findFirst();
        List<String> notes = new ArrayList<>();
        if (!rows.isEmpty()) {
            boolean counted = Costs.counted(rows);
            String unit = series.workload().unit();
            List<Doc.Row> table = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                Series.Row r = rows.get(i);
                Stats.Summary s = r.summary();
                List<Doc.Cell> cells = new ArrayList<>(List.of(Doc.Cell.of(r.id()),
                        Doc.Cell.number(String.format(Locale.ROOT, "%,d", r.steps()), r.steps()),
                        Doc.Cell.of(s.forks() + " x " + s.samples() / s.forks()),
                        Doc.Cell.of(passesPerIteration(r.measured())), Doc.Cell.of(steadyAfter(s, r.measured())),
                        Doc.Cell.of(warmup(r.measured())),
                        Format.median(s, Format::ns), Format.range(s, Format::interval),
                        Doc.Cell.of(s.forkMedians().stream().map(Format::ns).collect(Collectors.joining(", "))),
                        Doc.Cell.number(Format.ns(s.min()), s.min()), Doc.Cell.number(Format.ns(s.max()), s.max()),
                        Doc.Cell.of(stability(s, run.settings())),
                        Doc.Cell.of(i + 1 < rows.size() ? versus(rows.get(i + 1), r) : ""),
                        r.id().equals(baseline) ? Doc.Cell.number("1 (baseline)", 1)
                                : base.map(b -> Format.ratioCell(b.summary(), s)).orElse(Doc.Cell.of("n/a")),
                        Doc.Cell.of(study2014(history, r.id())),
                        Doc.Cell.of(Carriers.of(r.id(), series.config()))));
                cells.addAll(statistics(r));
                if (counted) {
                    cells.addAll(Costs.cells(r, 1));
                }
                table.add(new Doc.Row(cells, Format.tags(r.id(), series.workload())));
            }
            List<Doc.Column> columns = new ArrayList<>(List.of(Format.text("id"), Format.number(stepsColumn),
                    Format.number("forks x iterations"), Format.number("passes per iteration"),
                    Format.number("steady after"), Format.number("warm-up per fork (s, passes)"),
                    Format.number("ns/" + unit), Format.number("95% interval for a re-run"),
                    Format.text("fork levels"), Format.number("min"), Format.number("max"), Format.text("stability"),
                    Format.text("vs next"), Format.number("speed-up vs " + baseline + " [95%]"),
                    Format.number("2014"), Format.text("handoffs")));
            Statistic.ALL.forEach(x -> columns.add(Format.number(x.column())));
            if (counted) {
                columns.addAll(Costs.columns(unit));
                notes.add(Costs.note(unit));
                Costs.unsupported(rows).ifPresent(notes::add);
            }
            List<Doc.Row> probes = CrossCpu.rows(run, series.label(), 15, 5);
            probes.forEach(p -> {
                List<Doc.Cell> padded = new ArrayList<>(p.cells());
                while (padded.size() < columns.size()) {
                    padded.add(Doc.Cell.of(""));
                }
                table.add(new Doc.Row(padded, p.tags()));
            });
            doc.add(new Doc.Table(series.workload().label(), columns, table));
            if (base.isEmpty()) {
                notes.add("speed-ups: n/a, " + baseline + " was not measured in this configuration");
            }
            CrossCpu.note(run, series.label()).ifPresent(notes::add);
            CrossCpu.steal(rows, series.config()).ifPresent(notes::add);
            if (rows.stream().anyMatch(r -> history.oneThreadOf(History.STUDY_2014, r.id()).isPresent())) {
                notes.add("2014: the study's speed-up over its threads row for the same model and setup (its "
                        + "libraries' default multi-thread scheduler or dispatcher); in parentheses on one-thread "
                        + "variants of that model, which the study did not run");
            }
        } else {
            doc.paragraph("No id was measured in this configuration.");
        }
        notes.addAll(problems(run, series));
        doc.bullets(notes);
        Profiles.write(run, series, name, rows, doc);
    }

    /** A row's cell of each statistic on the class path ({@link Statistic}), from its forks' series. */
    private static List<Doc.Cell> statistics(Series.Row r) {
        List<Doc.Cell> cells = new ArrayList<>();
        for (Statistic x : Statistic.ALL) {
            double v = r.measured().passes().map(p -> x.of(p.series())).orElse(Double.NaN);
            cells.add(Double.isNaN(v) ? Doc.Cell.of("n/a") : Doc.Cell.number(x.format(v), v));
        }
        return cells;
    }

    /** "JDK 25.0.3 (Eclipse Adoptium), cpus unpinned, availableProcessors=2" */
    public static String jdk(Configuration c) {
        return "JDK " + c.jvm().javaVersion() + " (" + c.jvm().javaVendor() + "), cpus "
                + (c.cpus() == null ? "unpinned" : "pinned with taskset -c " + c.cpus()) + ", availableProcessors="
                + c.jvm().availableProcessors();
    }

    /**
     * "ok, ±6.1% (forks: ±2.3% with 6)": half the 95% interval for a re-run, and what the forks bought
     * of it (the run-to-run component is not bought down by forks); "..., 2 of 6 JVMs switched while
     * measured: 336.0 to 76.0 after 5.0 s, ..." where forks changed level after their warm-up; or the
     * flag: "**states**: two states 1.34x apart (3 of 6 JVMs, 3 of 6 JVMs)".
     */
    public static String stability(Stats.Summary s, Settings settings) {
        return stability(s, settings, true);
    }

    /** As above; {@code addsForks} false where the count is not planned (say nothing of what forks bought). */
    public static String stability(Stats.Summary s, Settings settings, boolean addsForks) {
        String switched = switched(s, settings);
        if (s.isUnstable()) {
            return "**" + s.flag().cause().label + "**: " + s.flag().text() + (switched.isEmpty() ? "" : "; " + switched);
        }
        if (s.forks() < 2) {
            return "n/a";
        }
        String ok = "ok";
        if (s.interval() != null) {
            ok += String.format(Locale.ROOT, ", ±%.1f%%", s.precision() * 100);
            if (addsForks) {
                ok += String.format(Locale.ROOT, " (forks: ±%.1f%% with %d)", s.forkPrecision() * 100, s.forks());
            }
        } else if (s.forks() == 2) {
            ok += ", two JVMs: " + s.forkMedians().stream().map(Stats::number).collect(Collectors.joining(" and "));
        }
        long slowed = s.steady().stream().filter(x -> x.kind() == Steady.Kind.SLOWDOWN
                && !x.late()).count();
        if (slowed > 0) {
            ok += ", " + slowed + " of " + s.forks() + " forks slowed down in their warm-up";
        }
        return ok + (switched.isEmpty() ? "" : ", " + switched);
    }

    /** "2 of 6 JVMs switched while measured: 336.0 to 76.0 after 5.0 s, ...", or empty. */
    public static String switched(Stats.Summary s, Settings settings) {
        List<Steady> late = s.steady().stream().filter(Steady::late)
                .toList();
        if (late.isEmpty() || settings.scored().settleMs() == null) {
            return "";
        }
        return late.size() + " of " + s.forks() + " JVMs switched while measured: " + late.stream()
                .map(x -> (Double.isNaN(x.before()) ? "" : Stats.number(x.before()) + " to ") + Stats.number(x.level())
                        + String.format(Locale.ROOT, " after %.1f s", x.settledSeconds()))
                .collect(Collectors.joining(", "));
    }

    /**
     * The id's time to steady state: where its long-warmed first fork settled (seconds into the
     * fork; "n/a" where no fork warmed up longer than the others, as in a fixed warm-up).
     */
    public static String steadyAfter(Stats.Summary s, Measured m) {
        List<Score.Fork> forks = m.passes().map(p -> p.forks()).orElse(List.of());
        if (forks.size() < 2 || forks.get(0).warmup() == null || s.steady().isEmpty()) {
            return "n/a";
        }
        double first = forks.get(0).warmupMs();
        double later = new Median().evaluate(forks.subList(1, forks.size()).stream()
                .mapToDouble(Score.Fork::warmupMs).toArray());
        if (!(first >= 2 * later)) {
            return "n/a";
        }
        Steady e = s.steady().get(0);
        return e.kind() == Steady.Kind.NONE ? "none in its first fork"
                : String.format(Locale.ROOT, "%.1f s", e.settledSeconds());
    }

    /** The next slower row's level over this one's, and whether their intervals are separated (share no value). */
    public static String versus(Series.Row slower, Series.Row r) {
        for (Series.Row row : List.of(slower, r)) {
            if (row.summary().modal()) {
                return "n/a (" + row.summary().flag().cause().label + ")";
            }
        }
        Stats.Ratio x = Stats.ratio(slower.summary(), r.summary());
        return String.format(Locale.ROOT, "%.2fx", x.value()) + (slower.summary().interval() == null
                || r.summary().interval() == null ? "" : Stats.separated(slower.summary().interval(),
                        r.summary().interval()) ? ", separated" : ", overlaps");
    }

    private static String study2014(History history, String id) {
        Optional<History.Entry> same = history.sameSetup(History.STUDY_2014, id);
        if (same.isPresent()) {
            return Format.times(history.speedUp(same.get()));
        }
        return history.oneThreadOf(History.STUDY_2014, id).map(e -> "(" + Format.times(history.speedUp(e)) + ")")
                .orElse("");
    }

    /** Ids the sweep planned in this series that have no result, and skipped or interrupted jobs. */
    public static List<String> problems(Run run, Series<?> series) {
        List<String> problems = new ArrayList<>();
        for (Job j : run.jobs(series.label()).stream().filter(series::of).toList()) {
            if (j.status() == Job.Status.SKIPPED) {
                problems.add("skipped " + j.ids() + ": " + j.reason());
                continue;
            }
            j.limits().forEach((id, why) -> problems.add("cannot run here: " + id + ": " + why));
            for (Map.Entry<String, String> f : j.failures().entrySet()) {
                boolean open = j.status() == Job.Status.INTERRUPTED
                        || j.status() == Job.Status.RUNNING;
                String what = open ? "not measured (" + (j.status() == Job.Status.RUNNING
                        ? "still running" : "interrupted") + ")" : "**failed**";
                problems.add(what + " " + f.getKey() + ": " + Format.code(f.getValue()));
            }
        }
        return problems;
    }

    /** Passes per measured iteration (median over forks and iterations), or n/a where they were not recorded. */
    public static String passesPerIteration(Measured m) {
        double[] passes = m.passes().map(p -> p.forks().stream().flatMap(f -> f.measured().stream())
                .mapToDouble(Score.Iteration::passes).filter(x -> x > 0).toArray()).orElse(new double[0]);
        return passes.length == 0 ? "n/a" : String.format(Locale.ROOT, "%,.0f", new Median().evaluate(passes));
    }

    /**
     * Each fork's warm-up: its length in seconds and passes (median over forks; the longest where
     * forks warmed up for different lengths, as the first fork does), or n/a where it was not recorded.
     */
    public static String warmup(Measured m) {
        List<Score.Fork> forks = m.passes().map(p -> p.forks().stream().filter(f -> f.warmup() != null).toList())
                .orElse(List.of());
        if (forks.isEmpty()) {
            return "n/a";
        }
        Median median = new Median();
        double seconds = median.evaluate(forks.stream().mapToDouble(f -> f.warmupMs() / 1000).toArray());
        double passes = median.evaluate(forks.stream().mapToDouble(Score.Fork::warmupPasses).toArray());
        double longest = forks.stream().mapToDouble(f -> f.warmupMs() / 1000).max().orElse(seconds);
        return String.format(Locale.ROOT, "%.1f s, %,.0f", seconds, passes)
                + (longest > seconds * 1.5 + 0.5 ? String.format(Locale.ROOT, " (first %.0f s)", longest) : "");
    }
}
