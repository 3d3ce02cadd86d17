package threadring.bench.compare;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.report.Series;
import threadring.bench.rerun.estimate.RerunPairs;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.rerun.project.Reruns;
import threadring.bench.stats.LikeWithLike;
import threadring.bench.stats.RerunComponent;

/**
 * Verdicts and intervals on pairs of runs of the same code (the committed default sweeps A-D and
 * the later same-code sweeps of {@link #LATER}): {@code compare} calls at most 1% of rows faster or
 * slower, and a row's 95% interval, drawn with run-to-run components estimated on other runs than
 * the two compared, holds the other run's level in at least 90% of one-state rows.
 */
class SameCodeTest {

    static final Path RESULTS = Path.of("..", "docs", "results");
    /** Default sweeps made after the method changed (the same code, run again): held out of the default's estimate. */
    static final List<String> LATER = List.of();

    /**
     * The same-settings default sweeps of 2026-11-28, consecutive pairs (the code between two of them
     * changed nothing they measure but ZIO's inbox and the warm-up rule): compare calls at most 1% of
     * rows faster or slower.
     */
    @Test
    void theSweepsOfTheTwentyEighthAreRarelyCalledFasterOrSlower() throws IOException {
        List<Run> runs = runs(threadring.bench.rerun.project.Reruns.RATIO_SWEEPS);
        int judged = 0;
        List<String> claims = new ArrayList<>();
        for (int i = 0; i + 1 < runs.size(); i++) {
            for (Series<?>[] m : Compare.match(runs.get(i), runs.get(i + 1))) {
                for (Compare.Judged x : Compare.judged(runs.get(i), m[0], runs.get(i + 1), m[1])) {
                    judged++;
                    if (x.verdict() == LikeWithLike.Verdict.FASTER || x.verdict() == LikeWithLike.Verdict.SLOWER) {
                        claims.add(runs.get(i).runId() + " vs " + runs.get(i + 1).runId() + " "
                                + m[0].workload().label() + " " + x.pair().id() + ": " + x.said());
                    }
                }
            }
        }
        double rate = (double) claims.size() / judged;
        System.out.printf(Locale.ROOT, "sweeps of 2026-11-28: %d of %d rows called faster or slower (%.2f%%)%n",
                claims.size(), judged, 100 * rate);
        claims.forEach(System.out::println);
        assertTrue(judged >= 150, "judged " + judged);
        assertTrue(rate <= 0.01, claims.size() + " of " + judged + ": " + String.join("\n", claims));
    }

    /**
     * 191957 against 231830, during which the machine's cross-CPU handoff moved 9.4x: the rows that
     * hand off across cpus are judged on their B/A over their common move (measured in the same
     * rounds) instead of getting no verdict, and none of them is called faster or slower.
     */
    @Test
    void whenTheMachineMovedAcrossCpuRowsAreJudgedAgainstTheirCommonMove() throws IOException {
        Run a = RunFile.read(RESULTS.resolve("20261128-191957"));
        Run b = RunFile.read(RESULTS.resolve("20261128-231830"));
        int moved = 0;
        int judged = 0;
        List<String> claims = new ArrayList<>();
        for (Series<?>[] m : Compare.match(a, b)) {
            if (Compare.machineMoved(a, m[0], b, m[1]).isEmpty()) {
                continue;
            }
            moved++;
            for (Compare.Judged x : Compare.judged(a, m[0], b, m[1])) {
                if (!threadring.bench.report.Carriers.across(x.pair().id(), m[1].config())) {
                    continue;
                }
                if (x.said().contains("common move") && x.verdict() != LikeWithLike.Verdict.UNSTABLE
                        && x.verdict() != LikeWithLike.Verdict.TOO_FEW) {
                    judged++;
                }
                if (x.verdict() == LikeWithLike.Verdict.FASTER || x.verdict() == LikeWithLike.Verdict.SLOWER) {
                    claims.add(m[0].workload().label() + " " + x.pair().id() + ": " + x.said());
                }
            }
        }
        System.out.printf(Locale.ROOT, "machine moved in %d series; %d across-cpu rows judged against their common "
                + "move; called faster or slower: %s%n", moved, judged, claims);
        assertTrue(moved >= 1, "the machine moved between these runs");
        assertTrue(judged >= 10, "across-cpu rows judged: " + judged);
        assertTrue(claims.isEmpty(), String.join("\n", claims));
    }

    static List<Run> runs(List<String> ids) throws IOException {
        List<Run> runs = new ArrayList<>();
        for (String id : ids) {
            runs.add(RunFile.read(RESULTS.resolve(id)));
        }
        return runs;
    }

    /**
     * Pairs of runs of the same code, back to back, of ids that no default setting was tuned on (none
     * is in the default sweep or in the runs the project's components come from).
     */
    static final List<List<String>> HELD_OUT = List.of(List.of("20261128-083849", "20261128-084649"),
            List.of("20261128-122824", "20261128-123537"));

    /**
     * Each held-out pair as its reports state it: no row called faster or slower by compare, and
     * each one-state row's 95% interval, with the run-to-run component its own run recorded, holds
     * the other run's level in at least 90% of rows.
     */
    @Test
    void heldOutPairsAgreeAsTheirReportsSay() throws IOException {
        int held = 0;
        int rows = 0;
        List<String> claims = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        for (List<String> pair : HELD_OUT) {
            Run a = RunFile.read(RESULTS.resolve(pair.get(0)));
            Run b = RunFile.read(RESULTS.resolve(pair.get(1)));
            for (Series<?>[] m : Compare.match(a, b)) {
                for (Compare.Judged x : Compare.judged(a, m[0], b, m[1])) {
                    if (x.verdict() == LikeWithLike.Verdict.FASTER || x.verdict() == LikeWithLike.Verdict.SLOWER) {
                        claims.add(pair + " " + m[0].workload().label() + " " + x.pair().id() + ": " + x.said());
                    }
                }
            }
            for (Rerun.Pair p : RerunPairs.of(a, b)) {
                boolean inA = Math.abs(p.difference()) <= RerunComponent.halfWidth(p.varianceA(), p.forksA(), Reruns.of(a).part(p.key()));
                boolean inB = Math.abs(p.difference()) <= RerunComponent.halfWidth(p.varianceB(), p.forksB(), Reruns.of(b).part(p.key()));
                rows += 2;
                held += (inA ? 1 : 0) + (inB ? 1 : 0);
                if (!inA || !inB) {
                    missed.add(pair + " " + p.key() + String.format(Locale.ROOT, " B/A %.3f", Math.exp(p.difference())));
                }
            }
        }
        double coverage = (double) held / rows;
        System.out.printf(Locale.ROOT, "held-out ids: %d of %d intervals hold the other run's level (%.1f%%); missed: %s%n",
                held, rows, 100 * coverage, missed);
        assertTrue(rows >= 16, "rows compared: " + rows);
        assertTrue(claims.isEmpty(), String.join("\n", claims));
        assertTrue(coverage >= 0.90, "coverage " + coverage + ", missed: " + missed);
    }

    @Test
    void sameCodeIsRarelyCalledFasterOrSlower() throws IOException {
        List<String> ids = new ArrayList<>(Reruns.SWEEPS);
        ids.addAll(LATER);
        List<Run> runs = runs(ids);
        int judged = 0;
        List<String> claims = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            for (int j = i + 1; j < runs.size(); j++) {
                for (Series<?>[] m : Compare.match(runs.get(i), runs.get(j))) {
                    for (Compare.Judged x : Compare.judged(runs.get(i), m[0], runs.get(j), m[1])) {
                        judged++;
                        if (x.verdict() == LikeWithLike.Verdict.FASTER || x.verdict() == LikeWithLike.Verdict.SLOWER) {
                            claims.add(ids.get(i) + " vs " + ids.get(j) + " " + m[0].workload().label() + " "
                                    + x.pair().id() + ": " + x.said());
                        }
                    }
                }
            }
        }
        double rate = (double) claims.size() / judged;
        System.out.printf(Locale.ROOT, "same code: %d of %d rows called faster or slower (%.2f%%)%n", claims.size(),
                judged, 100 * rate);
        claims.forEach(System.out::println);
        assertTrue(rate <= 0.01, claims.size() + " of " + judged + ": " + String.join("\n", claims));
    }

    /**
     * Each pair of runs judged with components estimated on the other runs only (where they give a
     * class enough pairs; else the class falls back as a new run's would), so no interval is
     * checked against the data it was drawn from.
     */
    @Test
    void aRowsIntervalHoldsTheOtherRunsLevel() throws IOException {
        List<Run> runs = runs(Reruns.SWEEPS);
        int held = 0;
        int rows = 0;
        for (int i = 0; i < runs.size(); i++) {
            for (int j = i + 1; j < runs.size(); j++) {
                List<Run> others = new ArrayList<>();
                for (int k = 0; k < runs.size(); k++) {
                    if (k != i && k != j) {
                        others.add(runs.get(k));
                    }
                }
                Rerun estimate = Rerun.calibrate(RerunPairs.of(others), "the other runs");
                for (Rerun.Pair p : RerunPairs.of(runs.get(i), runs.get(j))) {
                    RerunComponent part = estimate.part(p.key());
                    rows += 2;
                    held += Math.abs(p.difference()) <= RerunComponent.halfWidth(p.varianceA(), p.forksA(), part) ? 1 : 0;
                    held += Math.abs(p.difference()) <= RerunComponent.halfWidth(p.varianceB(), p.forksB(), part) ? 1 : 0;
                }
            }
        }
        double coverage = (double) held / rows;
        System.out.printf(Locale.ROOT, "held-out coverage of a re-run's level: %d of %d (%.1f%%)%n", held, rows,
                100 * coverage);
        assertTrue(coverage >= 0.90, "coverage " + coverage);
    }
}
