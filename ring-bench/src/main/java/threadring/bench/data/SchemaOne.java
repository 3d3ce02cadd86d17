package threadring.bench.data;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import threadring.core.ring.Rings;

/**
 * Runs written with schema 1 (up to 2026-11-24, the committed runs in docs/results), rewritten
 * as schema-2 JSON before they are read (and then by {@link SchemaTwo}): each workload's size, spread there over nullable fields of
 * every job and score, becomes one {@link Size}; a measurement's JMH score or echo score becomes
 * one {@link Score}; the flat settings are grouped. Fields that runs of schema 1 wrote before they
 * existed take the values those runs meant: the classic ring, no cpu work, the ring workload.
 */
final class SchemaOne {

    /** WorkloadBenchmark's annotations while schema 1 was written. */
    static final int SCHEMA_ONE_FORKS = 3;
    static final int SCHEMA_ONE_WARMUPS = 3;
    static final int SCHEMA_ONE_ITERATIONS = 5;
    static final int SCHEMA_ONE_ITERATION_MS = 1000;

    static final int SCHEMA = 1;

    private SchemaOne() {}

    static JsonObject upgrade(JsonObject run) {
        JsonObject out = run.deepCopy();
        out.addProperty("schema", SCHEMA + 1);
        out.add("settings", settings(JsonTrees.object(run.get("settings"))));
        JsonArray jobs = new JsonArray();
        JsonTrees.array(run.get("jobs")).forEach(j -> jobs.add(job(j.getAsJsonObject())));
        out.add("jobs", jobs);
        out.add("cpuWork", JsonTrees.array(run.get("cpuWork")));
        out.add("probes", new JsonArray());
        for (String absent : new String[] {"shard", "mergedFrom", "partial"}) {
            if (!out.has(absent)) {
                out.add(absent, JsonNull.INSTANCE);
            }
        }
        return out;
    }

    private static JsonObject settings(JsonObject s) {
        JsonObject selection = new JsonObject();
        selection.add("includes", JsonTrees.array(s.get("includes")));
        selection.add("all", JsonTrees.bool(s.get("all")));
        JsonArray workloads = JsonTrees.array(s.get("workloads"));
        if (workloads.isEmpty()) {
            workloads.add("RING");
        }
        selection.add("workloads", workloads);
        JsonObject sizes = new JsonObject();
        for (String list : new String[] {"nodes", "tokens", "depths", "works"}) {
            sizes.add(list, JsonTrees.array(s.get(list)));
        }
        sizes.add("hops", s.get("hops"));
        sizes.add("values", s.get("values"));
        for (String list : new String[] {"tasks", "delaysMs", "connections"}) {
            sizes.add(list, JsonTrees.array(s.get(list)));
        }
        JsonObject scored = new JsonObject();
        scored.add("quick", JsonTrees.bool(s.get("quick")));
        scored.add("longRun", JsonTrees.bool(s.get("longRun")));
        // null meant "the benchmark's annotations", which were 3 forks x (3 warm-up + 5 measured
        // iterations of 1 s) while schema 1 was written: kept as numbers, so that today's defaults
        // never rewrite what an old run did
        scored.addProperty("forks", JsonTrees.integer(s.get("forks"), SCHEMA_ONE_FORKS));
        // forks were fixed then: as many as the run started with, and no precision was sought
        scored.addProperty("maxForks", JsonTrees.integer(s.get("forks"), SCHEMA_ONE_FORKS));
        scored.addProperty("warmups", JsonTrees.integer(s.get("warmups"), SCHEMA_ONE_WARMUPS));
        scored.addProperty("iterations", JsonTrees.integer(s.get("iterations"), SCHEMA_ONE_ITERATIONS));
        scored.addProperty("iterationMs", JsonTrees.integer(s.get("iterationMs"), SCHEMA_ONE_ITERATION_MS));
        scored.add("passMs", s.has("passMs") && !s.get("passMs").isJsonNull() ? s.get("passMs") : new JsonPrimitive(0));
        scored.addProperty("precision", 0);
        JsonObject out = new JsonObject();
        out.add("selection", selection);
        out.add("sizes", sizes);
        out.add("scored", scored);
        out.add("cpus", JsonTrees.array(s.get("cpus")));
        out.add("jdks", JsonTrees.array(s.get("jdks")));
        out.add("profilers", JsonTrees.array(s.get("profilers")));
        out.add("profiling", s.get("profiling"));
        return out;
    }

    private static JsonObject job(JsonObject j) {
        String workload = JsonTrees.text(j.get("workload"), "RING");
        JsonObject size = size(workload, j);
        JsonElement steps = switch (workload) {
            case "RING" -> JsonTrees.integer(j.get("hops"), 0) > 0 ? j.get("hops") : JsonNull.INSTANCE; // 0: calibrated
            case "RENDEZVOUS" -> j.get("values");
            default -> JsonNull.INSTANCE;
        };
        JsonArray results = new JsonArray();
        JsonTrees.array(j.get("results")).forEach(m -> results.add(measured(m.getAsJsonObject())));
        JsonObject out = new JsonObject();
        out.add("configuration", j.get("configuration"));
        out.add("benchmark", j.get("benchmark"));
        out.add("ids", j.get("ids"));
        out.add("size", size);
        out.add("steps", steps == null ? JsonNull.INSTANCE : steps);
        out.add("status", j.get("status"));
        out.add("reason", j.get("reason"));
        out.add("exitStatus", j.get("exitStatus"));
        out.add("results", results);
        return out;
    }

    /** The size of a schema-1 job or score: its workload and that workload's own fields. */
    private static JsonObject size(String workload, JsonObject o) {
        JsonObject size = new JsonObject();
        size.addProperty("workload", workload);
        switch (workload) {
            case "RING" -> {
                int nodes = JsonTrees.integer(o.get("nodes"), 0);
                size.addProperty("nodes", nodes > 0 ? nodes : Rings.DEFAULT_NODES);
                size.addProperty("tokens", JsonTrees.integer(o.get("tokens"), 1));
                size.addProperty("depth", JsonTrees.integer(o.get("depth"), 0));
                size.addProperty("work", JsonTrees.integer(o.get("work"), 0));
            }
            case "FANOUT" -> {
                size.add("tasks", o.get("tasks"));
                size.add("delayMs", o.get("delayMs"));
                size.add("work", o.get("work"));
            }
            case "ECHO" -> size.add("connections", o.get("connections"));
            default -> { }
        }
        return size;
    }

    private static JsonObject measured(JsonObject m) {
        JsonObject out = new JsonObject();
        out.add("id", m.get("id"));
        JsonElement score = m.get("score");
        JsonElement echo = m.get("echo");
        if (score != null && score.isJsonObject()) {
            out.add("score", passes(score.getAsJsonObject()));
        } else if (echo != null && echo.isJsonObject()) {
            out.add("score", echo(echo.getAsJsonObject()));
        } else {
            out.add("score", JsonNull.INSTANCE);
        }
        out.add("profile", m.has("profile") ? m.get("profile") : JsonNull.INSTANCE);
        out.add("error", m.has("error") ? m.get("error") : JsonNull.INSTANCE);
        return out;
    }

    private static JsonObject passes(JsonObject s) {
        String workload = JsonTrees.text(s.get("workload"), "RING");
        int steps = switch (workload) {
            case "RING" -> JsonTrees.integer(s.get("hops"), 0);
            case "RENDEZVOUS" -> JsonTrees.integer(s.get("values"), 0);
            default -> 1; // a fan-out is timed per operation
        };
        JsonObject out = new JsonObject();
        out.addProperty("kind", "passes");
        out.add("benchmark", s.get("benchmark"));
        out.addProperty("steps", steps);
        out.add("warmups", s.get("warmups"));
        out.add("jvmArgs", s.get("jvmArgs"));
        out.add("msPerPass", s.get("msPerPass"));
        out.add("iterationMs", s.has("iterationMs") ? s.get("iterationMs") : JsonNull.INSTANCE);
        out.add("forkLog", s.has("forkLog") ? s.get("forkLog") : JsonNull.INSTANCE);
        return out;
    }

    private static JsonObject echo(JsonObject e) {
        JsonObject out = new JsonObject();
        out.addProperty("kind", "echo");
        for (String f : new String[] {"warmupSeconds", "seconds", "serverCpus", "wrkCpus", "repetitions"}) {
            out.add(f, e.has(f) ? e.get(f) : JsonNull.INSTANCE);
        }
        return out;
    }
}
