package threadring.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import threadring.bench.data.Configuration;
import threadring.bench.data.Run;
import threadring.bench.stats.LikeWithLike;

/**
 * A run with {@code --beside-jvm-arg}: per series and id, the row measured in JVMs started with the
 * flags beside its plain one (same JDK, cpus and rounds), with the time's ratio and the bytes each
 * step allocated in both. Compact object headers ({@code -XX:+UseCompactObjectHeaders}, JDK 25) are
 * the flag it was made for: a knob that changes every object's size, so every model's bytes.
 */
final class BesideFlags {

    private BesideFlags() {}

    /** The series of one size, JDK, cpu set and host, plain first, then each set of flags; only where there are flags. */
    static List<List<Series<?>>> groups(Run run) {
        Map<String, List<Series<?>>> groups = new LinkedHashMap<>();
        for (Series<?> s : Series.of(run)) {
            Configuration c = s.config();
            String key = s.size() + "|" + c.jvm().javaFeature() + "|" + c.cpus() + "|"
                    + (c.host() == null ? "" : c.host().host());
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(s);
        }
        return groups.values().stream().filter(g -> g.stream().anyMatch(s -> s.config().flags().isEmpty())
                && g.stream().anyMatch(s -> !s.config().flags().isEmpty()))
                .map(g -> g.stream().sorted(Comparator.comparingInt(s -> s.config().flags().size())).toList()).toList();
    }

    static void write(Run run, Doc doc) {
        List<List<Series<?>>> groups = groups(run);
        if (groups.isEmpty()) {
            return;
        }
        doc.heading(2, "Beside JVM flags");
        doc.paragraph("Each id measured in JVMs started with the flags below (`--beside-jvm-arg`) beside its plain "
                + "JVMs: the same JDK, cpus and rounds, so that the two rows differ in the flags alone. *time vs "
                + "plain* is the ratio of levels with its 95% interval (above 1: slower with the flags); *bytes/step* "
                + "is what each step allocated, read from the JVM's counters in every scored fork, and *bytes vs "
                + "plain* its ratio (a step that allocates the same objects, each smaller, reads below 1). Bytes per "
                + "step move less with the machine's load than times, but a JVM still warming up allocates what the "
                + "JIT has not yet removed: read them from settled rows of several forks (not `--quick`). *Like with "
                + "like* as in the JDK comparison.");
        for (List<Series<?>> group : groups) {
            Series<?> plain = group.get(0);
            WorkloadSection<?> section = Sections.of(plain);
            double per = Sections.costPer(plain);
            doc.heading(3, plain.size().describe() + ", JDK " + plain.config().jvm().javaFeature()
                    + (plain.config().cpus() == null ? "" : ", cpus " + plain.config().cpus()));
            List<Doc.Row> table = new ArrayList<>();
            for (String id : Series.ids(run, group)) {
                Optional<Series.Row> base = plain.row(run, id);
                double baseBytes = base.map(r -> Costs.perStep(r, per).bytes()).orElse(Double.NaN);
                for (Series<?> s : group) {
                    Optional<Series.Row> r = s.row(run, id);
                    if (r.isEmpty()) {
                        continue;
                    }
                    boolean isPlain = s == plain;
                    String flags = isPlain ? "none" : String.join(" ", s.config().flags().stream().map(Format::code)
                            .toList());
                    double bytes = Costs.perStep(r.get(), Sections.costPer(s)).bytes();
                    table.add(new Doc.Row(List.of(Doc.Cell.of(id), Doc.Cell.of(flags),
                            new Doc.Cell(section.value(r.get().summary()) + (r.get().summary().isUnstable()
                                    ? Format.FLAGGED : ""), r.get().summary().median(), r.get().summary().isUnstable()),
                            !isPlain && base.isPresent() ? Format.ratioCell(r.get().summary(), base.get().summary())
                                    : Doc.Cell.of(isPlain ? "1" : ""),
                            Doc.Cell.of(!isPlain && base.isPresent() ? LikeWithLike.judge(r.get().summary(),
                                    base.get().summary(), "with the flags", "plain", section::number).text() : ""),
                            Doc.Cell.number(Format.bytes(bytes), bytes),
                            !isPlain && baseBytes > 0 && Double.isFinite(bytes)
                                    ? Doc.Cell.number(Format.times(bytes / baseBytes), bytes / baseBytes)
                                    : Doc.Cell.of(isPlain ? "1" : "n/a")),
                            Format.tags(id, plain.workload())));
                }
            }
            doc.add(new Doc.Table("beside-flags", List.of(Format.text("id"), Format.text("JVM flags"),
                    Format.number(section.unit() + " [95%]"), Format.number("time vs plain [95%]"),
                    Format.text("like with like"), Format.number("bytes/step"), Format.number("bytes vs plain")), table));
        }
    }
}
