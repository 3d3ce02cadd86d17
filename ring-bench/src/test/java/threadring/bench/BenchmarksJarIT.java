package threadring.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Rings;

/** Runs against the shaded benchmarks.jar that `mvn package` just built. */
class BenchmarksJarIT {

    static final Path JAR = Path.of(System.getProperty("benchmarks.jar", "target/benchmarks.jar"));

    @TempDir
    Path tmp;

    record Result(int exit, String output) {}

    static Result cli(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dthreadring.home=" + dir, "-cp", JAR.toString(), Cli.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "timed out: " + cmd);
        return new Result(p.exitValue(), out);
    }

    static List<String> factoryIds() {
        return RingFactories.load().all().stream().map(RingFactory::id).collect(Collectors.toList());
    }

    /** Shade keeps one META-INF/BenchmarkList unless told to append: every module's must be there. */
    @Test
    void jarListsABenchmarkForEveryImplementation() throws IOException {
        try (JarFile jar = new JarFile(JAR.toFile())) {
            String list = new String(jar.getInputStream(jar.getJarEntry("META-INF/BenchmarkList")).readAllBytes(),
                    StandardCharsets.UTF_8);
            // AppendingTransformer separates the modules' lists with blank lines; JMH skips them too.
            List<BenchmarkListEntry> entries = list.lines().filter(l -> !l.isBlank()).map(BenchmarkListEntry::new)
                    .collect(Collectors.toList());
            List<String> ids = entries.stream().flatMap(e -> List.of(e.getParams().get().get("impl")).stream())
                    .sorted().collect(Collectors.toList());
            assertEquals(factoryIds(), ids);
            assertEquals("org.openjdk.jmh.Main", jar.getManifest().getMainAttributes().getValue("Main-Class"));
        }
    }

    /** check answers for every id, including -p1 ones that need a child JVM with scheduler flags. */
    @Test
    void checkPassesEveryImplementation() throws Exception {
        int nodes = 7;
        int hops = 1234;
        Result r = cli(tmp, "check", "--nodes", String.valueOf(nodes), "--hops", String.valueOf(hops));
        assertEquals(0, r.exit(), r.output());
        for (String id : factoryIds()) {
            String expected = id + " nodes=7 hops=1234 last=" + Rings.expectedLast(nodes, hops) + " ms=";
            assertTrue(r.output().lines().anyMatch(l -> l.startsWith(expected) && l.endsWith(" ok")),
                    "no ok line for " + id + " in\n" + r.output());
        }
    }

    @Test
    void badInputIsOneLineExitTwoAndWritesNothing() throws Exception {
        for (String[] args : new String[][] {{"--nodes", "1"}, {"--hops", "x"}, {"--cpus", "99"}, {"--bogus"},
                {"check", "--hops", "-1"}, {"--include", "no-such-id"}, {"frobnicate"}}) {
            Result r = cli(tmp, args);
            assertEquals(2, r.exit(), String.join(" ", args) + ": " + r.output());
            assertEquals(1, r.output().lines().count(), r.output());
            assertTrue(r.output().startsWith("benchmark.sh: "), r.output());
        }
        assertFalse(Files.exists(tmp.resolve("results")), "a rejected run must not create results/");
    }
}
