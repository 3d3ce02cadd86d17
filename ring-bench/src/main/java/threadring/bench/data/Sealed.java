package threadring.bench.data;

import com.google.gson.JsonDeserializationContext;
import com.google.gson.JsonDeserializer;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonSerializationContext;
import com.google.gson.JsonSerializer;
import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Gson for a sealed interface: each record is written with a tag naming its kind first, e.g.
 * {@code {"workload": "RING", "nodes": 503, ...}}, and read back as the record the tag names.
 */
final class Sealed<T> implements JsonSerializer<T>, JsonDeserializer<T> {

    private final String tag;
    private final Map<String, Class<? extends T>> kinds = new LinkedHashMap<>();

    Sealed(String tag) {
        this.tag = tag;
    }

    /** Every kind at once, by its tag. */
    Sealed(String tag, Map<String, Class<? extends T>> kinds) {
        this.tag = tag;
        this.kinds.putAll(kinds);
    }

    Sealed<T> kind(String name, Class<? extends T> type) {
        kinds.put(name, type);
        return this;
    }

    @Override
    public JsonElement serialize(T value, Type type, JsonSerializationContext context) {
        String name = kinds.entrySet().stream().filter(e -> e.getValue() == value.getClass()).map(Map.Entry::getKey)
                .findFirst().orElseThrow(() -> new JsonParseException("no " + tag + " for " + value.getClass()));
        JsonObject out = new JsonObject();
        out.addProperty(tag, name);
        context.serialize(value, value.getClass()).getAsJsonObject().entrySet()
                .forEach(e -> out.add(e.getKey(), e.getValue()));
        return out;
    }

    @Override
    public T deserialize(JsonElement json, Type type, JsonDeserializationContext context) {
        JsonElement name = json.isJsonObject() ? json.getAsJsonObject().get(tag) : null;
        Class<? extends T> kind = name == null || !name.isJsonPrimitive() ? null : kinds.get(name.getAsString());
        if (kind == null) {
            throw new JsonParseException("expected \"" + tag + "\" to be one of " + kinds.keySet() + " in " + json);
        }
        return context.deserialize(json, kind);
    }
}
