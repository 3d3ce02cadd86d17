package threadring.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import threadring.bench.data.Profile;
import threadring.bench.data.Run;
import threadring.bench.data.Settings;
import threadring.core.Size;

/** A series' profiling pass: what it cost against the scored passes, allocation, GC, hot methods and files. */
public final class Profiles {

    private Profiles() {}

    public static void write(Run run, Series<?> series, String name, List<Series.Row> rows, Doc doc) {
        List<Series.Row> profiled = rows.stream().filter(r -> r.measured().profile() != null).toList();
        if (profiled.isEmpty()) {
            return;
        }
        Settings.Profiling p = run.settings().profiling();
        doc.heading(3, "Profiling pass: " + name);
        doc.paragraph("Separate JVMs after each id's scored passes, " + Format.passes(p.forks(), p.warmups(),
                p.iterations(), p.iterationMs()) + ", with " + String.join(", ", run.settings().profilers())
                + ". No score above comes from these passes. *profiled / scored* is their median pass time over the "
                + "scored level: what the profilers cost, plus the usual spread between JVMs (a ratio inside the "
                + "row's fork spread above shows no cost). Hot methods are the top frames of JFR's execution samples "
                + "(threads in Java code; a thread blocked in the kernel is not sampled), with the number of samples.");
        boolean perOperation = series.size().scale() == Size.Scale.MS_PER_OPERATION;
        List<Doc.Row> table = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Series.Row r : profiled) {
            Profile pr = r.measured().profile();
            double scoredMs = r.summary().median() * r.steps() / 1e6;
            double profiledMs = pr.msPerPass().isEmpty() ? Double.NaN
                    : new Median().evaluate(pr.msPerPass().stream().mapToDouble(Double::doubleValue).toArray());
            String hot = pr.hotMethods().isEmpty() ? "n/a" : pr.hotMethods().stream()
                    .map(h -> Format.code(h.method()) + String.format(Locale.ROOT, " %.1f%%", h.percent()))
                    .collect(Collectors.joining("<br>")) + "<br>(" + pr.executionSamples() + " samples)";
            double bytes = pr.allocBytesPerOp() == null ? Double.NaN : pr.allocBytesPerOp() / r.steps();
            double gcShare = pr.gcMsPerPass() == null ? Double.NaN : 100 * pr.gcMsPerPass() / profiledMs;
            table.add(new Doc.Row(List.of(Doc.Cell.of(r.id()),
                    Doc.Cell.number(String.format(Locale.ROOT, "%.2f", profiledMs / scoredMs), profiledMs / scoredMs),
                    Doc.Cell.number(pr.allocBytesPerOp() == null ? "n/a" : Format.bytes(bytes), bytes),
                    Doc.Cell.number(pr.gcMsPerPass() == null ? "n/a" : String.format(Locale.ROOT, "%,.1f (%.0f%%)",
                            pr.gcMsPerPass(), gcShare), gcShare),
                    Doc.Cell.of(hot + (pr.pinned() != null && pr.pinned() > 0 ? "<br>**pinned** (JFR jdk.VirtualThreadPinned, "
                            + "20 ms or more): " + pr.pinned() : "")),
                    Doc.Cell.of(pr.files().isEmpty() ? "" : links(pr.files()))),
                    Format.tags(r.id(), series.workload())));
            if (pr.problem() != null) {
                problems.add(r.id() + ": " + pr.problem());
            }
        }
        doc.add(new Doc.Table("profile", List.of(Format.text("id"), Format.number("profiled / scored"),
                Format.number(perOperation ? "B/operation" : "B/step"), Format.number(perOperation
                        ? "GC ms/operation (share)" : "GC ms/pass (share)"),
                Format.text("hot methods (JFR execution samples, top frames)"), Format.text("files")), table));
        doc.bullets(problems);
    }

    private static String links(List<String> files) {
        // Ids hold '/', so their folders nest; escape what a Markdown link would decode.
        return files.stream().map(f -> "[" + f.substring(f.lastIndexOf('/') + 1) + "](" + f.replace("%", "%25")
                .replace(" ", "%20") + ")").collect(Collectors.joining("<br>"));
    }
}
