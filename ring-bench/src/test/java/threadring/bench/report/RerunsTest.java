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
import threadring.bench.rerun.estimate.ProjectReruns;
import threadring.bench.rerun.estimate.RerunPairs;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.rerun.project.Reruns;

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

    /** The resource holds what its sweeps give, rows' and ratios' alike: ./benchmark.sh docs wrote it, not a hand. */
    @Test
    void theResourceIsWhatItsSweepsGive() throws IOException {
        assertEquals(Reruns.OWN, ProjectReruns.of(RESULTS, Reruns.OWN));
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

    /**
     * A run of fewer workloads takes its components from the default sweeps on its machine that
     * include its workloads ({@link RerunPairs#covering}); the pool of a default sweep stays with sweeps
     * of the same workloads ({@link RerunPairs#earlier}), and a sweep of other workloads gives none.
     */
    @Test
    void aRunOfFewerWorkloadsTakesItsComponentsFromTheSweepsThatIncludeThem(@org.junit.jupiter.api.io.TempDir Path dir)
            throws IOException {
        for (String id : List.of("20261129-141334", "20261129-170822")) {
            java.nio.file.Files.createDirectories(dir.resolve(id));
            Path file = RunFile.file(RESULTS.resolve(id));
            java.nio.file.Files.copy(file, dir.resolve(id).resolve(file.getFileName()));
        }
        Run sweep = RunFile.read(dir.resolve("20261129-170822"));
        List<String> both = List.of("20261129-170822", "20261129-141334");
        for (List<threadring.core.Workload<?, ?>> fewer : List.of(
                List.<threadring.core.Workload<?, ?>>of(threadring.core.ring.Ring.WORKLOAD),
                List.<threadring.core.Workload<?, ?>>of(threadring.core.ring.Ring.WORKLOAD,
                        threadring.core.fanout.FanOut.WORKLOAD))) {
            threadring.bench.data.Settings settings = withWorkloads(sweep.settings(), fewer);
            assertEquals(both, RerunPairs.covering(dir, "20261129-999999", settings, sweep.machine().hostname(),
                    sweep.machine().cpuModel()).stream().map(Run::runId).toList(), fewer.toString());
            assertEquals(List.of(), RerunPairs.earlier(dir, "20261129-999999", settings, sweep.machine().hostname(),
                    sweep.machine().cpuModel()), "a pool: " + fewer);
        }
        assertEquals(both, RerunPairs.covering(dir, "20261129-999999", sweep.settings(), sweep.machine().hostname(),
                sweep.machine().cpuModel()).stream().map(Run::runId).toList(), "a default sweep");
        assertEquals(List.of(), RerunPairs.covering(dir, "20261129-999999", sweep.settings(), sweep.machine().hostname(),
                "another cpu"), "another cpu model");
    }

    private static threadring.bench.data.Settings withWorkloads(threadring.bench.data.Settings s,
            List<threadring.core.Workload<?, ?>> workloads) {
        return new threadring.bench.data.Settings(new threadring.bench.data.Settings.Selection(List.of(), false,
                workloads), s.series(), s.steps(), s.scored(), s.cpus(), s.jdks(), s.profilers(), s.profiling(), s.seed());
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
