package threadring.bench.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The paths a run records: the checkout's relative, so that a committed run names no machine's folders. */
class RunFileTest {

    @Test
    void aPathInTheCheckoutIsRecordedRelativeToTheResultsFolder() {
        Path results = Path.of("/home/u/threadring/results");
        assertEquals("../.jdks/21", RunFile.shown(results, "/home/u/threadring/.jdks/21"));
        // --results docs/results: the checkout's .jdks lies two folders up (20261129-212049 recorded it absolute)
        Path docs = Path.of("/home/u/threadring/docs/results");
        assertEquals("../../.jdks/21", RunFile.shown(docs, "/home/u/threadring/.jdks/21"));
        assertEquals("../run/libasyncProfiler.so", RunFile.shown(docs, "/home/u/threadring/docs/run/libasyncProfiler.so"));
        assertEquals("/usr/lib/jvm/temurin-25-jdk-amd64", RunFile.shown(docs, "/usr/lib/jvm/temurin-25-jdk-amd64"));
        assertEquals("/opt/.jdk/21", RunFile.shown(docs, "/opt/.jdk/21"));
        assertEquals("../.jdks/21", RunFile.shown(results, "../.jdks/21"), "already relative");
    }
}
