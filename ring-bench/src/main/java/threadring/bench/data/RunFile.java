package threadring.bench.data;

import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import threadring.bench.util.UsageException;

/**
 * A run directory's files and their one schema. {@code run.json} holds a {@link Run}; a JMH child
 * writes its job's {@link Job.Result} (same records) next to it, which the sweep folds into
 * run.json. Everything is written and read back with these types; nothing is read from console
 * text. Runs written with schema 1 (before a workload's size was one type) are read through
 * {@link SchemaOne}, and with schema 1 or 2 (before the settings held their series) through
 * {@link SchemaTwo}. A committed run keeps its run.json compressed ({@link #COMPRESSED}), read and
 * rewritten as it is found.
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

    /** run.json compressed with gzip, as runs are committed under docs/results (a tenth of the size). */
    public static final String COMPRESSED = NAME + ".gz";

    public static boolean isRun(Path dir) {
        return Files.isRegularFile(dir.resolve(NAME)) || Files.isRegularFile(dir.resolve(COMPRESSED));
    }

    /** The file a run's data is in: its run.json, else its run.json.gz where only that exists. */
    public static Path file(Path runDir) {
        Path plain = runDir.resolve(NAME);
        Path compressed = runDir.resolve(COMPRESSED);
        return !Files.isRegularFile(plain) && Files.isRegularFile(compressed) ? compressed : plain;
    }

    /** The text of a run file, uncompressed where it is {@link #COMPRESSED}. */
    public static String text(Path file) throws IOException {
        if (!file.getFileName().toString().endsWith(".gz")) {
            return Files.readString(file);
        }
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * The run in {@code runDir}.
     *
     * @throws UsageException in one line if it is not a run file, or one of another version
     */
    public static Run read(Path runDir) throws IOException {
        Path file = file(runDir);
        try {
            JsonElement tree = JsonParser.parseString(text(file));
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
        Run shown = run.withPaths(p -> shown(results, p));
        Path file = file(runDir);
        if (!file.getFileName().toString().endsWith(".gz")) {
            Json.write(file, shown);
            return;
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(tmp))) {
            out.write(Json.GSON.toJson(shown).getBytes(StandardCharsets.UTF_8));
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * {@code path} as a run records it: relative to {@code results} where it lies under its parent
     * or in the {@code .jdks} folder of a folder above it (the checkout's JDKs, where install-jdk21.sh
     * puts them, also for {@code --results docs/results}), else as it is.
     */
    public static String shown(Path results, String path) {
        if (path == null || results == null || results.getParent() == null || !Path.of(path).isAbsolute()) {
            return path;
        }
        Path p = Path.of(path).normalize();
        if (p.startsWith(results.getParent())) {
            return results.relativize(p).toString();
        }
        for (Path above = results.getParent(); above != null && above.getParent() != null; above = above.getParent()) {
            if (p.startsWith(above.resolve(JDKS))) {
                return results.relativize(p).toString();
            }
        }
        return path;
    }

    /** The checkout's folder of JDKs the tool installs. */
    static final String JDKS = ".jdks";
}
