package threadring.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import threadring.bench.compare.Compare;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.stats.Stats;
import threadring.core.Workload;

/**
 * The claim that the default settings measure steady state, checked on the runs docs/method.md
 * quotes (kept under docs/results): for every id that both the default sweep and a long reference
 * run measured, the ratio long/default has a 95% interval that includes 1 (or gets no verdict: a
 * flag, modes, the machine's probe), or lies wholly within {@link #AGREE} of 1. If the statistics
 * change, or the runs are replaced by runs that disagree, this fails.
 */
public class AgreementTest {

    /** The default sweep and the long runs (ring, rendezvous) of docs/method.md's "Checked against long runs". */
    public static final Path DEFAULT = Path.of("..", "docs", "results", "20261125-122753");
    static final List<Path> LONG = List.of(Path.of("..", "docs", "results", "20261125-131129"),
            Path.of("..", "docs", "results", "20261125-131705"));

    /**
     * A separated difference this small still agrees: two runs half an hour apart on this machine
     * differ by more (its cross-CPU probe moved 1.56x within the default sweep).
     */
    static final double AGREE = 1.10;

    @Test
    void theDefaultSweepAgreesWithTheLongRunsOnEveryIdBothMeasured() throws IOException {
        Run defaults = RunFile.read(DEFAULT);
        assertTrue(!defaults.settings().scored().longRun() && !defaults.settings().scored().quick()
                && !defaults.settings().selection().all(),
                "the compared run has the default settings");
        List<String> checked = new ArrayList<>();
        Set<String> models = new TreeSet<>();
        Set<Workload> workloads = new TreeSet<>();
        for (Path dir : LONG) {
            Run longRun = RunFile.read(dir);
            assertTrue(longRun.settings().scored().longRun(), dir + " was made with --long");
            for (Series[] m : Compare.match(defaults, longRun)) {
                for (Compare.Pair p : Compare.pairs(defaults, m[0], longRun, m[1])) {
                    threadring.bench.stats.LikeWithLike.Verdict v = p.verdict();
                    boolean separated = v == threadring.bench.stats.LikeWithLike.Verdict.FASTER || v == threadring.bench.stats.LikeWithLike.Verdict.SLOWER;
                    Stats.Interval i = p.ratio().interval();
                    assertTrue(!separated || (i.low() >= 1 / AGREE && i.high() <= AGREE), () -> describe(m[0], p));
                    checked.add(m[0].workload().label() + " " + p.id());
                    models.add(p.id().substring(0, p.id().indexOf('/')));
                    workloads.add(m[0].workload());
                }
            }
        }
        assertTrue(checked.size() >= 6, "at least six ids compared, were " + checked);
        assertTrue(models.size() >= 4, "ids of at least four models, were " + models);
        assertEquals(Set.of(Workload.RING, Workload.RENDEZVOUS), workloads, "both handoff workloads");
    }

    private static String describe(Series s, Compare.Pair p) {
        Stats.Ratio r = p.ratio();
        return s.workload().label() + " " + p.id() + ": long/default " + r.value() + " [" + r.interval().low()
                + "–" + r.interval().high() + "] excludes 1 and reaches past " + AGREE + "x";
    }
}
