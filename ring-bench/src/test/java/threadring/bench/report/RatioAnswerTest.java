package threadring.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import threadring.bench.answer.Answer;
import threadring.bench.answer.Ranking;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.data.Runs;
import threadring.bench.rerun.estimate.MainStates;
import threadring.bench.rerun.estimate.RatioPairs;
import threadring.bench.rerun.estimate.RerunPairs;
import threadring.bench.rerun.model.RatioRerun;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.rerun.project.Reruns;
import threadring.bench.stats.Numbers;
import threadring.bench.stats.RerunComponent;
import threadring.bench.stats.Stats;

/**
 * The answer's unit is the ratio, checked on the committed same-settings default sweeps of
 * 2026-11-28 ({@link Reruns#RATIO_SWEEPS}): its intervals hold a re-run's ratio, its tiers are
 * transitive and kept by the other sweeps, and its components are rebuilt from the tree.
 */
class RatioAnswerTest {

    static final Path RESULTS = Path.of("..", "docs", "results");

    static List<Run> sweeps() throws IOException {
        return Runs.committed(Reruns.RATIO_SWEEPS);
    }

    /**
     * Each consecutive pair of sweeps judged as new runs would be, its components estimated on the
     * other three sweeps only: in every class of pair (echo included) at least 90% of one run's
     * ratio intervals hold the other run's ratio. Prints the median half-widths, which the forks
     * set: +-14% to +-20% for one-thread pairs with three earlier runs to go by.
     */
    @Test
    void ratioIntervalsOfOneSweepHoldTheNextSweepsRatio() throws IOException {
        List<Run> runs = sweeps();
        Map<String, int[]> held = new TreeMap<>();
        Map<String, List<Double>> widths = new TreeMap<>();
        for (int i = 0; i + 1 < runs.size(); i++) {
            List<Run> others = new ArrayList<>(runs);
            others.remove(i + 1);
            others.remove(i);
            Collections.reverse(others);
            Rerun estimate = RerunPairs.estimate(others);
            for (RatioRerun.Pair p : RatioPairs.of(MainStates.of(runs.get(i)), MainStates.of(runs.get(i + 1)),
                    estimate.levels())) {
                RerunComponent part = RatioRerun.part(estimate.ratios(), p.key());
                for (RatioRerun.Spread side : List.of(p.a(), p.b())) {
                    double half = RatioRerun.halfWidth(side, part, Stats.CONFIDENCE);
                    int[] h = held.computeIfAbsent(p.key(), k -> new int[2]);
                    h[0] += Math.abs(p.difference()) <= half ? 1 : 0;
                    h[1]++;
                    widths.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(Math.expm1(half));
                }
            }
        }
        List<String> short95 = new ArrayList<>();
        held.forEach((key, h) -> {
            double coverage = (double) h[0] / h[1];
            System.out.printf(Locale.ROOT, "%-36s %4d of %4d held (%.1f%%), median half-width %.1f%%%n", key, h[0],
                    h[1], 100 * coverage, 100 * Numbers.median(widths.get(key).stream().mapToDouble(x -> x)));
            if (coverage < 0.90) {
                short95.add(key + " " + coverage);
            }
        });
        assertTrue(held.keySet().stream().anyMatch(k -> k.startsWith("echo")), "echo is judged too");
        assertTrue(short95.isEmpty(), short95.toString());
    }

    /**
     * The newest sweep's tiers: the ring has at least 5 and the rendezvous at least 6; every pair of
     * models across a boundary is separated by its ratio interval; and no other sweep orders a pair
     * of models from different tiers the other way round.
     */
    @Test
    void tiersAreTransitiveAndNoOtherSweepReversesThem() throws IOException {
        List<Run> runs = sweeps();
        Run newest = runs.get(runs.size() - 1);
        Map<String, Double> halfWidths = tiersKeptBy(Ratios.of(newest), runs.subList(0, runs.size() - 1));
        System.out.println("one run's median half-widths: " + halfWidths);
    }

    /**
     * Checks {@code ratios}' answer: ring at least 5 tiers, rendezvous at least 6, every pair across a
     * tier boundary separated, no run of {@code others} ordering such a pair the other way round
     * (at least 100 compared); gives per workload the median half-width of the ratios between
     * unflagged one-thread forms.
     */
    static Map<String, Double> tiersKeptBy(Ratios ratios, List<Run> others) {
        List<String> reversed = new ArrayList<>();
        Map<String, Double> halfWidths = new TreeMap<>();
        int compared = 0;
        for (Ranking r : Answer.rankings(ratios)) {
            String workload = r.series().workload().label();
            List<Ranking.Entry> tiered = r.entries().stream().filter(e -> e.tier() > 0).toList();
            int tiers = tiered.stream().mapToInt(Ranking.Entry::tier).max().orElse(0);
            if (workload.equals("ring")) {
                assertTrue(tiers >= 5, "ring tiers: " + tiers);
            }
            if (workload.equals("rendezvous")) {
                assertTrue(tiers >= 6, "rendezvous tiers: " + tiers);
            }
            List<Double> oneThread = new ArrayList<>();
            for (Ranking.Entry a : r.entries()) {
                for (Ranking.Entry b : r.entries()) {
                    if (a.form().summary().median() < b.form().summary().median() && !a.flagged() && !b.flagged()
                            && !Carriers.across(a.form().id(), r.series().config())
                            && !Carriers.across(b.form().id(), r.series().config())) {
                        Stats.Ratio x = ratios.between(r.series(), b.form(), a.form());
                        oneThread.add(Math.sqrt(x.interval().high() / x.interval().low()) - 1);
                    }
                }
            }
            double median = Numbers.median(oneThread.stream().mapToDouble(x -> x));
            halfWidths.merge(workload, median, Math::max);
            System.out.printf(Locale.ROOT, "%s: %d tiers; %d ratios between unflagged one-thread forms, median "
                    + "half-width %.1f%%%n", workload, tiers, oneThread.size(), 100 * median);
            for (Ranking.Entry a : tiered) {
                for (Ranking.Entry b : tiered) {
                    if (a.tier() >= b.tier()) {
                        continue;
                    }
                    Stats.Ratio x = ratios.between(r.series(), b.form(), a.form());
                    assertTrue(x.excludesOne() && x.value() > 1, workload + " " + b.form().id() + " / "
                            + a.form().id() + " across tiers " + a.tier() + "|" + b.tier() + ": " + x);
                    for (Run other : others) {
                        for (Series<?> s : Series.of(other, r.series().workload())) {
                            if (!s.label().equals(r.series().label()) || !s.size().equals(r.series().size())) {
                                continue;
                            }
                            var fa = s.row(other, a.form().id()).flatMap(row -> MainStateRatio.answerState(row.summary()));
                            var fb = s.row(other, b.form().id()).flatMap(row -> MainStateRatio.answerState(row.summary()));
                            if (fa.isPresent() && fb.isPresent()) {
                                compared++;
                                if (fb.get().level() < fa.get().level()) {
                                    reversed.add(other.runId() + " " + workload + " " + a.form().id() + " / "
                                            + b.form().id());
                                }
                            }
                        }
                    }
                }
            }
        }
        System.out.println("orderings across tiers compared in the other sweeps: " + compared + ", reversed: " + reversed);
        assertTrue(compared >= 100, "compared " + compared);
        assertTrue(reversed.isEmpty(), reversed.toString());
        return halfWidths;
    }

    /** The project's ratio components are what the estimate gives on the sweeps it names. */
    @Test
    void theProjectsRatioComponentsAreRebuiltFromItsSweeps() throws IOException {
        List<Run> runs = sweeps();
        Collections.reverse(runs);
        assertEquals(Reruns.PROJECT_RATIOS, RerunPairs.estimate(runs).ratios());
    }

    /**
     * The newest default sweep's components (its rows', its ids' spreads and its ratios') come from the
     * committed sweeps made alike before it, which run.json names, and are rebuilt from the tree.
     */
    @Test
    void theNewestSweepsComponentsAreRebuiltFromTheCommittedRunsItNames() throws IOException {
        Run newest = RunFile.read(RESULTS.resolve(Reruns.RATIO_SWEEPS.get(Reruns.RATIO_SWEEPS.size() - 1)));
        Rerun recorded = newest.settings().scored().rerun();
        List<Run> earlier = RerunPairs.earlier(RESULTS, newest.runId(), newest.settings(), newest.machine().hostname());
        assertEquals(recorded.runs(), earlier.stream().map(Run::runId).toList());
        Rerun rebuilt = RerunPairs.estimate(earlier);
        assertEquals(recorded.parts(), rebuilt.parts());
        assertEquals(recorded.ratios(), rebuilt.ratios());
        assertEquals(recorded.levels(), rebuilt.levels());
    }
}
