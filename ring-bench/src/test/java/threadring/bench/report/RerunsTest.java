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

/**
 * The run-to-run components, on real runs: the project's default is what the committed default
 * sweeps A-D give ({@link Reruns#PROJECT} is not typed by hand), and an interval drawn with
 * components estimated on other runs holds a re-run's level as often as it claims.
 */
class RerunsTest {

    static final Path RESULTS = Path.of("..", "docs", "results");

    static List<Run> sweeps() throws IOException {
        List<Run> runs = new ArrayList<>();
        for (String id : Reruns.SWEEPS) {
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
