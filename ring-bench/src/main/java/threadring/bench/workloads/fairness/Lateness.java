package threadring.bench.workloads.fairness;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import threadring.bench.data.Score;
import threadring.bench.report.Series;
import threadring.bench.stats.Numbers;
import threadring.bench.stats.Stats;
import threadring.core.fairness.Fairness;

/**
 * A fairness row's probe lateness, from the counters each measured iteration read
 * ({@code lateness.p50}, {@code .p99}, {@code .max}, {@code .count}, ns): per fork the median over
 * its measured iterations of each iteration's median and 99th percentile (a typical iteration's),
 * the most any wake-up of the fork waited and its wake-ups per run; each summarised over forks
 * (level and 95% interval, the fork the unit of repetition, as every row's time is). A latency:
 * less is better, and no speed-up is made of it.
 *
 * @param p50 the median wake-up's lateness, ns, over forks
 * @param p99 the 99th percentile's, ns, over forks
 * @param maxNs the longest any wake-up waited in any fork, ns
 * @param wakesPerRun the probe's wake-ups per run, the median over forks
 */
record Lateness(Stats.Summary p50, Stats.Summary p99, double maxNs, double wakesPerRun) {

    static final String P50 = Fairness.LATENESS + ".p50";
    static final String P99 = Fairness.LATENESS + ".p99";
    static final String MAX = Fairness.LATENESS + ".max";
    static final String COUNT = Fairness.LATENESS + ".count";

    /** The lateness of {@code row}, or empty where its iterations read none (counters off, an older run). */
    static Optional<Lateness> of(Series.Row row) {
        Optional<Score.Passes> passes = row.measured().passes();
        if (passes.isEmpty()) {
            return Optional.empty();
        }
        List<List<Double>> p50 = new ArrayList<>();
        List<List<Double>> p99 = new ArrayList<>();
        double max = 0;
        List<Double> wakes = new ArrayList<>();
        for (Score.Fork f : passes.get().forks()) {
            List<Score.Iteration> read = f.measured().stream().filter(i -> i.counter(P99) != null).toList();
            if (read.isEmpty()) {
                continue;
            }
            p50.add(List.of(Numbers.median(read.stream().mapToDouble(i -> i.counter(P50)))));
            p99.add(List.of(Numbers.median(read.stream().mapToDouble(i -> i.counter(P99)))));
            max = Math.max(max, read.stream().mapToDouble(i -> i.counter(MAX)).max().orElse(0));
            double runs = read.stream().mapToDouble(Score.Iteration::passes).sum();
            wakes.add(read.stream().mapToDouble(i -> i.counter(COUNT)).sum() / Math.max(1, runs));
        }
        if (p99.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Lateness(Stats.summarize(p50), Stats.summarize(p99), max,
                Numbers.median(wakes.stream().mapToDouble(Double::doubleValue))));
    }

    /** Whether the probe woke on time: at the 99th percentile within {@code periods} periods of {@code periodUs}. */
    boolean onTime(int periodUs, double periods) {
        return p99.median() <= periods * periodUs * 1_000.0;
    }
}
