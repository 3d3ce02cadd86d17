package threadring.bench;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Everything a run directory holds, read once: env.json, sweep.json, the JMH JSON files per
 * configuration, console.log (stack profiles and error lines) and the profiler output folders.
 * Missing or partial pieces (an interrupted run, a profiler that did not run) load as empty,
 * never as an exception, except a JMH result in another unit than ms/op.
 */
final class RunData {

    static final String BASELINE = "threads/park";

    /** One JDK and cpu set of the sweep, as probed at its start. */
    record Configuration(String label, String javaVersion, String javaVendor, String vmName, int javaFeature,
            String cpus, int availableProcessors) {}

    /**
     * One measured id in one configuration: JMH's primary metric (ms per pass) with its
     * statistics, and what the gc profiler said (NaN when it did not run).
     */
    record Row(String configuration, String id, String benchmark, int nodes, int hops, double msPerPass, double error,
            double ciLow, double ciHigh, double min, double max, double stddev, int samples, double allocBytesPerOp,
            List<String> jvmArgs, String stackText) {

        double nsPerHop() {
            return perHop(msPerPass);
        }

        double errorNsPerHop() {
            return perHop(error);
        }

        double ciLowNsPerHop() {
            return perHop(ciLow);
        }

        double ciHighNsPerHop() {
            return perHop(ciHigh);
        }

        double allocBytesPerHop() {
            return hops == 0 ? Double.NaN : allocBytesPerOp / hops;
        }

        private double perHop(double ms) {
            return hops == 0 ? Double.NaN : ms * 1e6 / hops;
        }
    }

    final Path dir;
    final JsonObject env;
    final JsonObject sweep;
    final List<Configuration> configurations = new ArrayList<>();
    /** Rows by configuration label, in the order of env.json's configurations. */
    final Map<String, List<Row>> rows = new LinkedHashMap<>();
    final ConsoleLog console;

    private RunData(Path dir, JsonObject env, JsonObject sweep, ConsoleLog console) {
        this.dir = dir;
        this.env = env;
        this.sweep = sweep;
        this.console = console;
    }

    static boolean isRun(Path dir) {
        return Files.isRegularFile(dir.resolve("env.json"));
    }

    static RunData load(Path runDir) throws IOException {
        JsonObject env = JsonParser.parseString(Files.readString(runDir.resolve("env.json"))).getAsJsonObject();
        Path sweepFile = runDir.resolve("sweep.json");
        JsonObject sweep = Files.exists(sweepFile) && !Files.readString(sweepFile).isBlank()
                ? JsonParser.parseString(Files.readString(sweepFile)).getAsJsonObject()
                : new JsonObject();
        Path log = runDir.resolve("console.log");
        ConsoleLog console = ConsoleLog.parse(Files.exists(log)
                ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of());
        RunData run = new RunData(runDir, env, sweep, console);
        for (JsonElement ce : array(env, "configurations")) {
            JsonObject c = ce.getAsJsonObject();
            JsonObject jvm = c.has("jvm") && c.get("jvm").isJsonObject() ? c.getAsJsonObject("jvm") : new JsonObject();
            String label = str(c, "label");
            run.configurations.add(new Configuration(label, str(jvm, "javaVersion"), str(jvm, "javaVendor"),
                    str(jvm, "vmName"), (int) number(jvm.get("javaFeature")), str(c, "cpus"),
                    (int) number(jvm.get("availableProcessors"))));
            run.rows.put(label, run.readRows(label));
        }
        return run;
    }

    private List<Row> readRows(String label) throws IOException {
        Path jmh = dir.resolve("jmh").resolve(label);
        List<Row> list = new ArrayList<>();
        if (!Files.isDirectory(jmh)) {
            return list;
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(jmh)) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        for (Path f : files) {
            String text = Files.readString(f).trim();
            if (text.isEmpty()) {
                continue; // JMH had not written it yet: an interrupted class
            }
            for (JsonElement e : JsonParser.parseString(text).getAsJsonArray()) {
                Row r = row(label, e.getAsJsonObject());
                if (r.stackText() == null) {
                    r = withStack(r, console.stack(label, f.getFileName().toString(), r.id()).orElse(null));
                }
                list.add(r);
            }
        }
        return list;
    }

    private static Row withStack(Row r, String stack) {
        return new Row(r.configuration(), r.id(), r.benchmark(), r.nodes(), r.hops(), r.msPerPass(), r.error(),
                r.ciLow(), r.ciHigh(), r.min(), r.max(), r.stddev(), r.samples(), r.allocBytesPerOp(), r.jvmArgs(),
                stack);
    }

    /** One element of a JMH JSON result file. */
    static Row row(String label, JsonObject result) {
        JsonObject params = result.getAsJsonObject("params");
        JsonObject metric = result.getAsJsonObject("primaryMetric");
        String unit = str(metric, "scoreUnit");
        if (!"ms/op".equals(unit)) {
            throw new IllegalStateException("expected ms/op from " + str(result, "benchmark") + ", got " + unit);
        }
        List<Double> raw = new ArrayList<>();
        for (JsonElement fork : array(metric, "rawData")) {
            for (JsonElement v : fork.getAsJsonArray()) {
                raw.add(number(v));
            }
        }
        double[] ci = {Double.NaN, Double.NaN};
        JsonArray conf = array(metric, "scoreConfidence");
        if (conf.size() == 2) {
            ci[0] = number(conf.get(0));
            ci[1] = number(conf.get(1));
        }
        double min = raw.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        double max = raw.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        double mean = raw.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double stddev = Double.NaN;
        if (raw.size() >= 2) {
            double ss = raw.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
            stddev = Math.sqrt(ss / (raw.size() - 1));
        }
        JsonObject secondary = result.has("secondaryMetrics") && result.get("secondaryMetrics").isJsonObject()
                ? result.getAsJsonObject("secondaryMetrics") : new JsonObject();
        double alloc = Double.NaN;
        String stack = null;
        for (Map.Entry<String, JsonElement> e : secondary.entrySet()) {
            String name = metricName(e.getKey());
            if (!e.getValue().isJsonObject()) {
                continue;
            }
            JsonObject m = e.getValue().getAsJsonObject();
            if (name.equals("gc.alloc.rate.norm")) {
                alloc = number(m.get("score"));
            } else if (name.equals("stack")) {
                stack = textBlob(m).orElse(null);
            }
        }
        List<String> jvmArgs = new ArrayList<>();
        for (JsonElement a : array(result, "jvmArgs")) {
            jvmArgs.add(a.getAsString());
        }
        return new Row(label, str(params, "impl"), str(result, "benchmark"), Integer.parseInt(str(params, "nodes")),
                Integer.parseInt(str(params, "hops")), number(metric.get("score")), number(metric.get("scoreError")),
                ci[0], ci[1], min, max, stddev, raw.size(), alloc, List.copyOf(jvmArgs), stack);
    }

    /** A secondary metric's name without JMH's prefix ("·gc.alloc.rate.norm" → "gc.alloc.rate.norm"). */
    static String metricName(String key) {
        String k = key;
        while (!k.isEmpty() && !Character.isLetterOrDigit(k.charAt(0))) {
            k = k.substring(1);
        }
        return k;
    }

    /** The first string in a metric that looks like a profiler's text output (several lines). */
    private static Optional<String> textBlob(JsonElement e) {
        if (e.isJsonPrimitive() && e.getAsJsonPrimitive().isString() && e.getAsString().contains("\n")
                && e.getAsString().contains("%")) {
            return Optional.of(e.getAsString());
        }
        if (e.isJsonArray()) {
            for (JsonElement x : e.getAsJsonArray()) {
                Optional<String> t = textBlob(x);
                if (t.isPresent()) {
                    return t;
                }
            }
        }
        if (e.isJsonObject()) {
            for (Map.Entry<String, JsonElement> x : e.getAsJsonObject().entrySet()) {
                Optional<String> t = textBlob(x.getValue());
                if (t.isPresent()) {
                    return t;
                }
            }
        }
        return Optional.empty();
    }

    // ---- env.json and sweep.json ----

    String runId() {
        String id = str(env, "runId");
        return id != null ? id : dir.getFileName().toString();
    }

    JsonObject machine() {
        return object(env, "machine");
    }

    JsonObject options() {
        return object(env, "options");
    }

    boolean complete() {
        return bool(sweep, "complete");
    }

    boolean interrupted() {
        return bool(sweep, "interrupted");
    }

    /** The profilers the sweep asked for (empty for runs made before profiles existed, or with none). */
    List<String> profiles() {
        List<String> p = new ArrayList<>();
        for (JsonElement e : array(options(), "profiles")) {
            p.add(e.getAsString());
        }
        return p;
    }

    /** Why async-profiler did not run, or null if it was not asked for or ran. */
    String asyncUnavailable() {
        return str(object(env, "asyncProfiler"), "unavailable");
    }

    List<JsonObject> outcomes(String label) {
        List<JsonObject> list = new ArrayList<>();
        for (JsonElement oe : array(sweep, "outcomes")) {
            JsonObject o = oe.getAsJsonObject();
            if (label.equals(str(o, "configuration"))) {
                list.add(o);
            }
        }
        return list;
    }

    Optional<Row> row(String label, String id) {
        return rows.getOrDefault(label, List.of()).stream().filter(r -> r.id().equals(id)).findFirst();
    }

    /** Files under {@code <run>/<tool>/<label>/} whose name matches, for the id, as run-relative paths. */
    List<String> profilerFiles(String tool, String label, String id, String suffix) {
        Path base = dir.resolve(tool).resolve(label);
        if (!Files.isDirectory(base)) {
            return List.of();
        }
        // JMH names each trial's folder after its parameters, escaping '/' as "_2F" (async) or
        // "%2F" (jfr): <benchmark>-SingleShotTime-hops-20000-impl-threads_2Fpark-nodes-503
        String key = "impl-" + id;
        try (Stream<Path> s = Files.walk(base)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(suffix))
                    .filter(p -> matchesId(unescape(base.relativize(p).toString()), key))
                    .map(p -> dir.relativize(p).toString().replace('\\', '/'))
                    .sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** A trial folder name with JMH's escapes of '/' undone. */
    static String unescape(String path) {
        return path.replace("_2F", "/").replace("%2F", "/").replace("%2f", "/");
    }

    /** {@code impl-virtual/park} is in the path, not as the prefix of {@code impl-virtual/park-p1}. */
    private static boolean matchesId(String path, String key) {
        int i = path.indexOf(key);
        while (i >= 0) {
            int end = i + key.length();
            if (end == path.length() || !Character.isLetterOrDigit(path.charAt(end)) && path.charAt(end) != '-'
                    || path.startsWith("-nodes", end) || path.startsWith("-hops", end)) {
                return true;
            }
            i = path.indexOf(key, i + 1);
        }
        return false;
    }

    // ---- JSON helpers ----

    static double number(JsonElement e) {
        if (e == null || e.isJsonNull()) {
            return Double.NaN;
        }
        try {
            return e.getAsDouble();
        } catch (NumberFormatException | UnsupportedOperationException | IllegalStateException ex) {
            return Double.NaN; // JMH writes "NaN" as a string
        }
    }

    static String str(JsonObject o, String key) {
        JsonElement e = o == null ? null : o.get(key);
        return e == null || e.isJsonNull() ? null : e.isJsonPrimitive() ? e.getAsString() : e.toString();
    }

    static boolean bool(JsonObject o, String key) {
        JsonElement e = o == null ? null : o.get(key);
        return e != null && e.isJsonPrimitive() && e.getAsBoolean();
    }

    static JsonObject object(JsonObject o, String key) {
        JsonElement e = o == null ? null : o.get(key);
        return e != null && e.isJsonObject() ? e.getAsJsonObject() : new JsonObject();
    }

    static JsonArray array(JsonObject o, String key) {
        JsonElement e = o == null ? null : o.get(key);
        return e != null && e.isJsonArray() ? e.getAsJsonArray() : new JsonArray();
    }
}
