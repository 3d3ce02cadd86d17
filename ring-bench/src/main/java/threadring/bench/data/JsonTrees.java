package threadring.bench.data;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

/** Lenient reads of an old run's JSON tree, where a field may be absent: what the schema upgrades read with. */
final class JsonTrees {

    private JsonTrees() {}

    static JsonObject object(JsonElement e) {
        return e != null && e.isJsonObject() ? e.getAsJsonObject() : new JsonObject();
    }

    static JsonArray array(JsonElement e) {
        return e != null && e.isJsonArray() ? e.getAsJsonArray().deepCopy() : new JsonArray();
    }

    static JsonPrimitive bool(JsonElement e) {
        return new JsonPrimitive(e != null && e.isJsonPrimitive() && e.getAsBoolean());
    }

    static int integer(JsonElement e, int absent) {
        return e != null && e.isJsonPrimitive() ? e.getAsInt() : absent;
    }

    static String text(JsonElement e, String absent) {
        return e != null && e.isJsonPrimitive() ? e.getAsString() : absent;
    }
}
