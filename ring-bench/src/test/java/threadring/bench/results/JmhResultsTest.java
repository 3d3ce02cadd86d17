package threadring.bench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import threadring.bench.data.RunFile;

/** jmh-result.json is the concatenation of the jobs' JMH files, and a run kept without them keeps its own. */
class JmhResultsTest {

    @TempDir
    Path run;

    @Test
    void theJobsFilesAreConcatenatedAndARunWithoutThemKeepsItsFile() throws IOException {
        Path jobs = Files.createDirectories(run.resolve(RunFile.JOBS).resolve("jdk25-cpusall"));
        Files.writeString(jobs.resolve("a" + RunFile.JMH_SUFFIX), "[{\"benchmark\": \"a\"}]");
        Files.writeString(jobs.resolve("b" + RunFile.JMH_SUFFIX), "[{\"benchmark\": \"b\"}, {\"benchmark\": \"c\"}]");
        String merged = Files.readString(JmhResults.merge(run));
        assertEquals(3, com.google.gson.JsonParser.parseString(merged).getAsJsonArray().size(), merged);
        // docs/results keeps runs without their jobs folder: rendering them again must not empty the file
        Files.walk(run.resolve(RunFile.JOBS)).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile()
                .delete());
        assertEquals(merged, Files.readString(JmhResults.merge(run)));
    }
}
