package threadring.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import threadring.bench.data.Configuration;
import threadring.bench.data.Run;
import threadring.bench.stats.LikeWithLike;
import threadring.bench.stats.Stats;
import threadring.core.Size;

/**
 * A run on several JDKs (repeated {@code --jdk}): per series and id, one row per JDK with its
 * interval and its ratio to the newest JDK that measured it. The rows that need Loom (JDK 21+)
 * tell what each release did for virtual threads; the others are the controls, which say what the
 * JIT and the collectors did for every model in the same releases.
 */
final class AcrossJdks {

    static final String PNG = "chart-jdks.png";
    static final String SVG = "chart-jdks.svg";

    private AcrossJdks() {}

    /** The series of one size on one cpu set, host and flags, one per JDK, oldest JDK first; only where there are two or more. */
    static List<List<Series<?>>> groups(Run run) {
        Map<String, List<Series<?>>> groups = new LinkedHashMap<>();
        for (Series<?> s : Series.of(run)) {
            Configuration c = s.config();
            String key = s.size() + "|" + c.cpus() + "|" + (c.host() == null ? "" : c.host().host()) + "|" + c.flags();
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(s);
        }
        return groups.values().stream().filter(g -> g.stream().map(s -> s.config().jvm().javaFeature()).distinct()
                .count() > 1).map(g -> g.stream().sorted(Comparator.comparingInt(s -> s.config().jvm().javaFeature()))
                        .toList()).toList();
    }

    static void write(Run run, Doc doc) {
        List<List<Series<?>>> groups = groups(run);
        if (groups.isEmpty()) {
            return;
        }
        doc.heading(2, "Across JDKs");
        doc.paragraph("The same ids on each JDK of the run, oldest first: level [95% interval], and the ratio to the "
                + "newest JDK that measured the id (above 1: slower than there), with its interval (Welch's t on "
                + "the log fork levels). *Loom* rows need JDK 21+ (virtual threads and what runs on them): they "
                + "show what each release did for Loom; the *control* rows run on every JDK and show what the JIT "
                + "and the collectors did for all models in the same releases. *Like with like* compares each "
                + "JDK's row with the newest JDK's: a level against a level (*faster* or *slower* only where their "
                + "95% intervals are separated), a state against the same state, and how often each JDK's JVMs "
                + "reached a state against the other's (Fisher's exact test: *shares differ* at p < 0.05, which "
                + "says how often, not how fast). Each JDK's exact version and vendor are in the configurations "
                + "table above."
                + (groups.stream().anyMatch(g -> g.get(0).size().scale() == Size.Scale.NS_PER_STEP) ? " Chart: [" + PNG + "](" + PNG + ")."
                        : ""));
        for (List<Series<?>> group : groups) {
            Series<?> first = group.get(0);
            WorkloadSection<?> section = Sections.of(first);
            doc.heading(3, first.size().describe() + (first.config().cpus() == null ? "" : ", cpus " + first.config()
                    .cpus()));
            List<String> ids = Series.ids(run, group);
            List<Doc.Row> table = new ArrayList<>();
            for (String id : ids) {
                List<Optional<Series.Row>> rows = group.stream().map(s -> s.row(run, id)).toList();
                Optional<Series<?>> newest = group.stream().filter(s -> s.row(run, id).isPresent())
                        .reduce((a, b) -> b);
                Stats.Summary last = newest.flatMap(s -> s.row(run, id)).map(Series.Row::summary).orElse(null);
                String newestJdk = newest.map(s -> "JDK " + s.config().jvm().javaFeature()).orElse("");
                for (int i = 0; i < group.size(); i++) {
                    Configuration c = group.get(i).config();
                    Optional<Series.Row> r = rows.get(i);
                    String limit = run.jobs(c.label()).stream().filter(group.get(i)::of)
                            .flatMap(j -> j.limits().entrySet().stream()).filter(e -> e.getKey().equals(id))
                            .map(Map.Entry::getValue).findFirst().orElse(null);
                    if (r.isEmpty() && limit == null) {
                        continue;
                    }
                    table.add(new Doc.Row(List.of(Doc.Cell.of(id), Doc.Cell.of(role(id)),
                            Doc.Cell.of("JDK " + c.jvm().javaFeature()),
                            r.map(x -> new Doc.Cell(section.value(x.summary()) + (x.summary().isUnstable()
                                    ? Format.FLAGGED : ""), x.summary().median(), x.summary().isUnstable()))
                                    .orElse(Doc.Cell.of("cannot run here: " + limit)),
                            r.isPresent() && last != null && !Objects.equals(group.get(i), newest.get())
                                    ? Format.ratioCell(r.get().summary(), last) : Doc.Cell.of(r.isPresent() ? "1" : ""),
                            Doc.Cell.of(r.isPresent() && last != null && !Objects.equals(group.get(i), newest.get())
                                    ? LikeWithLike.judge(r.get().summary(), last, "JDK " + c.jvm().javaFeature(),
                                            newestJdk, section::number).text() : "")),
                            Format.tags(id, first.workload())));
                }
            }
            doc.add(new Doc.Table("across-jdks", List.of(Format.text("id"), Format.text("role"), Format.text("JDK"),
                    Format.number(section.unit() + " [95%]"),
                    Format.number("vs newest JDK [95%]"), Format.text("like with like")), table));
        }
    }

    /** "Loom" for the ids that need JDK 21+, "control" for the others. */
    static String role(String id) {
        return Declared.is(id, f -> f.minimumJavaVersion() >= 21) ? "Loom" : "control";
    }


    /** The chart of every id of the ring's and the rendezvous's groups across JDKs: a marker per JDK. */
    static void chart(Path dir, Run run) {
        List<Series<?>> series = groups(run).stream().filter(g -> Sections.of(g.get(0).workload()).perStep())
                .flatMap(List::stream).toList();
        if (!series.isEmpty()) {
            Chart.write(dir, run, series, s -> Sections.name(run, s), Chart.unit(series), 1, PNG, SVG);
        }
    }
}
