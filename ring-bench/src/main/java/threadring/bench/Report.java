package threadring.bench;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Turns a run directory (env.json, sweep.json, JMH JSON files) into report.md: per JDK and cpu
 * set, each id's ms per pass with JMH's 99.9% error, ns per hop and speed-up over
 * {@code threads/park}, fastest first, then what failed or was skipped.
 */
final class Report {

    static final String BASELINE = "threads/park";

    /** One measured id in one configuration. */
    record Row(String configuration, String id, double msPerPass, double error, int samples, int nodes, int hops) {
        double nsPerHop() {
            return hops == 0 ? Double.NaN : msPerPass * 1e6 / hops;
        }
    }

    private Report() {}

    static Path write(Path runDir) throws IOException {
        Path report = runDir.resolve("report.md");
        Path tmp = runDir.resolve("report.md.tmp");
        Files.writeString(tmp, render(runDir));
        Files.move(tmp, report, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return report;
    }

    static String render(Path runDir) throws IOException {
        JsonObject env = JsonParser.parseString(Files.readString(runDir.resolve("env.json"))).getAsJsonObject();
        JsonObject sweep = Files.exists(runDir.resolve("sweep.json"))
                ? JsonParser.parseString(Files.readString(runDir.resolve("sweep.json"))).getAsJsonObject()
                : new JsonObject();
        JsonObject machine = env.getAsJsonObject("machine");
        JsonObject opts = env.getAsJsonObject("options");
        StringBuilder md = new StringBuilder();
        md.append("# threadring run ").append(str(env, "runId")).append("\n\n");
        if (!bool(sweep, "complete")) {
            md.append("**Incomplete run**").append(bool(sweep, "interrupted") ? " (interrupted)" : "")
                    .append(": only the benchmarks that finished are shown.\n\n");
        }
        md.append("- workload: ").append(opts.get("nodes").isJsonNull() ? "503" : opts.get("nodes")).append(" nodes, ")
                .append(opts.get("hops").isJsonNull() ? "each benchmark's default hops per pass (see the hops column)"
                        : String.format(Locale.ROOT, "%,d hops per pass", opts.get("hops").getAsLong()))
                .append(bool(opts, "quick") ? " (--quick: a short smoke sweep, not for quoting)" : "").append('\n');
        md.append("- machine: ").append(str(machine, "cpuModel")).append(", online cpus ")
                .append(machine.get("onlineCpus")).append(", ").append(str(machine, "os")).append(", kernel ")
                .append(str(machine, "kernel")).append('\n');
        md.append("- date: ").append(str(machine, "date")).append(", commit ")
                .append(Optional.ofNullable(str(machine, "gitCommit")).orElse("unknown"))
                .append(bool(machine, "gitDirty") ? " (with uncommitted changes)" : "").append('\n');
        md.append("- JMH overrides: ").append(opts.get("jmhArgs")).append('\n');

        Map<String, List<Row>> rows = rows(runDir, env);
        for (JsonElement ce : env.getAsJsonArray("configurations")) {
            JsonObject c = ce.getAsJsonObject();
            String label = str(c, "label");
            JsonObject jvm = c.getAsJsonObject("jvm");
            md.append("\n## ").append(label).append("\n\n");
            md.append("JDK ").append(str(jvm, "javaVersion")).append(" (").append(str(jvm, "javaVendor")).append(", ")
                    .append(str(jvm, "vmName")).append("), cpus ")
                    .append(c.get("cpus").isJsonNull() ? "unpinned" : "pinned with taskset -c " + str(c, "cpus"))
                    .append(", availableProcessors=").append(jvm.get("availableProcessors")).append("\n\n");
            List<Row> list = new ArrayList<>(rows.getOrDefault(label, List.of()));
            list.sort(Comparator.comparingDouble(Row::nsPerHop));
            Optional<Row> base = list.stream().filter(r -> r.id().equals(BASELINE)).findFirst();
            md.append("| id | hops | ms/pass | ± 99.9% | samples | ns/hop | speed-up vs ").append(BASELINE).append(" |\n");
            md.append("|---|---:|---:|---:|---:|---:|---:|\n");
            for (Row r : list) {
                md.append(String.format(Locale.ROOT, "| %s | %,d | %,.1f | %s | %d | %,.1f | %s |%n", r.id(), r.hops(),
                        r.msPerPass(), Double.isNaN(r.error()) ? "n/a" : String.format(Locale.ROOT, "%,.1f", r.error()),
                        r.samples(), r.nsPerHop(),
                        base.map(b -> String.format(Locale.ROOT, "%,.1fx", b.nsPerHop() / r.nsPerHop())).orElse("n/a")));
            }
            for (String problem : problems(sweep, label, list)) {
                md.append("\n- ").append(problem);
            }
            md.append('\n');
        }
        md.append("\nms/pass: JMH single-shot time of one verified pass (a wrong last node fails the run); "
                + "± is JMH's 99.9% confidence half-width (n/a with fewer than 3 samples). "
                + "ns/hop = ms/pass / hops; speed-up = baseline ns/hop / this ns/hop. "
                + "Compare ratios within one run; absolute times drift on a shared machine.\n");
        return md.toString();
    }

    /** Rows by configuration label, from every JMH JSON file the sweep wrote. */
    static Map<String, List<Row>> rows(Path runDir, JsonObject env) throws IOException {
        Map<String, List<Row>> byLabel = new LinkedHashMap<>();
        Path jmh = runDir.resolve("jmh");
        for (JsonElement ce : env.getAsJsonArray("configurations")) {
            String label = str(ce.getAsJsonObject(), "label");
            Path dir = jmh.resolve(label);
            List<Row> rows = new ArrayList<>();
            if (Files.isDirectory(dir)) {
                try (var files = Files.list(dir)) {
                    for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                        String text = Files.readString(f).trim();
                        if (text.isEmpty()) {
                            continue; // JMH had not written it yet: an interrupted class
                        }
                        for (JsonElement e : JsonParser.parseString(text).getAsJsonArray()) {
                            rows.add(row(label, e.getAsJsonObject()));
                        }
                    }
                }
            }
            byLabel.put(label, rows);
        }
        return byLabel;
    }

    static Row row(String label, JsonObject result) {
        JsonObject params = result.getAsJsonObject("params");
        JsonObject metric = result.getAsJsonObject("primaryMetric");
        String unit = str(metric, "scoreUnit");
        if (!"ms/op".equals(unit)) {
            throw new IllegalStateException("expected ms/op from " + str(result, "benchmark") + ", got " + unit);
        }
        int samples = 0;
        for (JsonElement fork : metric.getAsJsonArray("rawData")) {
            samples += ((JsonArray) fork).size();
        }
        return new Row(label, str(params, "impl"), number(metric.get("score")), number(metric.get("scoreError")),
                samples, Integer.parseInt(str(params, "nodes")), Integer.parseInt(str(params, "hops")));
    }

    /** Ids the sweep asked for in this configuration but that have no result, and skipped classes. */
    private static List<String> problems(JsonObject sweep, String label, List<Row> measured) {
        List<String> problems = new ArrayList<>();
        if (!sweep.has("outcomes")) {
            return problems;
        }
        for (JsonElement oe : sweep.getAsJsonArray("outcomes")) {
            JsonObject o = oe.getAsJsonObject();
            if (!label.equals(str(o, "configuration"))) {
                continue;
            }
            String status = str(o, "status");
            if ("skipped".equals(status)) {
                problems.add("skipped " + o.get("ids") + ": " + str(o, "reason"));
                continue;
            }
            if ("interrupted".equals(status)) {
                problems.add("interrupted while measuring " + o.get("ids"));
                continue;
            }
            for (JsonElement id : o.getAsJsonArray("ids")) {
                if (measured.stream().noneMatch(r -> r.id().equals(id.getAsString()))) {
                    problems.add("**failed** " + id.getAsString() + " (JMH exit status " + o.get("exitCode")
                            + "): no result, the error is in console.log");
                }
            }
        }
        return problems;
    }

    static double number(JsonElement e) {
        if (e == null || e.isJsonNull()) {
            return Double.NaN;
        }
        try {
            return e.getAsDouble();
        } catch (NumberFormatException ex) {
            return Double.NaN; // JMH writes "NaN" as a string
        }
    }

    private static String str(JsonObject o, String key) {
        JsonElement e = o.get(key);
        return e == null || e.isJsonNull() ? null : e.getAsString();
    }

    private static boolean bool(JsonObject o, String key) {
        JsonElement e = o.get(key);
        return e != null && !e.isJsonNull() && e.getAsBoolean();
    }
}
