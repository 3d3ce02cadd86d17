package threadring.bench.results;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import threadring.bench.answer.Answer;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.report.Report;
import threadring.bench.rerun.estimate.RerunPairs;
import threadring.bench.rerun.model.Rerun;

/**
 * A run's folder under {@code results/}: created with a fresh name, rendered (jmh-result.json,
 * report.md, report.html, charts) from its run.json, and pointed at by {@code results/latest} once
 * it is complete.
 */
public final class RunFolder {

    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private RunFolder() {}

    /** Writes the run's jmh-result.json and its report from run.json, its answer first; returns report.md. */
    public static Path render(Path runDir) throws IOException {
        JmhResults.merge(runDir);
        return Report.write(runDir, Answer::write);
    }

    /**
     * Estimates the run's run-to-run components again from the sweeps made alike before it in its
     * results folder ({@link threadring.bench.rerun.estimate.RerunPairs#covering}), as a new run would at its
     * start, and writes them into its run.json (through a rename: the old file is whole until then).
     */
    public static Rerun reEstimate(Path runDir) throws IOException {
        Run run = RunFile.read(runDir);
        List<Run> earlier = RerunPairs.covering(
                runDir.getParent(), run.runId(), run.settings(), run.machine().hostname(), run.machine().cpuModel());
        Rerun rerun = RerunPairs.estimate(earlier);
        RunFile.write(runDir, run.withSettings(run.settings().withScored(
                run.settings().scored().withRerun(rerun))));
        return rerun;
    }

    /** {@code results/<UTC time>}, with a suffix if that exists already. */
    public static Path create(Path results) throws IOException {
        return create(results, "");
    }

    /** {@code results/<prefix><UTC time>}, with a suffix if that exists already. */
    public static Path create(Path results, String prefix) throws IOException {
        Files.createDirectories(results);
        String base = prefix + ZonedDateTime.now(ZoneOffset.UTC).format(RUN_ID);
        for (int n = 1; ; n++) {
            Path dir = results.resolve(n == 1 ? base : base + "-" + n);
            try {
                return Files.createDirectory(dir);
            } catch (FileAlreadyExistsException e) {
                // same second: try the next suffix
            }
        }
    }

    /** Replaces results/latest atomically, so it never points at a half-written run. */
    public static void pointLatestAt(Path runDir) throws IOException {
        Path results = runDir.getParent();
        Path tmp = results.resolve(".latest-" + ProcessHandle.current().pid());
        Files.deleteIfExists(tmp);
        Files.createSymbolicLink(tmp, runDir.getFileName());
        Files.move(tmp, results.resolve("latest"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
