package threadring.bench.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.rerun.model.RatioRerun;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.rerun.project.Reruns;
import threadring.bench.stats.LikeWithLike;
import threadring.bench.stats.Numbers;
import threadring.bench.stats.Stats;
import threadring.core.Workload;
import threadring.core.workloads.Workloads;

/**
 * A first sweep on a machine with no history, replayed on the committed sweeps: each run of a pair
 * of consecutive alike default sweeps is judged as if it were the machine's first (the project's
 * components, no id's spread from earlier runs). Its ratio intervals must hold the other run's ratio
 * as often as they claim; how wide the ratios of two one-thread rows are is printed (the budget
 * issue's target of +-15% is not met: see docs/method.md).
 */
class FirstSweepTest {

    /** Consecutive alike default sweeps: the AMD EPYC host's of 2026-11-28, the Intel Xeon host's of 2026-11-29/30. */
    static final List<String[]> PAIRS = List.of(
            new String[] {"20261128-074517", "20261128-110040"}, new String[] {"20261128-110040", "20261128-140145"},
            new String[] {"20261128-140145", "20261128-171654"}, new String[] {"20261128-171654", "20261128-191957"},
            new String[] {"20261128-191957", "20261128-231830"}, new String[] {"20261129-075230", "20261129-104228"},
            new String[] {"20261129-104228", "20261129-141334"}, new String[] {"20261129-141334", "20261129-170822"});

    /** What the first sweeps' intervals held and how wide one-thread pairs were. */
    record Outcome(int held, int judged, double oneThreadHalfWidth) {}

    static Outcome judge() throws IOException {
        int held = 0;
        int judged = 0;
        List<Double> oneThread = new ArrayList<>();
        // a first sweep: the project's components, drawn from no earlier run (runs recorded, none of them)
        Rerun first = new Rerun(Reruns.PROJECT.parts(), "none", null, null, List.of());
        for (String[] pair : PAIRS) {
            Run a = RunFile.read(RatioAnswerTest.RESULTS.resolve(pair[0]));
            Run b = RunFile.read(RatioAnswerTest.RESULTS.resolve(pair[1]));
            for (int side = 0; side < 2; side++) {
                Run x = side == 0 ? a : b;
                Run y = side == 0 ? b : a;
                for (Workload<?, ?> w : Workloads.ALL) {
                    for (Series<?> sx : Series.of(x, w)) {
                        Optional<? extends Series<?>> sy = Series.of(y, w).stream().filter(s -> s.label().equals(sx.label())
                                && s.size().equals(sx.size())).findFirst();
                        if (sy.isEmpty()) {
                            continue;
                        }
                        List<Series.Row> rows = sx.rows(x, first).stream().filter(r -> MainStateRatio.answerState(
                                r.summary()).isPresent()).toList();
                        for (int i = 0; i < rows.size(); i++) {
                            for (int j = i + 1; j < rows.size(); j++) {
                                Series.Row p = rows.get(i);
                                Series.Row q = rows.get(j);
                                Optional<Stats.State> py = sy.get().row(y, p.id()).flatMap(r -> MainStateRatio.answerState(r.summary()));
                                Optional<Stats.State> qy = sy.get().row(y, q.id()).flatMap(r -> MainStateRatio.answerState(r.summary()));
                                Stats.State px = MainStateRatio.answerState(p.summary()).get();
                                Stats.State qx = MainStateRatio.answerState(q.summary()).get();
                                if (py.isEmpty() || qy.isEmpty() || !same(px, py.get()) || !same(qx, qy.get())) {
                                    continue;
                                }
                                String key = MainStateRatio.key(sx, p.id(), q.id());
                                Stats.Ratio stated = RatioRerun.of(px, qx, RatioRerun.part(Reruns.PROJECT_RATIOS, key));
                                double theirs = py.get().level() / qy.get().level();
                                judged++;
                                held += stated.interval().contains(theirs) ? 1 : 0;
                                if (key.endsWith(RatioRerun.ONE)) {
                                    oneThread.add(Math.sqrt(stated.interval().high() / stated.interval().low()) - 1);
                                }
                            }
                        }
                    }
                }
            }
        }
        return new Outcome(held, judged, Numbers.median(oneThread.stream().mapToDouble(Double::doubleValue)));
    }

    private static boolean same(Stats.State a, Stats.State b) {
        return Math.abs(Math.log(a.level() / b.level())) <= Math.log(LikeWithLike.MATCH);
    }

    @Test
    void aFirstSweepsRatioIntervalsHoldTheNextSweepsRatios() throws IOException {
        Outcome first = judge();
        System.out.printf(Locale.ROOT, "first sweeps: %d of %d ratios held (%.1f%%), one-thread pairs +-%.1f%% (median "
                + "half-width)%n", first.held(), first.judged(), 100.0 * first.held() / first.judged(),
                100 * first.oneThreadHalfWidth());
        assertTrue(first.judged() >= 1000, "judged " + first.judged());
        assertTrue(first.held() >= 0.90 * first.judged(), first.toString());
    }
}
