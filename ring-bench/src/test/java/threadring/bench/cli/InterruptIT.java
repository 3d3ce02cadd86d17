package threadring.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.echo.EchoScore;
import threadring.bench.echo.Wrk;

/**
 * A real Ctrl-C mid echo sweep: SIGINT to the run's whole process group, as a terminal sends it
 * (the CLI, its server JVMs and wrk), from a new session whose SIGINT is reset to its default (a
 * background job of a non-interactive shell starts with SIGINT ignored, and then proves nothing).
 * The console tells one story: no FAIL line, no stack trace, one line saying what was kept; exit
 * 130; run.json marked interrupted with every repetition that ended (the finished id's and the
 * interrupted id's); no server or wrk left behind.
 */
class InterruptIT {

    @TempDir
    Path tmp;

    @Test
    @Timeout(300)
    void aCtrlCMidEchoSweepPrintsOneStoryAndKeepsWhatFinished() throws Exception {
        Assumptions.assumeTrue(Wrk.find().isPresent(), "skipped: " + Wrk.MISSING);
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/setsid")), "skipped: no setsid (util-linux)");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cli = List.of(java, "-Dthreadring.home=" + tmp, "-cp", BenchmarksJarIT.JAR.toString(),
                Cli.class.getName(), "--workload", "echo", "--connections", "20", "--forks", "3", "--max-forks", "3",
                "--warmups", "1", "--iterations", "4", "--include", "^threads/socket$", "--include", "^virtual/socket$",
                // three repetitions each, in rounds shuffled from seed 1: round 3 runs threads/socket first, so
                // virtual/socket's last repetition is still running when threads/socket's result is printed
                "--seed", "1");
        // python resets SIGINT to its default before exec: the JVM then installs its handler
        List<String> cmd = new ArrayList<>(List.of("/usr/bin/setsid", "python3", "-c",
                "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execvp(sys.argv[1], "
                        + "sys.argv[1:])"));
        cmd.addAll(cli);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        boolean sent = false;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                lines.add(line);
                // the first id has its result and the second is under load: interrupt its repetitions
                if (!sent && line.contains("echo threads/socket") && line.contains("requests/s")) {
                    Thread.sleep(4000);
                    // only ever the run's own group: never this JVM's, which holds Maven and CI
                    long group = processGroup(p.pid());
                    assertEquals(p.pid(), group, "the run leads its own process group");
                    assertTrue(group != processGroup(ProcessHandle.current().pid()), "a group apart from the test's");
                    new ProcessBuilder("kill", "-s", "INT", "--", "-" + group).inheritIO().start().waitFor();
                    sent = true;
                }
            }
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the run ended after Ctrl-C");
        String console = String.join("\n", lines);
        assertTrue(sent, "the load started: " + console);
        assertEquals(130, p.exitValue(), console);
        assertFalse(console.contains("FAIL"), console);
        assertFalse(console.contains("Exception") || console.contains("\tat "), console);
        // threads/socket whole, and virtual/socket with the repetitions that ended: every finished fork is kept
        assertEquals(1, lines.stream().filter(l -> l.startsWith("threadring: interrupted; kept the 2 id(s) measured"))
                .count(), console);
        Path runDir;
        try (var dirs = Files.list(tmp.resolve("results"))) {
            runDir = dirs.filter(RunFile::isRun).findFirst().orElseThrow();
        }
        Run run = RunFile.read(runDir);
        assertEquals(Run.State.INTERRUPTED, run.state());
        assertEquals(2, run.jobs().stream().flatMap(j -> j.results().stream()).filter(m -> m.measured()).count());
        assertEquals(List.of(3, 2), run.jobs().stream().flatMap(j -> j.results().stream())
                .map(m -> m.score(EchoScore.class).orElseThrow().repetitions().size()).sorted((x, y) -> y - x)
                .toList(), "threads/socket's three repetitions and virtual/socket's two that ended");
        assertTrue(Files.exists(runDir.resolve("report.md")));
        assertFalse(Files.exists(tmp.resolve("results").resolve("latest")), "results/latest is not moved");
        Thread.sleep(1000);
        // this run's servers and wrk name its folder: another sweep's, beside this test, are not its
        List<String> left = ProcessHandle.allProcesses().map(h -> h.info().commandLine().orElse(""))
                .filter(c -> c.contains(runDir.toString())).toList();
        assertEquals(List.of(), left, "no server or wrk left behind");
    }

    /** A process's group, from /proc/PID/stat (the fields after the command's closing parenthesis). */
    private static long processGroup(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[2]); // state, ppid, pgrp
    }
}
