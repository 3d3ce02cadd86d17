package threadring.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import threadring.bench.data.Presets;
import threadring.bench.data.RunFile;
import threadring.bench.data.Settings;

/**
 * The machine's probes never decide a run: a probe whose JVM cannot start is said and left out
 * (no file, no exception), and a run without fan-outs measures no consumeCPU.
 */
class ProbesTest {

    private static HostSpec spec(Path dir, List<Integer> works) {
        Settings.Scored scored = new Settings.Scored(false, false, null, Presets.MAX_FORKS, null, null, null,
                Presets.PASS_MS, Presets.PRECISION, null, false, List.of(), null, null);
        return new HostSpec(dir.toString(), 1L, List.of(new HostSpec.Config("jdk25-cpusall",
                dir.resolve("no-such-jdk/bin/java").toString(), 25, 2)), List.of(), scored, 10, List.of(),
                Presets.PROFILING, null, Presets.CALIBRATION_MS, false, true, works, HostSpec.Grants.ALL);
    }

    private static String printed(Runnable r) {
        PrintStream out = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            r.run();
        } finally {
            System.setOut(out);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /**
     * A probe's fork takes its JDK's flags, never the host JVM's: a JDK 25 host's
     * --sun-misc-unsafe-memory-access stopped every JDK 21 probe of 20261207-160403 (not committed).
     */
    @Test
    void aProbesForkTakesItsOwnJdksFlagsNotTheHosts() {
        HostSpec.Config jdk21 = new HostSpec.Config("jdk21-cpusall", "/jdk21/bin/java", 21, 2);
        assertEquals(List.of(), List.copyOf(Probes.options(jdk21, "b").build().getJvmArgs().get()));
        HostSpec.Config jdk25 = new HostSpec.Config("jdk25-cpusall", "/jdk25/bin/java", 25, 2);
        assertEquals(List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow"),
                List.copyOf(Probes.options(jdk25, "b").build().getJvmArgsPrepend().get()));
    }

    @Test
    void aProbeThatCannotRunIsSaidAndLeftOut(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve(RunFile.JOBS));
        Probes probes = new Probes(spec(dir, List.of(100)));
        String said = printed(() -> {
            try {
                probes.run("start");
                probes.cpuWork();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertTrue(said.contains("failed"), said);
        assertTrue(said.contains("the fan-out's ideal time stays unknown"), said);
        assertFalse(Files.exists(dir.resolve(RunFile.JOBS).resolve(HostSpec.PROBES)), "no probe, no file");
        assertFalse(Files.exists(dir.resolve(RunFile.JOBS).resolve(HostSpec.CPU_WORK)));
    }

    @Test
    void aRunWithoutFanOutsMeasuresNoConsumeCpu(@TempDir Path dir) throws Exception {
        String said = printed(() -> {
            try {
                new Probes(spec(dir, List.of())).cpuWork();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertFalse(said.contains("consumeCPU"), said);
    }
}
