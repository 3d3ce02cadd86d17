package threadring.bench.data;

import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import threadring.bench.util.UsageException;

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
            if (version < SchemaOne.SCHEMA || version > Run.SCHEMA) {
                throw new UsageException(file + " has schema " + (version < 0 ? "none" : version)
                        + ", this threadring reads schemas " + SchemaOne.SCHEMA + " to " + Run.SCHEMA
                        + " (a run from another version)");
            }
            if (version == SchemaOne.SCHEMA) {
                tree = SchemaOne.upgrade(tree.getAsJsonObject());
            }
            if (version <= SchemaTwo.SCHEMA) {
                tree = SchemaTwo.upgrade(tree.getAsJsonObject());
            }
            return Json.GSON.fromJson(tree, Run.class);
        } catch (JsonParseException | IllegalStateException | NumberFormatException e) {
            throw new UsageException(file + " is not a threadring run file: " + e.getMessage());
        }
    }

    /**
     * Writes run.json with paths inside the results folder's parent (the checkout: its .jdks, the
     * run's own async-profiler) relative to the results folder, so that a committed run carries no
     * machine's absolute paths; a JDK installed elsewhere keeps its path (a system install).
     */
    public static void write(Path runDir, Run run) throws IOException {
        Path results = runDir.toAbsolutePath().normalize().getParent();
        Json.write(runDir.resolve(NAME), run.withPaths(p -> shown(results, p)));
    }

    /** {@code path} as a run records it: relative to {@code results} where it lies under its parent, else as it is. */
    public static String shown(Path results, String path) {
        if (path == null || results == null || results.getParent() == null || !Path.of(path).isAbsolute()) {
            return path;
        }
        Path p = Path.of(path).normalize();
        return p.startsWith(results.getParent()) ? results.relativize(p).toString() : path;
    }
}
