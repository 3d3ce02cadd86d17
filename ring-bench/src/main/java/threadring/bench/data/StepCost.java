package threadring.bench.data;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import threadring.bench.counters.Counters;
import threadring.bench.counters.Metric;
import threadring.bench.stats.Steady;

/**
 * What one fork's steps cost beside their time, over the iterations its level comes from: each
 * probe's metric ({@link Counters#METRICS}: CPU per step, cores busy, switches, migrations and
 * bytes per step, the CPU's split) by key; a metric whose counters a fork lacks is absent.
 */
public record StepCost(Map<String, double[]> values) {

    /** The value of metric {@code key}, or null where it was not counted. */
    public double[] of(String key) {
        return values.get(key);
    }

    /**
     * The cost of {@code iterations} of {@code steps} steps per pass; null if any of them has no
     * counters or no CPU time (counters off, another OS, runs before counters).
     */
    public static StepCost of(List<Score.Iteration> iterations, int steps) {
        if (iterations.isEmpty() || iterations.stream().anyMatch(i -> i.counters() == null
                || i.counter(Counters.CPU_MS) == null || i.counter(Counters.WALL_MS) == null || i.passes() <= 0)) {
            return null;
        }
        double stepsDone = iterations.stream().mapToDouble(i -> (double) i.passes() * steps).sum();
        Map<String, Double> sums = new LinkedHashMap<>();
        for (Score.Iteration i : iterations) {
            i.counters().forEach((k, v) -> {
                if (v != null) { // a counter older runs wrote as null: not known there
                    sums.merge(k, v, Double::sum);
                }
            });
        }
        // a counter one iteration lacks is not known over all of them
        sums.keySet().removeIf(k -> iterations.stream().anyMatch(i -> i.counter(k) == null));
        Map<String, double[]> values = new LinkedHashMap<>();
        for (Metric m : Counters.METRICS) {
            double[] v = m.value(sums, stepsDone);
            if (v != null) {
                values.put(m.key(), v);
            }
        }
        return new StepCost(values);
    }

    /**
     * What a fork's steps cost over the measured iterations in its steady state ({@code s}; all its
     * measured ones where it reached none or is not classified); null where not counted.
     */
    public static StepCost of(Score.Fork fork, int steps, Steady s) {
        List<Score.Iteration> all = new ArrayList<>(fork.warmup() == null ? List.of() : fork.warmup());
        all.addAll(fork.measured());
        int warm = fork.warmup() == null ? 0 : fork.warmup().size();
        int from = s == null || s.kind() == Steady.Kind.NONE ? warm
                : Math.max(warm, Math.min(s.settledAt(), all.size() - 1));
        return of(all.subList(from, all.size()), steps);
    }

    /** Each fork's cost over the iterations its level comes from ({@code steady}: the forks' classifications, in order). */
    public static List<StepCost> perFork(Score.Passes passes, List<Steady> steady) {
        List<StepCost> out = new ArrayList<>();
        for (int i = 0; i < passes.forks().size(); i++) {
            out.add(of(passes.forks().get(i), passes.steps(), i < steady.size() ? steady.get(i) : null));
        }
        return out;
    }
}
