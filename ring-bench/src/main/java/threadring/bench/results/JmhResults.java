package threadring.bench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import threadring.bench.data.Json;
import threadring.bench.data.RunFile;
import threadring.bench.util.AtomicFiles;

/**
 * The run's {@code jmh-result.json}: one JSON array in JMH's own result format (what {@code -rf json}
 * writes, which JMH Visualizer, Bencher and github-action-benchmark read), the concatenation of the
 * arrays each JMH child wrote with JMH's own {@code ResultFormatFactory}. Every result's params hold
 * {@code impl} and {@code configuration} (the JDK and cpu set), so two configurations never collide.
 * A result's {@code secondaryMetrics}: its scored forks' counters ({@code cost.*}: CPU, switches,
 * migrations, allocation, in total and per operation) and the separate profiling pass's metrics.
 */
public final class JmhResults {

    public static final String FILE = "jmh-result.json";

    private JmhResults() {}

    /** Writes {@code runDir/jmh-result.json} from every job's file under {@code runDir/jobs}. */
    public static Path merge(Path runDir) throws IOException {
        JsonArray all = new JsonArray();
        Path file = runDir.resolve(FILE);
        List<Path> files = List.of();
        Path jobs = runDir.resolve(RunFile.JOBS);
        if (Files.isDirectory(jobs)) {
            try (Stream<Path> walk = Files.walk(jobs)) {
                files = walk.filter(f -> f.getFileName().toString().endsWith(RunFile.JMH_SUFFIX)).sorted().toList();
            }
        }
        Path compressed = runDir.resolve(FILE + ".gz");
        if (files.isEmpty() && (Files.exists(file) || Files.exists(compressed))) {
            // a run kept without its jobs folder (docs/results): its file, compressed or not, is all there is
            return Files.exists(file) ? file : compressed;
        }
        for (Path f : files) {
            all.addAll(JsonParser.parseString(Files.readString(f)).getAsJsonArray());
        }
        AtomicFiles.write(file, Json.text(all));
        return file;
    }
}
