package threadring.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.stats.Rerun;
import threadring.bench.rerun.RerunPairs;

/**
 * The run-to-run components, on real runs: the project's default is what the committed default
 * sweeps A-D give ({@link Reruns#PROJECT} is not typed by hand), and an interval drawn with
 * components estimated on other runs holds a re-run's level as often as it claims.
 */
class RerunsTest {

    static final Path RESULTS = Path.of("..", "docs", "results");

    static List<Run> sweeps() throws IOException {
        return runs(Reruns.SWEEPS);
    }

    /** The committed runs of {@code ids}, in that order. */
    static List<Run> runs(List<String> ids) throws IOException {
        List<Run> runs = new ArrayList<>();
        for (String id : ids) {
            runs.add(RunFile.read(RESULTS.resolve(id)));
        }
        return runs;
    }

    @Test
    void theProjectDefaultIsWhatTheCommittedSweepsGive() throws IOException {
        List<Rerun.Pair> pairs = RerunPairs.of(sweeps());
        Rerun estimated = Rerun.calibrate(pairs, Reruns.PROJECT.source());
        estimated.parts().forEach((k, p) -> System.out.printf(Locale.ROOT, "%s: sd %.3f over %d pairs, coverage %.3f%n",
                k, p.sd(), p.pairs(), Rerun.coverage(pairs.stream().filter(x -> x.key().equals(k)).toList(), p)));
        assertEquals(estimated, Reruns.PROJECT);
    }

    /** The results folder's {@code latest} link names the newest run again: it is read once. */
    @Test
    void theLatestLinkIsNotASecondRun(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        for (String id : List.of("20261128-171654", "20261128-191957")) {
            java.nio.file.Files.createDirectories(dir.resolve(id));
            Path file = RunFile.file(RESULTS.resolve(id));
            java.nio.file.Files.copy(file, dir.resolve(id).resolve(file.getFileName()));
        }
        java.nio.file.Files.createSymbolicLink(dir.resolve("latest"), Path.of("20261128-191957"));
        Run newest = RunFile.read(dir.resolve("20261128-191957"));
        List<Run> earlier = RerunPairs.earlier(dir, "20261128-999999", newest.settings(),
                newest.machine().hostname());
        assertEquals(List.of("20261128-191957", "20261128-171654"), earlier.stream().map(Run::runId).toList());
        assertEquals(List.of("20261128-171654"), RerunPairs.earlier(dir, "20261128-191957",
                newest.settings(), newest.machine().hostname()).stream().map(Run::runId).toList());
    }

    /** One pair of runs is one draw of the run offset: a user's own components need three pairs of runs. */
    @Test
    void ownComponentsNeedThreePairsOfRuns() throws IOException {
        List<Run> all = sweeps();
        Rerun two = RerunPairs.estimate(all.subList(0, 2));
        assertEquals(Reruns.PROJECT.parts(), two.parts(), "two runs: the project's default components");
        assertTrue(two.source().startsWith(Reruns.PROJECT.source() + "; "), two.source());
        assertTrue(two.levels().values().stream().allMatch(s -> s.runs() == 0 && s.jvmDf() > 0),
                "two runs: the ids' JVM spreads, no spread of levels between runs");
        Rerun three = RerunPairs.estimate(all.subList(0, 3));
        assertTrue(three.source().startsWith("3 earlier runs in its results folder ("), three.source());
    }
}
