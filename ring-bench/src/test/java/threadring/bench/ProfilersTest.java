package threadring.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** async-profiler's library: found for this platform, and a library that cannot start is reported, not fatal. */
class ProfilersTest {

    @TempDir
    Path dir;

    static List<String> java() {
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    @Test
    void aBrokenLibraryIsAReasonNotACrash() throws IOException {
        Path bogus = Files.writeString(dir.resolve("libasyncProfiler.so"), "not a shared library");
        String problem = Profilers.probe(java(), bogus, dir);
        assertNotNull(problem);
        assertTrue(problem.contains("exited with status") || problem.contains("agent"), problem);
    }

    /** On linux-x64 and arm64 the library in benchmarks.jar (here: the test class path) really starts. */
    @Test
    void theShippedLibraryStartsWhereItShipsOne() {
        if (Profilers.asyncResource(System.getProperty("os.name"), System.getProperty("os.arch")) == null) {
            assertTrue(Profilers.extract(dir).unavailable().startsWith("async-profiler ships no library for"));
            return;
        }
        Profilers.Async async = Profilers.extract(dir);
        assertNull(async.unavailable());
        assertEquals(dir.resolve("libasyncProfiler.so"), async.lib());
        String problem = Profilers.probe(java(), async.lib(), dir);
        // A kernel may refuse perf events; then the reason must say so in one line.
        assertTrue(problem == null || !problem.contains("\n"), problem);
    }
}
