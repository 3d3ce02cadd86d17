package threadring.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.report.CrossCpu;
import threadring.bench.report.Series;
import threadring.bench.stats.LikeWithLike;
import threadring.bench.stats.Proportions;
import threadring.bench.stats.Stats;
import threadring.core.Workload;

/**
 * The claim that the default settings measure steady state, checked on the runs docs/method.md
 * quotes (kept under docs/results): for every id that both the default sweep and a long reference
 * run measured, state by state (as {@code compare} matches them), the ratio long/default has a
 * 95% interval inside {@link #AGREE} of 1 on both sides, after dividing one-thread rows by the
 * speed probe where it moved, as {@code compare} does. A state in one run only must not be one the
 * other run's shares say it lacks (Fisher's exact test). A noisier long run widens its intervals
 * and fails here: agreement has to be shown, not merely not refuted.
 */
public class AgreementTest {

    /** The default sweep and the long runs (ring, rendezvous) of docs/method.md's "Checked against long runs". */
    public static final Path DEFAULT = Path.of("..", "docs", "results", "20261126-082623");
    static final List<Path> LONG = List.of(Path.of("..", "docs", "results", "LONG_RING"),
            Path.of("..", "docs", "results", "LONG_RENDEZVOUS"));

    /** Long and default agree when the ratio's whole interval is within 10% of 1. */
    static final double AGREE = 1.10;

    @Test
    void theDefaultSweepAgreesWithTheLongRunsStateByState() throws IOException {
        Run defaults = RunFile.read(DEFAULT);
        assertTrue(!defaults.settings().scored().longRun() && !defaults.settings().scored().quick()
                && !defaults.settings().selection().all(), "the compared run has the default settings");
        List<String> checked = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        Set<String> models = new TreeSet<>();
        Set<Workload> workloads = new TreeSet<>();
        for (Path dir : LONG) {
            Run longRun = RunFile.read(dir);
            assertTrue(longRun.settings().scored().longRun(), dir + " was made with --long");
            for (Series[] m : Compare.match(defaults, longRun)) {
                Optional<Stats.Ratio> speed = Compare.speedMoved(defaults, m[0], longRun, m[1]);
                for (Compare.Pair p : Compare.pairs(defaults, m[0], longRun, m[1])) {
                    boolean divided = speed.isPresent() && !CrossCpu.across(p.id(), m[1].config());
                    Stats.Summary b = divided ? p.b().scaled(1 / speed.get().value()) : p.b();
                    String what = m[0].workload().label() + " " + p.id();
                    LikeWithLike.Matching states = LikeWithLike.matches(p.a(), b);
                    for (LikeWithLike.Match s : states.pairs()) {
                        Stats.Ratio r = Stats.ratio(s.b(), s.a());
                        if (r.interval() == null || r.interval().low() < 1 / AGREE || r.interval().high() > AGREE) {
                            failures.add(String.format(Locale.ROOT, "%s at %.1f: long/default %.3f [%s] (%s vs %s)",
                                    what, s.a().level(), r.value(), r.interval() == null ? "no interval"
                                            : String.format(Locale.ROOT, "%.3f-%.3f", r.interval().low(),
                                                    r.interval().high()), s.b().jvms(), s.a().jvms()));
                        }
                    }
                    for (Stats.State only : concat(states.onlyA(), states.onlyB())) {
                        int in = only.forks();
                        int of = only.of();
                        int otherOf = states.onlyA().contains(only) ? b.forks() : p.a().forks();
                        if (Proportions.fisher(in, of - in, 0, otherOf) < 1 - Stats.CONFIDENCE) {
                            failures.add(what + ": a state at " + only.level() + " (" + only.jvms()
                                    + ") the other run's JVMs never reach");
                        }
                    }
                    checked.add(what);
                    models.add(p.id().substring(0, p.id().indexOf('/')));
                    workloads.add(m[0].workload());
                }
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
        assertTrue(checked.size() >= 6, "at least six ids compared, were " + checked);
        assertTrue(models.size() >= 4, "ids of at least four models, were " + models);
        assertEquals(Set.of(Workload.RING, Workload.RENDEZVOUS), workloads, "both handoff workloads");
    }

    private static List<Stats.State> concat(List<Stats.State> a, List<Stats.State> b) {
        List<Stats.State> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
