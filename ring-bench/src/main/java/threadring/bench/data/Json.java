package threadring.bench.data;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import java.io.IOException;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.workloads.Workloads;

/**
 * The one JSON form of every record the runner writes and reads back (a run, a job's results, a
 * JVM's facts, a calibration): the same types both ways, sealed families tagged by kind, and
 * written through a temporary file and a rename so that a reader never sees half a file.
 */
public final class Json {

    /** A workload's size, tagged with its workload's name: every kind the sealed family has. */
    private static final Sealed<Size> SIZES = new Sealed<>("workload", Workloads.ALL.stream()
            .collect(Collectors.toMap(Workload::name, Workload::sizeType, (a, b) -> a, LinkedHashMap::new)));

    public static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().serializeNulls()
            .serializeSpecialFloatingPointValues()
            .registerTypeAdapter(Size.class, SIZES)
            .registerTypeAdapter(Size.Timed.class, SIZES)
            .registerTypeAdapter(Size.Served.class, SIZES)
            .registerTypeHierarchyAdapter(Workload.class, new WorkloadName())
            .registerTypeAdapter(Score.class, scores())
            .create();

    /** Every kind of score, tagged: JMH's passes, and each runner's own kind ({@link ScoreKind}, by ServiceLoader). */
    private static Sealed<Score> scores() {
        Sealed<Score> scores = new Sealed<Score>("kind").kind("passes", Score.Passes.class);
        ServiceLoader.load(ScoreKind.class).forEach(k -> scores.kind(k.name(), k.type()));
        return scores;
    }

    private Json() {}

    /** A workload as its name ({@code RING}), as run.json has always written it. */
    private static final class WorkloadName implements com.google.gson.JsonSerializer<Workload<?, ?>>,
            com.google.gson.JsonDeserializer<Workload<?, ?>> {
        @Override
        public com.google.gson.JsonElement serialize(Workload<?, ?> w, Type type,
                com.google.gson.JsonSerializationContext context) {
            return new com.google.gson.JsonPrimitive(w.name());
        }

        @Override
        public Workload<?, ?> deserialize(com.google.gson.JsonElement json, Type type,
                com.google.gson.JsonDeserializationContext context) {
            try {
                return Workloads.named(json.getAsString());
            } catch (IllegalArgumentException | UnsupportedOperationException | IllegalStateException e) {
                throw new com.google.gson.JsonParseException(e.getMessage(), e);
            }
        }
    }

    /** Writes through a temporary file and a rename, so a reader never sees half a file. */
    public static void write(Path file, Object value) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, GSON.toJson(value));
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public static <T> T read(Path file, Class<T> type) throws IOException {
        return GSON.fromJson(Files.readString(file), type);
    }

    /** A JSON tree of the same types (e.g. a merged run's JMH results). */
    public static String text(JsonElement tree) {
        return GSON.toJson(tree);
    }
}
