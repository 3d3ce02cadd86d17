package threadring.bench.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.rerun.estimate.RerunPairs;
import threadring.bench.rerun.model.RatioRerun;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.rerun.project.Reruns;
import threadring.bench.stats.LikeWithLike;
import threadring.bench.stats.RerunComponent;
import threadring.bench.stats.Stats;
import threadring.core.workloads.Workloads;

/**
 * A held-out pair: two alike default sweeps on one machine (the newest two committed on the cpu of
 * {@link HeldOutSweepTest#OTHER}, found, not named), each judged by the intervals its answer states
 * with run-to-run components estimated from the sweeps before both of them on that host, so that
 * neither run's components saw the other (the newer run's own were estimated with the older one):
 * for every series both measured and every two ids whose main states speak for them in both runs
 * (and are one state in both, as the components were estimated), one run's ratio interval holds the
 * other run's ratio, both ways.
 */
class HeldOutPairTest {

    /** The newest two complete, alike default sweeps on {@code cpu}, newest first. */
    static List<Run> pairOn(String cpu, Run like) throws IOException {
        List<Run> found = new ArrayList<>();
        try (Stream<java.nio.file.Path> dirs = Files.list(RatioAnswerTest.RESULTS)) {
            for (java.nio.file.Path d : dirs.filter(RunFile::isRun).sorted(java.util.Comparator.reverseOrder()).toList()) {
                Run r = RunFile.read(d);
                if (r.state() == Run.State.COMPLETE && cpu.equals(r.machine().cpuModel()) && RerunPairs.sweep(r)
                        && found.stream().noneMatch(f -> f.runId().equals(r.runId())) // a latest link names one twice
                        && RerunPairs.alike(r.settings().scored(), like.settings().scored())
                        && r.settings().selection().workloads().equals(like.settings().selection().workloads())) {
                    found.add(r);
                }
                if (found.size() == 2) {
                    break;
                }
            }
        }
        return found;
    }

    @Test
    void aHeldOutPairAgreesAsItsRatioIntervalsSay() throws IOException {
        Run other = RunFile.read(RatioAnswerTest.RESULTS.resolve(HeldOutSweepTest.OTHER));
        List<Run> pair = pairOn(other.machine().cpuModel(), other);
        Assumptions.assumeTrue(pair.size() == 2, "one sweep on this cpu so far");
        Run older = pair.get(1);
        List<Run> before = RerunPairs.earlier(RatioAnswerTest.RESULTS, older.runId(), older.settings(),
                older.machine().hostname(), older.machine().cpuModel());
        Rerun components = RerunPairs.estimate(before);
        Map<String, RerunComponent> ratioParts = components.ratios() != null ? components.ratios() : Reruns.PROJECT_RATIOS;
        Map<String, int[]> held = new TreeMap<>();
        Map<String, int[]> judgedBy = new TreeMap<>(); // by the run whose intervals judged
        int otherStates = 0;
        for (int side = 0; side < 2; side++) {
            Run a = pair.get(side);
            Run b = pair.get(1 - side);
            for (threadring.core.Workload<?, ?> w : Workloads.ALL) {
                for (Series<?> sa : Series.of(a, w)) {
                    Optional<? extends Series<?>> sb = Series.of(b, w).stream().filter(x -> x.label().equals(sa.label())
                            && x.size().equals(sa.size())).findFirst();
                    if (sb.isEmpty()) {
                        continue;
                    }
                    List<Series.Row> rows = sa.rows(a, components).stream().filter(r -> MainStateRatio.answerState(
                            r.summary()).isPresent()).toList();
                    for (int i = 0; i < rows.size(); i++) {
                        for (int j = i + 1; j < rows.size(); j++) {
                            Series.Row x = rows.get(i);
                            Series.Row y = rows.get(j);
                            Optional<Stats.State> xb = sb.get().row(b, x.id()).flatMap(r -> MainStateRatio.answerState(r.summary()));
                            Optional<Stats.State> yb = sb.get().row(b, y.id()).flatMap(r -> MainStateRatio.answerState(r.summary()));
                            if (xb.isEmpty() || yb.isEmpty()) {
                                continue;
                            }
                            if (!same(MainStateRatio.answerState(x.summary()).get(), xb.get())
                                    || !same(MainStateRatio.answerState(y.summary()).get(), yb.get())) {
                                otherStates++;
                                continue;
                            }
                            Stats.Ratio stated = RatioRerun.of(MainStateRatio.answerState(x.summary()).get(),
                                    MainStateRatio.answerState(y.summary()).get(), RatioRerun.part(ratioParts,
                                            MainStateRatio.key(sa, x.id(), y.id())));
                            double theirs = xb.get().level() / yb.get().level();
                            int[] h = held.computeIfAbsent(MainStateRatio.key(sa, x.id(), y.id()), k -> new int[2]);
                            boolean holds = stated.interval().low() <= theirs && theirs <= stated.interval().high();
                            h[0] += holds ? 1 : 0;
                            h[1]++;
                            int[] bySide = judgedBy.computeIfAbsent(a.runId(), k -> new int[2]);
                            bySide[0] += holds ? 1 : 0;
                            bySide[1]++;
                        }
                    }
                }
            }
        }
        judgedBy.forEach((id, h) -> System.out.printf(Locale.ROOT, "held-out: %s's intervals (components from %s) "
                + "held %d of %d (%.1f%%)%n", id, before.stream().map(Run::runId).toList(), h[0], h[1],
                100.0 * h[0] / h[1]));
        assertTrue(before.stream().noneMatch(r -> pair.stream().anyMatch(p -> p.runId().equals(r.runId()))),
                "components from neither run of the pair");
        int[] all = new int[2];
        held.forEach((key, h) -> {
            System.out.printf(Locale.ROOT, "held-out %s and %s, %-36s %4d of %4d held (%.1f%%)%n", pair.get(1).runId(),
                    pair.get(0).runId(), key, h[0], h[1], 100.0 * h[0] / h[1]);
            all[0] += h[0];
            all[1] += h[1];
        });
        System.out.printf(Locale.ROOT, "held-out pair: %d of %d ratio intervals held the other run's ratio (%.1f%%); "
                + "%d pairs left out, an id in another state in the other run%n", all[0], all[1], 100.0 * all[0] / all[1],
                otherStates);
        assertTrue(all[1] >= 200, "compared " + all[1]);
        assertTrue(all[0] >= 0.90 * all[1], all[0] + " of " + all[1]);
    }

    private static boolean same(Stats.State a, Stats.State b) {
        return Math.abs(Math.log(a.level() / b.level())) <= Math.log(LikeWithLike.MATCH);
    }
}
