package threadring.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.answer.Answer;
import threadring.bench.answer.Ranking;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.docs.Pool;
import threadring.bench.rerun.estimate.RerunPairs;

/**
 * The default sweep of 2026-11-29 ({@link #OTHER}) ran on the same host name but another cpu (Intel
 * Xeon instead of AMD EPYC): it is no re-run of the day before. It takes no components from the
 * AMD sweeps and pools with none of them; the docs answer from the Intel sweeps once three alike ones
 * pool (a pool of two never displaced the AMD pool of six); set
 * beside that answer it shows what another machine does to the orderings (printed, and quoted in
 * method.md), which the answer's intervals never claimed to cover.
 */
class HeldOutSweepTest {

    static final String BEFORE = "20261128-231830";
    static final String OTHER = "20261129-075230";

    @Test
    void aSweepOnAnotherCpuIsNeitherPooledNorEstimatedFromTheOthers() throws IOException {
        Run before = RunFile.read(RatioAnswerTest.RESULTS.resolve(BEFORE));
        Run other = RunFile.read(RatioAnswerTest.RESULTS.resolve(OTHER));
        assertEquals(before.machine().hostname(), other.machine().hostname());
        assertNotEquals(before.machine().cpuModel(), other.machine().cpuModel());
        assertEquals(List.of(), RerunPairs.earlier(RatioAnswerTest.RESULTS, OTHER, other.settings(),
                other.machine().hostname(), other.machine().cpuModel()).stream().map(Run::runId).toList());
        assertEquals(List.of(OTHER), Pool.of(RatioAnswerTest.RESULTS, other).runs().stream().map(Run::runId).toList());
        assertTrue(other.settings().scored().rerun().runs() == null || other.settings().scored().rerun().runs().isEmpty(),
                "re-estimated from no run on the other cpu: " + other.settings().scored().rerun().runs());
        // a pool of two on the other cpu did not displace the AMD pool of six; three alike sweeps there (the third
        // on 2026-11-29 afternoon) form a pool of their own, and the docs answer from it, the AMD pool left as it was
        Run docs = RunFile.read(RatioAnswerTest.RESULTS.resolve(threadring.bench.cli.DocsCommandAccess.newest(
                RatioAnswerTest.RESULTS)));
        assertEquals(other.machine().cpuModel(), docs.machine().cpuModel());
        List<String> pooled = Pool.of(RatioAnswerTest.RESULTS, docs).runs().stream().map(Run::runId).toList();
        assertTrue(pooled.size() >= Pool.MIN_RUNS && pooled.contains(OTHER), "the docs' pool: " + pooled);
        assertEquals(6, Pool.of(RatioAnswerTest.RESULTS, before).runs().size(), "the AMD pool, as it was");
    }

    /** The AMD pool's cross-tier orderings read on the Intel sweep: printed, for method.md. */
    @Test
    void anotherCpuReordersSomeOfThePooledTiers() throws IOException {
        Run before = RunFile.read(RatioAnswerTest.RESULTS.resolve(BEFORE));
        Run other = RunFile.read(RatioAnswerTest.RESULTS.resolve(OTHER));
        List<String> reversed = new ArrayList<>();
        int compared = 0;
        for (Ranking r : Answer.rankings(Pool.of(RatioAnswerTest.RESULTS, before))) {
            for (Ranking.Entry a : r.entries()) {
                for (Ranking.Entry b : r.entries()) {
                    if (a.tier() == 0 || b.tier() == 0 || a.tier() >= b.tier()) {
                        continue;
                    }
                    for (Series<?> s : Series.of(other, r.series().workload())) {
                        var fa = s.row(other, a.form().id()).flatMap(row -> MainStateRatio.answerState(row.summary()));
                        var fb = s.row(other, b.form().id()).flatMap(row -> MainStateRatio.answerState(row.summary()));
                        if (s.size().equals(r.series().size()) && fa.isPresent() && fb.isPresent()) {
                            compared++;
                            if (fb.get().level() < fa.get().level()) {
                                reversed.add(r.series().workload().label() + " " + a.form().id() + " / " + b.form().id());
                            }
                        }
                    }
                }
            }
        }
        System.out.println("on the other cpu: " + reversed.size() + " of " + compared
                + " cross-tier orderings of the pooled answer reversed: " + reversed);
        assertTrue(compared >= 100, "compared " + compared);
    }
}
