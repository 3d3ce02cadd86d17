package threadring.bench.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import threadring.bench.data.RunFile;
import threadring.bench.stats.Interval;
import threadring.bench.stats.Stats;

/**
 * The answer's orderings set beside every other host's newest pool of committed default sweeps:
 * each host found by its cpu model, every cross-tier pair judged on the other, and the ratios whose
 * size the host sets (platform threads' wake-ups) told apart from the orderings.
 */
class AcrossHostsTest {

    static final Path RESULTS = Path.of("..", "docs", "results");

    @Test
    void eachHostsNewestPoolIsFoundByItsCpu() throws IOException {
        Map<String, Path> pools = Sweeps.newestPerCpu(RESULTS);
        assertTrue(pools.size() >= 2, "the AMD EPYC and Intel Xeon hosts: " + pools);
        for (Map.Entry<String, Path> e : pools.entrySet()) {
            Pool p = Pool.of(RESULTS, RunFile.read(e.getValue()));
            assertTrue(p.runs().stream().allMatch(r -> r.machine().cpuModel().equals(e.getKey())), e.getKey());
            assertTrue(p.runs().size() >= Pool.MIN_RUNS, e.getKey() + ": " + p.runs().size());
        }
    }

    @Test
    void mostOrderingsHoldOnTheOtherHostAndTheBaselinesRatioMovesWithIt() throws IOException {
        Pool docs = Pool.of(RESULTS, RunFile.read(Sweeps.newest(RESULTS)));
        AcrossHosts across = AcrossHosts.of(RESULTS, docs);
        List<AcrossHosts.Ordering> compared = across.compared();
        long hold = compared.stream().filter(AcrossHosts.Ordering::everywhere).count();
        System.out.println("across hosts: " + hold + " of " + compared.size() + " orderings hold; "
                + across.orderings().size() + " in the answer");
        assertTrue(compared.size() >= 50, "compared " + compared.size());
        assertTrue(hold >= compared.size() * 0.8, hold + " of " + compared.size());
        AcrossHosts.Ordering moved = across.mostMoved().orElseThrow();
        assertTrue(moved.slower().model().equals("threads") || moved.faster().model().equals("threads"),
                "the host's OS wake-ups set the size of the platform threads' ratios: " + moved.slower().id() + " / "
                        + moved.faster().id());
        String md = across.markdown();
        assertTrue(md.startsWith("# The answer's orderings across hosts"), md.substring(0, 60));
        assertEquals(across.orderings().size(), md.lines().filter(l -> l.startsWith("| ") && l.contains("` | `")).count());
    }

    @Test
    void aVerdictReadsTheOtherHostsRatioAndItsInterval() {
        assertEquals(AcrossHosts.Verdict.APART, AcrossHosts.verdict(new Stats.Ratio(2, new Interval(1.5, 2.6), 0)));
        assertEquals(AcrossHosts.Verdict.SAME, AcrossHosts.verdict(new Stats.Ratio(1.2, new Interval(0.9, 1.6), 0)));
        assertEquals(AcrossHosts.Verdict.FLIPS, AcrossHosts.verdict(new Stats.Ratio(0.9, new Interval(0.7, 1.1), 0)));
        assertEquals(AcrossHosts.Verdict.FLIPS_APART, AcrossHosts.verdict(new Stats.Ratio(0.5, new Interval(0.4, 0.6), 0)));
        assertTrue(AcrossHosts.moves(new Stats.Ratio(195, new Interval(160, 230), 0),
                new Stats.Ratio(70, new Interval(59, 83), 0)));
        assertTrue(!AcrossHosts.moves(new Stats.Ratio(2, new Interval(1.5, 2.6), 0),
                new Stats.Ratio(2.4, new Interval(2.1, 2.8), 0)));
    }
}
