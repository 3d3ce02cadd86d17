package threadring.bench.data;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.stream.Collectors;
import threadring.bench.util.UsageException;
import threadring.core.Workload;
import threadring.core.Workload.Size;

/**
 * A run directory's files and their one schema. {@code run.json} holds a {@link Run}; a JMH child
 * writes its job's {@link Job.Result} (same records) next to it, which the sweep folds into
 * run.json. Everything is written and read back with these types; nothing is read from console
 * text. Runs written with schema 1 (before a workload's size was one type) are read through
 * {@link SchemaOne}, and with schema 1 or 2 (before the settings held their series) through
 * {@link SchemaTwo}.
 */
public final class RunFile {

    public static final String NAME = "run.json";
    /** Bumped when a field changes meaning. */
    public static final int SCHEMA = 3;
    /** JMH's console output of every job. */
    public static final String CONSOLE = "console.log";
    /** Where a job's files go: {@code jobs/<configuration>/}. */
    public static final String JOBS = "jobs";
    /** Where a profiling pass's files go: {@code profiles/<configuration>/<id>/<job>/}. */
    public static final String PROFILES = "profiles";
    /** A JMH child's result in JMH's own JSON format ends so, beside its job's results. */
    public static final String JMH_SUFFIX = ".jmh.json";
    /** The echo server's load script, kept in the run folder so that a run says what load it ran. */
    public static final String ECHO_SCRIPT = "echo.lua";

    /** A workload's size, tagged with its workload's name: every kind the sealed family has. */
    private static final Sealed<Size> SIZES = new Sealed<>("workload", Arrays.stream(Workload.values())
            .collect(Collectors.toMap(Workload::name, Workload::sizeType, (a, b) -> a, LinkedHashMap::new)));

    public static final Gson JSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().serializeNulls()
            .serializeSpecialFloatingPointValues()
            .registerTypeAdapter(Size.class, SIZES)
            .registerTypeAdapter(Size.Timed.class, SIZES)
            .registerTypeAdapter(Size.Served.class, SIZES)
            .registerTypeAdapter(Score.class, new Sealed<Score>("kind")
                    .kind("passes", Score.Passes.class)
                    .kind("echo", Score.Echo.class))
            .create();

    private RunFile() {}

    public static boolean isRun(Path dir) {
        return Files.isRegularFile(dir.resolve(NAME));
    }

    /**
     * The run in {@code runDir}.
     *
     * @throws UsageException in one line if it is not a run file, or one of another version
     */
    public static Run read(Path runDir) throws IOException {
        Path file = runDir.resolve(NAME);
        try {
            JsonElement tree = JsonParser.parseString(Files.readString(file));
            JsonElement schema = tree.isJsonObject() ? tree.getAsJsonObject().get("schema") : null;
            int version = schema != null && schema.isJsonPrimitive() ? schema.getAsInt() : -1;
            if (version < SchemaOne.SCHEMA || version > SCHEMA) {
                throw new UsageException(file + " has schema " + (version < 0 ? "none" : version)
                        + ", this threadring reads schemas " + SchemaOne.SCHEMA + " to " + SCHEMA
                        + " (a run from another version)");
            }
            if (version == SchemaOne.SCHEMA) {
                tree = SchemaOne.upgrade(tree.getAsJsonObject());
            }
            if (version <= SchemaTwo.SCHEMA) {
                tree = SchemaTwo.upgrade(tree.getAsJsonObject());
            }
            return JSON.fromJson(tree, Run.class);
        } catch (JsonParseException | IllegalStateException | NumberFormatException e) {
            throw new UsageException(file + " is not a threadring run file: " + e.getMessage());
        }
    }

    public static void write(Path runDir, Run run) throws IOException {
        writeJson(runDir.resolve(NAME), run);
    }

    /** Writes through a temporary file and a rename, so a reader never sees half a file. */
    public static void writeJson(Path file, Object value) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, JSON.toJson(value));
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public static <T> T readJson(Path file, Class<T> type) throws IOException {
        return JSON.fromJson(Files.readString(file), type);
    }

    /** A JSON tree of the same types (e.g. a merged run's JMH results). */
    public static String toJson(JsonElement tree) {
        return JSON.toJson(tree);
    }

    static JsonObject object(JsonElement e) {
        return e != null && e.isJsonObject() ? e.getAsJsonObject() : new JsonObject();
    }
}
