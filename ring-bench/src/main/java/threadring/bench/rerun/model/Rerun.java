package threadring.bench.rerun.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import threadring.bench.stats.IdSpread;
import threadring.bench.stats.RerunComponent;
import threadring.core.Size;

/**
 * How far a re-run's level moves beyond what the forks of one run see: the run-to-run component
 * of a row's variance, per class of rows (a workload's rows that hand off on one thread, or across
 * cpus), as a standard deviation of log levels. Two runs of the same code on one machine differ by
 * more than their forks say (a carrier's cpu, the host's neighbours, the JIT's luck of the day):
 * the committed sweeps of 2026-11-26 moved one-thread ring rows by up to 5.5% between runs whose
 * forks agreed within 1%. A row's interval ({@link Stats}) carries it, so that it says where a
 * re-run's level will fall, and {@code compare} calls two runs different only beyond it.
 *
 * <p>Estimated ({@link #calibrate}) from pairs of runs of the same code: for each class, the
 * smallest component (on a grid of {@link #STEP}) at which the 95% intervals of the class's rows
 * hold the other run's level in at least 95% of pairs; a class with fewer than {@link #MIN_PAIRS}
 * pairs takes the largest of the other classes of its carriers. {@code source} says where the
 * numbers came from: this project's committed sweeps (the default) or the user's own runs.
 *
 * <p>{@code levels}: each id's own spreads over earlier runs (null in runs before they were kept,
 * and where there were no earlier runs): a class's component is what 95% of its rows need, and an
 * id may move more between runs than its class (ring {@code akka/typed-p1}: 65.3 to 73.4 ns/hop in
 * runs of one day) or its few JVMs agree by luck (ring {@code quasar/fiber}: four at 116-118 in one
 * run, 120-147 in another's eight): a row's interval is floored by both ({@link RerunComponent#floored}).
 */
public record Rerun(Map<String, RerunComponent> parts, String source, Map<String, IdSpread> levels, Map<String, RerunComponent> ratios,
        List<String> runs) {

    /** Without the ids' own spreads. */
    public Rerun(Map<String, RerunComponent> parts, String source) {
        this(parts, source, null);
    }

    /** Without ratio components or the runs they came from (runs before they were kept). */
    public Rerun(Map<String, RerunComponent> parts, String source, Map<String, IdSpread> levels) {
        this(parts, source, levels, null, null);
    }

    /** The same components with the ratios' ({@link #ratioKey} to component) and the ids of the runs all came from. */
    public Rerun withRatios(Map<String, RerunComponent> r, List<String> from) {
        return new Rerun(parts, source, levels, r, from);
    }

    /** An id's key in {@code levels}: its configuration, workload, size and id. */
    public static String idKey(String configuration, Size size, String id) {
        return configuration + " " + size.workload().label() + " " + size.key() + " " + id;
    }

    /** One row in two runs: its log level difference, and each side's fork variance over its forks. */
    public record Pair(String key, double difference, double varianceA, int forksA, double varianceB, int forksB) {}

    /** The grid the component is found on, and its cap. */
    public static final double STEP = 0.005;
    public static final double MAX = 0.5;
    /**
     * The fewest pairs of runs a class's own component is estimated from: a held-out pair made here
     * after a class was estimated from one pair of runs (at 0) missed 2 of its 6 one-thread rows.
     */
    public static final int MIN_RUN_PAIRS = 3;
    /** A class is estimated on its own from at least this many pairs. */
    public static final int MIN_PAIRS = 8;
    /** The coverage the intervals must reach on the pairs. */
    public static final double COVERAGE = 0.95;

    /** A class: a workload's rows that hand off on one thread (or one cpu), or across cpus. */
    public static String key(String workload, boolean acrossCpus) {
        return workload + (acrossCpus ? " across cpus" : " one thread");
    }

    /** The component of {@code key}; a class never estimated takes the largest known of its carriers, else of all. */
    public RerunComponent part(String key) {
        RerunComponent p = parts.get(key);
        if (p != null) {
            return p;
        }
        String carriers = key.substring(key.indexOf(' ') + 1);
        return parts.entrySet().stream().filter(e -> e.getKey().endsWith(carriers)).map(Map.Entry::getValue)
                .max(Comparator.comparingDouble(RerunComponent::sd))
                .or(() -> parts.values().stream().max(Comparator.comparingDouble(RerunComponent::sd)))
                .orElse(RerunComponent.NONE);
    }

    /** The component of {@code key} for the id of {@code idKey}, with the id's spread where one is known. */
    public RerunComponent part(String key, String idKey) {
        IdSpread s = levels == null ? null : levels.get(idKey);
        return s == null ? part(key) : part(key).withLevels(s);
    }

    /** Each class's component from same-code pairs of rows; classes with too few pairs are left out. */
    public static Rerun calibrate(List<Pair> pairs, String source) {
        Map<String, List<Pair>> byKey = new TreeMap<>();
        pairs.forEach(p -> byKey.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(p));
        Map<String, RerunComponent> parts = new TreeMap<>();
        byKey.forEach((key, list) -> {
            if (list.size() >= MIN_PAIRS) {
                parts.put(key, new RerunComponent(smallest(list), list.size()));
            }
        });
        return new Rerun(parts, source);
    }

    /** The smallest sd on the grid at which the 95% intervals hold the other run's level in 95% of pairs. */
    static double smallest(List<Pair> pairs) {
        for (double sd = 0; sd <= MAX + 1e-9; sd += STEP) {
            RerunComponent part = new RerunComponent(sd, pairs.size());
            if (coverage(pairs, part) >= COVERAGE) {
                return Math.round(sd / STEP) * STEP;
            }
        }
        return MAX;
    }

    /** The share of the pairs' two sides whose 95% interval holds the other side's level, at {@code part}. */
    public static double coverage(List<Pair> pairs, RerunComponent part) {
        int held = 0;
        for (Pair p : pairs) {
            held += Math.abs(p.difference()) <= RerunComponent.halfWidth(p.varianceA(), p.forksA(), part) ? 1 : 0;
            held += Math.abs(p.difference()) <= RerunComponent.halfWidth(p.varianceB(), p.forksB(), part) ? 1 : 0;
        }
        return pairs.isEmpty() ? Double.NaN : (double) held / (2 * pairs.size());
    }

}
