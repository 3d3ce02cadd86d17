package threadring.bench.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.stats.RerunComponent;
import threadring.core.fanout.FanOutSize;
import threadring.core.ring.RingSize;

/** run.json's records written and read back equal, through the file and its rename. */
class JsonTest {

    @TempDir
    Path dir;

    @Test
    void settingsComeBackEqual() throws IOException {
        Settings s = SettingsTest.settings();
        s = s.withScored(s.scored().withRerun(new Rerun(Map.of("ring", new RerunComponent(0.021, 7)), "20260101-000000")));
        Path file = dir.resolve("settings.json");
        Json.write(file, s);
        Settings back = Json.read(file, Settings.class);
        assertEquals(s, back);
        assertEquals(5000, back.steps(RingSize.classic(503)));
        assertFalse(Files.exists(dir.resolve("settings.json.tmp")));
    }

    @Test
    void theWorkloadIsWrittenByItsNameAndTheSizeTaggedByIt() {
        String text = Json.GSON.toJson(SettingsTest.settings());
        assertTrue(text.contains("\"RING\""), text);
        assertTrue(text.contains("\"workload\": \"FANOUT\""), text);
    }

    @Test
    void aRunComesBackEqual() throws IOException {
        Run run = Runs.withProbes(Runs.runOfJobs("20260101-000000", "c0", List.of(
                List.of(Runs.forks("virtual/park", 100, 104, 98, 101), Runs.failed("x/broken", "hung"),
                        Runs.withProfile(Runs.counted("threads/lock", 1.5, 2, 48, 300, 310), 0.3, 48, "a.B.c")),
                List.of(Runs.rendezvous("virtual/park", 200, 210)),
                List.of(Runs.fanOut("virtual/park", new FanOutSize(1000, 10, 0), 12, 13)),
                List.of(Runs.echo("threads/socket", 16, 60, 20, 30_000, 31_000)))),
                Runs.probe("c0", Probe.START, 50, 51), Runs.probe("c0", Probe.END, 52));
        Path file = dir.resolve("run.json");
        Json.write(file, run);
        Run back = Json.read(file, Run.class);
        assertEquals(run, back);
        assertEquals(4, back.jobs().size());
        assertEquals(3, back.measured("c0").stream().filter(m -> m.id().equals("virtual/park")).count());
    }

    /** A run records paths in the checkout relative to its results folder; a system JDK's path stays as it is. */
    @Test
    void aRunRecordsNoPathOfTheCheckout() throws IOException {
        Path results = Files.createDirectories(dir.resolve("checkout/results"));
        Path runDir = Files.createDirectories(results.resolve("20260101-000000"));
        String jdk = dir.resolve("checkout/.jdks/21").toString();
        Configuration local = Configuration.local("jdk21-cpusall", jdk, null,
                new Env.Jvm("V", "21.0.9", 21, "VM", "21.0.9+1", jdk, List.of(), 2, 1 << 29));
        Run run = Runs.run("20260101-000000", List.of("jdk25-cpusall"), Runs.forks("virtual/park", 100, 104));
        Settings s = run.settings();
        Settings asked = new Settings(s.selection(), s.series(), s.steps(), s.scored(), s.cpus(), List.of(jdk, "/jdk"),
                s.profilers(), s.profiling(), s.seed()); // --jdk as given: the checkout's JDK, and a system one
        run = new Run(run.schema(), run.runId(), run.state(), run.started(), run.finished(), run.machine(), asked,
                new Run.AsyncStatus(runDir.resolve("async-profiler/lib.so").toString(), Map.of()),
                List.of(local, run.configurations().get(0)), run.jobs(), run.cpuWork(), run.shard(), run.mergedFrom(),
                run.partial(), run.probes());
        RunFile.write(runDir, run);
        String text = Files.readString(runDir.resolve(RunFile.NAME));
        assertFalse(text.contains(dir.toString()), text);
        Run back = RunFile.read(runDir);
        assertEquals("../.jdks/21", back.configurations().get(0).jdk());
        assertEquals("../.jdks/21", back.configurations().get(0).jvm().javaHome());
        assertEquals("20260101-000000/async-profiler/lib.so", back.asyncProfiler().library());
        assertEquals("/jdk", back.configurations().get(1).jdk(), "a JDK outside the checkout keeps its path");
        assertEquals(List.of("../.jdks/21", "/jdk"), back.settings().jdks(), "--jdk as recorded in the settings");
    }

    @Test
    void aRunWithNaNsComesBackWithNaNs() {
        Run run = Runs.runOfJobs("r", "c0", List.of(List.of(Runs.measured("x/y", new double[] {Double.NaN, 100}))));
        Run back = Json.GSON.fromJson(Json.GSON.toJson(run), Run.class);
        assertEquals(run, back);
    }
}
