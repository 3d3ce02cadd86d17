package threadring.bench.data;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs written with schema 2 (2026-11-24 to 2026-11-26, most committed runs in docs/results), and
 * schema-1 runs after {@link SchemaOne}, rewritten as schema-3 JSON before they are read: their
 * settings held each size option as a flat list (empty: that workload's default), where schema 3
 * holds the series they planned, one size each, and the steps a run fixed per workload (rebuilt
 * with the defaults those runs had); their JMH scores held the measured passes per fork beside a
 * separate log of each fork's warm-up, where schema 3 holds each fork's whole series; their probes
 * were all the cross-CPU one.
 */
final class SchemaTwo {

    static final int SCHEMA = 2;

    /** The defaults of schema-2 runs: the classic ring, the jdk-dev fan-out, the echo server's two loads. */
    static final int NODES = 503;
    static final int TASKS = 100_000;
    static final int DELAY_MS = 100;
    static final List<Integer> FANOUT_WORKS = List.of(0, 1000);
    static final List<Integer> ECHO_CONNECTIONS = List.of(100, 10_000);

    private SchemaTwo() {}

    static JsonObject upgrade(JsonObject run) {
        JsonObject out = run.deepCopy();
        out.addProperty("schema", Run.SCHEMA);
        out.add("settings", settings(JsonTrees.object(run.get("settings"))));
        JsonArray jobs = new JsonArray();
        for (JsonElement j : JsonTrees.array(run.get("jobs"))) {
            JsonObject job = j.getAsJsonObject().deepCopy();
            JsonArray results = new JsonArray();
            for (JsonElement m : JsonTrees.array(job.get("results"))) {
                JsonObject measured = m.getAsJsonObject().deepCopy();
                JsonElement score = measured.get("score");
                if (score != null && score.isJsonObject() && "passes".equals(JsonTrees.text(
                        score.getAsJsonObject().get("kind"), ""))) {
                    measured.add("score", passes(score.getAsJsonObject()));
                }
                if (!measured.has("limit")) {
                    measured.add("limit", com.google.gson.JsonNull.INSTANCE);
                }
                results.add(measured);
            }
            job.add("results", results);
            jobs.add(job);
        }
        out.add("jobs", jobs);
        JsonArray probes = new JsonArray();
        for (JsonElement e : JsonTrees.array(run.get("probes"))) {
            JsonObject old = e.getAsJsonObject();
            JsonObject probe = new JsonObject();
            probe.add("configuration", old.get("configuration"));
            probe.add("when", old.get("when"));
            probe.addProperty("id", Probe.CROSS_CPU);
            probe.add("values", old.get("nsPerHandoff"));
            probes.add(probe);
        }
        out.add("probes", probes);
        return out;
    }

    /** A JMH score: each fork's measured passes and its logged warm-up, made one series per fork. */
    private static JsonObject passes(JsonObject s) {
        JsonArray ms = JsonTrees.array(s.get("msPerPass"));
        JsonArray log = JsonTrees.array(s.get("forkLog"));
        JsonArray forks = new JsonArray();
        for (int f = 0; f < ms.size(); f++) {
            JsonObject logged = f < log.size() ? log.get(f).getAsJsonObject() : null;
            JsonArray passes = logged == null ? new JsonArray() : JsonTrees.array(logged.get("measuredPasses"));
            JsonArray measured = new JsonArray();
            JsonArray values = ms.get(f).getAsJsonArray();
            for (int i = 0; i < values.size(); i++) {
                measured.add(iteration(i < passes.size() ? passes.get(i).getAsLong() : 0, values.get(i)));
            }
            JsonObject fork = new JsonObject();
            if (logged == null) {
                fork.add("warmup", com.google.gson.JsonNull.INSTANCE);
            } else {
                JsonArray warmup = new JsonArray();
                JsonTrees.array(logged.get("warmup")).forEach(w -> warmup.add(iteration(
                        w.getAsJsonObject().get("passes").getAsLong(), w.getAsJsonObject().get("msPerPass"))));
                fork.add("warmup", warmup);
            }
            fork.add("measured", measured);
            fork.add("round", com.google.gson.JsonNull.INSTANCE);
            fork.add("started", com.google.gson.JsonNull.INSTANCE);
            forks.add(fork);
        }
        JsonObject out = new JsonObject();
        out.addProperty("kind", "passes");
        out.add("benchmark", s.get("benchmark"));
        out.add("steps", s.get("steps"));
        out.add("jvmArgs", s.get("jvmArgs"));
        out.add("iterationMs", s.has("iterationMs") ? s.get("iterationMs") : com.google.gson.JsonNull.INSTANCE);
        out.add("pilot", com.google.gson.JsonNull.INSTANCE);
        out.add("forks", forks);
        return out;
    }

    private static JsonObject iteration(long passes, JsonElement msPerPass) {
        JsonObject it = new JsonObject();
        it.addProperty("passes", passes);
        it.add("msPerPass", msPerPass);
        it.add("counters", com.google.gson.JsonNull.INSTANCE);
        return it;
    }

    private static JsonObject settings(JsonObject s) {
        JsonObject sizes = JsonTrees.object(s.get("sizes"));
        JsonArray workloads = JsonTrees.array(JsonTrees.object(s.get("selection")).get("workloads"));
        JsonArray series = new JsonArray();
        for (JsonElement w : workloads) {
            switch (w.getAsString()) {
                case "RING" -> {
                    for (int n : ints(sizes.get("nodes"), List.of(NODES))) {
                        for (int t : ints(sizes.get("tokens"), List.of(1))) {
                            for (int d : ints(sizes.get("depths"), List.of(0))) {
                                for (int x : ints(sizes.get("works"), List.of(0))) {
                                    series.add(size("RING", "nodes", n, "tokens", t, "depth", d, "work", x));
                                }
                            }
                        }
                    }
                }
                case "RENDEZVOUS" -> series.add(size("RENDEZVOUS"));
                case "FANOUT" -> {
                    for (int t : ints(sizes.get("tasks"), List.of(TASKS))) {
                        for (int d : ints(sizes.get("delaysMs"), List.of(DELAY_MS))) {
                            for (int x : ints(sizes.get("works"), FANOUT_WORKS)) {
                                series.add(size("FANOUT", "tasks", t, "delayMs", d, "work", x));
                            }
                        }
                    }
                }
                case "ECHO" -> {
                    for (int c : ints(sizes.get("connections"), ECHO_CONNECTIONS)) {
                        series.add(size("ECHO", "connections", c));
                    }
                }
                default -> throw new IllegalStateException("unknown workload " + w + " in a schema-2 run");
            }
        }
        JsonObject steps = new JsonObject();
        if (sizes.has("hops") && !sizes.get("hops").isJsonNull()) {
            steps.add("RING", sizes.get("hops"));
        }
        if (sizes.has("values") && !sizes.get("values").isJsonNull()) {
            steps.add("RENDEZVOUS", sizes.get("values"));
        }
        JsonObject out = new JsonObject();
        out.add("selection", s.get("selection"));
        out.add("series", series);
        out.add("steps", steps);
        for (String kept : new String[] {"scored", "cpus", "jdks", "profilers", "profiling"}) {
            out.add(kept, s.get(kept));
        }
        return out;
    }

    /** A size's JSON: its workload's tag, then name, value pairs. */
    private static JsonObject size(String workload, Object... fields) {
        JsonObject size = new JsonObject();
        size.addProperty("workload", workload);
        for (int i = 0; i < fields.length; i += 2) {
            size.addProperty((String) fields[i], (Integer) fields[i + 1]);
        }
        return size;
    }

    /** A list option's values, distinct, or the default when it was empty. */
    private static List<Integer> ints(JsonElement e, List<Integer> absent) {
        List<Integer> values = new ArrayList<>();
        JsonTrees.array(e).forEach(v -> {
            if (!values.contains(v.getAsInt())) {
                values.add(v.getAsInt());
            }
        });
        return values.isEmpty() ? absent : values;
    }
}
