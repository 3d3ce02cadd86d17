package threadring.bench;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import threadring.bench.RunData.Configuration;
import threadring.bench.RunData.Row;

/**
 * Turns a run directory into report.md (and chart.png/.svg): the environment first, then per JDK
 * and cpu set each id's ms per pass with its statistics, ns per hop, speed-up over
 * {@code threads/park} next to the 2014 study's, allocation per hop and hot methods, then what
 * failed or was skipped, a table of every configuration side by side and the published figures.
 */
final class Report {

    static final String BASELINE = RunData.BASELINE;

    private Report() {}

    /** Writes chart.png, chart.svg and report.md; returns report.md. */
    static Path write(Path runDir) throws IOException {
        return write(runDir, true);
    }

    /** As {@link #write(Path)}; without {@code drawChart} (Ctrl-C) the chart is left for the report command. */
    static Path write(Path runDir, boolean drawChart) throws IOException {
        RunData run = RunData.load(runDir);
        Chart.Outcome chart = drawChart ? Chart.write(run)
                : new Chart.Outcome(null, null, "the run was interrupted; `benchmark.sh report "
                        + run.runId() + "` draws it");
        Path report = runDir.resolve("report.md");
        Path tmp = runDir.resolve("report.md.tmp");
        Files.writeString(tmp, render(run, History.load(), chart));
        Files.move(tmp, report, StandardCopyOption.REPLACE_EXISTING);
        return report;
    }

    /** The report without drawing a chart (what is on disk is linked). */
    static String render(Path runDir) throws IOException {
        RunData run = RunData.load(runDir);
        return render(run, History.load(), Chart.Outcome.existing(runDir));
    }

    static String render(RunData run, History history, Chart.Outcome chart) {
        StringBuilder md = new StringBuilder();
        JsonObject machine = run.machine();
        JsonObject opts = run.options();
        md.append("# threadring run ").append(run.runId()).append("\n\n");
        if (!run.complete()) {
            md.append("**Incomplete run**").append(run.interrupted() ? " (interrupted)" : "")
                    .append(": only the benchmarks that finished are shown.\n\n");
        }
        md.append("- workload: ").append(isNull(opts, "nodes") ? "503" : opts.get("nodes").getAsString())
                .append(" nodes, ")
                .append(isNull(opts, "hops") ? "each benchmark's default hops per pass (see the hops column)"
                        : String.format(Locale.ROOT, "%,d hops per pass", opts.get("hops").getAsLong()))
                .append(RunData.bool(opts, "quick") ? " (--quick: a short smoke sweep, not for quoting)" : "")
                .append('\n');
        md.append("- machine: ").append(RunData.str(machine, "cpuModel")).append(", online cpus ")
                .append(machine.get("onlineCpus")).append(", ").append(RunData.str(machine, "os"))
                .append(", kernel ").append(RunData.str(machine, "kernel")).append('\n');
        md.append("- date: ").append(RunData.str(machine, "date")).append(", commit ")
                .append(Optional.ofNullable(RunData.str(machine, "gitCommit")).orElse("unknown"))
                .append(RunData.bool(machine, "gitDirty") ? " (with uncommitted changes)" : "").append('\n');
        md.append("- JMH overrides: ").append(opts.has("jmhArgs") ? opts.get("jmhArgs") : "[]").append('\n');
        List<String> profiles = run.profiles();
        md.append("- profilers: ").append(profiles.isEmpty() ? "none" : String.join(", ", profiles));
        if (run.asyncUnavailable() != null) {
            md.append(" (**async-profiler unavailable**: ").append(run.asyncUnavailable()).append(')');
        }
        md.append("\n\n");
        md.append("| configuration | JDK | cpus | availableProcessors | JVM flags of the JMH forks |\n");
        md.append("|---|---|---|---:|---|\n");
        for (Configuration c : run.configurations) {
            md.append("| ").append(c.label()).append(" | ").append(c.javaVersion()).append(" (")
                    .append(c.javaVendor()).append(", ").append(c.vmName()).append(") | ")
                    .append(c.cpus() == null ? "unpinned" : "taskset -c " + c.cpus()).append(" | ")
                    .append(c.availableProcessors()).append(" | ").append(flags(run, c.label())).append(" |\n");
        }
        md.append('\n');
        if (chart.png() != null) {
            md.append("![ns per hop, log scale](").append(chart.png()).append(")");
            if (chart.svg() != null) {
                md.append(" ([SVG](").append(chart.svg()).append("))");
            }
            md.append("\n\n");
        } else if (chart.problem() != null) {
            md.append("Chart: not drawn (").append(chart.problem()).append(").\n\n");
        }

        if (run.configurations.size() > 1) {
            allConfigurations(run, md);
        }
        for (Configuration c : run.configurations) {
            configuration(run, history, c, md);
        }
        published(run, history, md);
        md.append("\nms/pass: JMH single-shot time of one verified pass (a wrong last node fails the run); "
                + "± is JMH's 99.9% confidence half-width and CI its 99.9% confidence interval (n/a with fewer "
                + "than 3 samples); min, max and stddev over the measured passes. "
                + "ns/hop = ms/pass / hops; speed-up = baseline ns/hop / this ns/hop; 2014 = the speed-up the "
                + "2014 study measured for the same model (ratios only: other machine, other JDK). "
                + "B/hop = the gc profiler's allocation per pass (gc.alloc.rate.norm) / hops. "
                + "Compare ratios within one run; absolute times drift on a shared machine.\n");
        return md.toString();
    }

    /** The JVM flags every result of a configuration shares, then "+ per id" for the others. */
    private static String flags(RunData run, String label) {
        List<Row> rows = run.rows.getOrDefault(label, List.of());
        if (rows.isEmpty()) {
            return "n/a";
        }
        Set<String> common = new LinkedHashSet<>(rows.get(0).jvmArgs());
        rows.forEach(r -> common.retainAll(r.jvmArgs()));
        Set<String> other = new LinkedHashSet<>();
        rows.forEach(r -> r.jvmArgs().stream().filter(a -> !common.contains(a)).forEach(other::add));
        String text = common.isEmpty() ? "(none)" : common.stream().map(Report::code).collect(Collectors.joining(" "));
        if (!other.isEmpty()) {
            text += "; some ids also: " + other.stream().map(Report::code).collect(Collectors.joining(" "));
        }
        return text;
    }

    private static String code(String s) {
        return "`" + s.replace("|", "\\|").replace("`", "'") + "`";
    }

    private static void allConfigurations(RunData run, StringBuilder md) {
        md.append("## All configurations: ns/hop\n\n");
        md.append("| id |");
        run.configurations.forEach(c -> md.append(' ').append(c.label()).append(" |"));
        md.append("\n|---|");
        run.configurations.forEach(c -> md.append("---:|"));
        md.append('\n');
        for (String id : ids(run)) {
            md.append("| ").append(id).append(" |");
            for (Configuration c : run.configurations) {
                Optional<Row> r = run.row(c.label(), id);
                md.append(' ').append(r.map(x -> withError(x.nsPerHop(), x.errorNsPerHop())).orElse("–")).append(" |");
            }
            md.append('\n');
        }
        md.append("\n(– : not measured in that configuration; ± : JMH's 99.9% error.)\n\n");
    }

    /** Every measured id, fastest first in the first configuration that has it. */
    static List<String> ids(RunData run) {
        List<String> ids = new ArrayList<>();
        for (Configuration c : run.configurations) {
            run.rows.getOrDefault(c.label(), List.of()).stream().sorted(Comparator.comparingDouble(Row::nsPerHop))
                    .map(Row::id).filter(id -> !ids.contains(id)).forEach(ids::add);
        }
        return ids;
    }

    private static void configuration(RunData run, History history, Configuration c, StringBuilder md) {
        String label = c.label();
        md.append("## ").append(label).append("\n\n");
        md.append("JDK ").append(c.javaVersion()).append(" (").append(c.javaVendor()).append(", ").append(c.vmName())
                .append("), cpus ").append(c.cpus() == null ? "unpinned" : "pinned with taskset -c " + c.cpus())
                .append(", availableProcessors=").append(c.availableProcessors()).append("\n\n");
        List<Row> list = new ArrayList<>(run.rows.getOrDefault(label, List.of()));
        list.sort(Comparator.comparingDouble(Row::nsPerHop));
        Optional<Row> base = list.stream().filter(r -> r.id().equals(BASELINE)).findFirst();
        md.append("| id | hops | ms/pass | ± 99.9% | 99.9% CI | min | max | stddev | samples | ns/hop | ± ns/hop "
                + "| speed-up vs ").append(BASELINE).append(" | 2014 | B/hop |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : list) {
            md.append("| ").append(r.id()).append(" | ").append(String.format(Locale.ROOT, "%,d", r.hops()))
                    .append(" | ").append(ms(r.msPerPass())).append(" | ").append(ms(r.error()))
                    .append(" | ").append(Double.isNaN(r.ciLow()) ? "n/a" : ms(r.ciLow()) + "–" + ms(r.ciHigh()))
                    .append(" | ").append(ms(r.min())).append(" | ").append(ms(r.max()))
                    .append(" | ").append(ms(r.stddev())).append(" | ").append(r.samples())
                    .append(" | ").append(f1(r.nsPerHop())).append(" | ").append(f1(r.errorNsPerHop()))
                    .append(" | ").append(base.map(b -> ratio(b.nsPerHop() / r.nsPerHop())).orElse("n/a"))
                    .append(" | ").append(history.forId(History.STUDY_2014, r.id())
                            .map(e -> ratio(history.speedUp(e))).orElse(""))
                    .append(" | ").append(bytes(r.allocBytesPerHop())).append(" |\n");
        }
        List<String> notes = new ArrayList<>(problems(run, label, list));
        notes.addAll(profileNotes(run, list));
        for (String note : notes) {
            md.append("\n- ").append(note);
        }
        md.append('\n');
        profiles(run, label, list, md);
    }

    /** Ids the sweep asked for in this configuration but that have no result, and skipped classes. */
    private static List<String> problems(RunData run, String label, List<Row> measured) {
        List<String> problems = new ArrayList<>();
        for (JsonObject o : run.outcomes(label)) {
            String status = RunData.str(o, "status");
            if ("skipped".equals(status)) {
                problems.add("skipped " + o.get("ids") + ": " + RunData.str(o, "reason"));
                continue;
            }
            if ("interrupted".equals(status)) {
                problems.add("interrupted while measuring " + o.get("ids"));
                continue;
            }
            if (RunData.str(o, "asyncProblem") != null) {
                problems.add("async-profiler failed for " + o.get("ids") + " (" + RunData.str(o, "asyncProblem")
                        + "); measured again without it");
            }
            for (JsonElement id : RunData.array(o, "ids")) {
                if (measured.stream().noneMatch(r -> r.id().equals(id.getAsString()))) {
                    problems.add("**failed** " + id.getAsString() + " (JMH exit status " + o.get("exitCode") + "): "
                            + run.console.error(label, id.getAsString()).map(e -> "`" + e.replace("`", "'") + "`")
                                    .orElse("no result, the error is in console.log"));
                }
            }
        }
        return problems;
    }

    private static List<String> profileNotes(RunData run, List<Row> rows) {
        List<String> notes = new ArrayList<>();
        if (rows.isEmpty()) {
            return notes;
        }
        if (!run.profiles().contains("gc")) {
            notes.add("B/hop: n/a, the run had no gc profiler (`--profile gc`)");
        } else {
            List<String> missing = rows.stream().filter(r -> Double.isNaN(r.allocBytesPerOp())).map(Row::id).toList();
            if (!missing.isEmpty()) {
                notes.add("B/hop: n/a for " + missing + ", the gc profiler reported no gc.alloc.rate.norm");
            }
        }
        return notes;
    }

    private static void profiles(RunData run, String label, List<Row> rows, StringBuilder md) {
        List<String> profiles = run.profiles();
        boolean stack = profiles.contains("stack");
        boolean async = profiles.contains("async");
        boolean jfr = profiles.contains("jfr");
        if (rows.isEmpty() || !(stack || async || jfr)) {
            return;
        }
        md.append("\n### Profiles: ").append(label).append("\n\n");
        md.append("| id | hot methods (stack profiler, top frames of running threads, % of all samples) |");
        if (async) {
            md.append(" flame graph |");
        }
        if (jfr) {
            md.append(" JFR |");
        }
        md.append("\n|---|---|").append(async ? "---|" : "").append(jfr ? "---|" : "").append('\n');
        List<String> noStack = new ArrayList<>();
        List<String> noFlame = new ArrayList<>();
        List<String> noJfr = new ArrayList<>();
        for (Row r : rows) {
            md.append("| ").append(r.id()).append(" | ");
            List<StackProfile.Frame> hot = StackProfile.parse(r.stackText()).hot(3);
            if (!stack) {
                md.append("–");
            } else if (hot.isEmpty()) {
                md.append("n/a");
                noStack.add(r.id());
            } else {
                md.append(hot.stream().map(h -> code(h.method()) + " " + String.format(Locale.ROOT, "%.1f%%",
                        h.percent())).collect(Collectors.joining("<br>")));
            }
            md.append(" |");
            if (async) {
                List<String> files = run.profilerFiles("async", label, r.id(), ".html");
                md.append(' ').append(files.isEmpty() ? "n/a" : links(files)).append(" |");
                if (files.isEmpty()) {
                    noFlame.add(r.id());
                }
            }
            if (jfr) {
                List<String> files = run.profilerFiles("jfr", label, r.id(), ".jfr");
                md.append(' ').append(files.isEmpty() ? "n/a" : links(files)).append(" |");
                if (files.isEmpty()) {
                    noJfr.add(r.id());
                }
            }
            md.append('\n');
        }
        if (!noStack.isEmpty()) {
            md.append("\n- hot methods: n/a for ").append(noStack)
                    .append(", no stack profiler output found in console.log");
        }
        if (!noFlame.isEmpty()) {
            md.append("\n- flame graph: n/a for ").append(noFlame).append(", ").append(run.asyncUnavailable() != null
                    ? "async-profiler was unavailable: " + run.asyncUnavailable()
                    : "async-profiler wrote no flame graph (see console.log)");
        }
        if (!noJfr.isEmpty()) {
            md.append("\n- JFR: n/a for ").append(noJfr).append(", no recording found under jfr/");
        }
        md.append('\n');
    }

    private static String links(List<String> files) {
        // JFR's folders contain a literal "%2F": escape '%' so that the link is not decoded to '/'.
        return files.stream().map(f -> "[" + f.substring(f.lastIndexOf('/') + 1) + "](" + f.replace("%", "%25")
                        .replace(" ", "%20") + ")")
                .collect(Collectors.joining("<br>"));
    }

    /** Every published study, with this run's speed-ups (first configuration that has them) beside. */
    private static void published(RunData run, History history, StringBuilder md) {
        md.append("\n## Published figures (ratios only)\n\n");
        md.append("Speed-up over each study's own threads row, next to this run's speed-up over ").append(BASELINE)
                .append(" for the same model. Other machines, other JDKs: only the ratios compare.\n\n");
        md.append("| study | model | their ns/hop | their speed-up | this run | setup | source |\n");
        md.append("|---|---|---:|---:|---|---|---|\n");
        for (History.Entry e : history.entries()) {
            md.append("| ").append(e.study()).append(" | ").append(e.model()).append(" | ").append(f1(e.nsPerHop()))
                    .append(" | ").append(ratio(history.speedUp(e))).append(" | ").append(thisRun(run, e.ids()))
                    .append(" | ").append(e.setup()).append(" | ").append(e.source()).append(" |\n");
        }
    }

    private static String thisRun(RunData run, List<String> ids) {
        List<String> parts = new ArrayList<>();
        for (String id : ids) {
            for (Configuration c : run.configurations) {
                Optional<Row> r = run.row(c.label(), id);
                Optional<Row> b = run.row(c.label(), BASELINE);
                if (r.isPresent() && b.isPresent()) {
                    parts.add(id + " " + ratio(b.get().nsPerHop() / r.get().nsPerHop())
                            + (run.configurations.size() > 1 ? " (" + c.label() + ")" : ""));
                    break;
                }
            }
        }
        return parts.isEmpty() ? "" : String.join(", ", parts);
    }

    static String f1(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "n/a" : String.format(Locale.ROOT, "%,.1f", v);
    }

    /** Milliseconds: two decimals below 10 (a --quick pass takes a few). */
    static String ms(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "n/a"
                : String.format(Locale.ROOT, Math.abs(v) < 10 ? "%.2f" : "%,.1f", v);
    }

    /** Bytes with two decimals below 10 (a ring that allocates nothing per hop shows 0.00). */
    static String bytes(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "n/a"
                : String.format(Locale.ROOT, Math.abs(v) < 10 ? "%.2f" : "%,.1f", v);
    }

    static String ratio(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "n/a" : String.format(Locale.ROOT, "%,.1fx", v);
    }

    static String withError(double v, double error) {
        return f1(v) + (Double.isNaN(error) ? " ± n/a" : " ± " + f1(error));
    }

    private static boolean isNull(JsonObject o, String key) {
        return !o.has(key) || o.get(key).isJsonNull();
    }
}
