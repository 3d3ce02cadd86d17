package threadring.bench.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.math3.distribution.TDistribution;
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
 * run, 120-147 in another's eight): a row's interval is floored by both ({@link Part#floored}).
 */
public record Rerun(Map<String, Part> parts, String source, Map<String, Spread> levels, Map<String, Part> ratios,
        List<String> runs) {

    /** Without the ids' own spreads. */
    public Rerun(Map<String, Part> parts, String source) {
        this(parts, source, null);
    }

    /** Without ratio components or the runs they came from (runs before they were kept). */
    public Rerun(Map<String, Part> parts, String source, Map<String, Spread> levels) {
        this(parts, source, levels, null, null);
    }

    /** The same components with the ratios' ({@link #ratioKey} to component) and the ids of the runs all came from. */
    public Rerun withRatios(Map<String, Part> r, List<String> from) {
        return new Rerun(parts, source, levels, r, from);
    }

    /**
     * One id's spreads over earlier runs: its JVMs' ({@code jvms}, the sd of its main state's log fork
     * levels within a run, pooled over runs on {@code jvmDf} degrees of freedom; 0 on 0 without one)
     * and its level's ({@code level}, the sd of its main state's log level between {@code runs} runs;
     * 0 with fewer than three); and its own move ({@code move}, the sd of its log level's move
     * between two runs less the median move of the rows that hand off where it does in the same
     * series, over {@code movePairs} pairs of runs, shrunk toward 0 where few: how far it moves
     * against its neighbours, which a ratio of it carries and a row's common move cancels).
     */
    public record Spread(double jvms, int jvmDf, double level, int runs, double move, int movePairs) {
        /** The fewest earlier runs a spread of levels is taken from. */
        public static final int MIN_RUNS = 3;

        /** Without the id's own move (runs before it was kept). */
        public Spread(double jvms, int jvmDf, double level, int runs) {
            this(jvms, jvmDf, level, runs, 0, 0);
        }
    }

    /**
     * One class's component: its sd (log), and the pairs of rows it was estimated on (0: assumed);
     * {@code levels}, the row's id's spread of levels over earlier runs where one is known (else null).
     */
    public record Part(double sd, int pairs, Spread levels) {
        /** No run-to-run component: the interval is over forks alone. */
        public static final Part NONE = new Part(0, 0);

        public Part(double sd, int pairs) {
            this(sd, pairs, null);
        }

        /** Degrees of freedom of its estimate (large where many pairs back it, small where few). */
        public double df() {
            return Math.max(2, pairs);
        }

        /** The same component for a row whose id's levels spread by {@code s} over earlier runs. */
        public Part withLevels(Spread s) {
            return new Part(sd, pairs, s);
        }

        /**
         * The variance of one run's level of a row and its degrees of freedom: its forks' mean
         * ({@code variance} over {@code forks}, on {@code forkDf}; the id's JVMs' spread in earlier
         * runs where wider) and the class's component; the id's level's spread between earlier runs
         * where that is wider still.
         */
        public double[] floored(double variance, int forks, double forkDf) {
            double f = variance;
            double fDf = forkDf;
            if (levels != null && levels.jvmDf() > 0 && levels.jvms() * levels.jvms() > f) {
                f = levels.jvms() * levels.jvms();
                fDf = levels.jvmDf();
            }
            double a = f / forks;
            double r = sd * sd;
            double v = a + r;
            if (levels != null && levels.runs() >= Spread.MIN_RUNS && levels.level() * levels.level() > v) {
                return new double[] {levels.level() * levels.level(), levels.runs() - 1};
            }
            return new double[] {v, satterthwaite(a, fDf, r, df())};
        }
    }

    /** An id's key in {@code levels}: its configuration, workload, size and id. */
    public static String idKey(String configuration, Size size, String id) {
        return configuration + " " + size.workload().label() + " " + size.key() + " " + id;
    }

    /** One row in two runs: its log level difference, and each side's fork variance over its forks. */
    public record Pair(String key, double difference, double varianceA, int forksA, double varianceB, int forksB) {}

    /** The grid the component is found on, and its cap. */
    static final double STEP = 0.005;
    static final double MAX = 0.5;
    /**
     * The fewest pairs of runs a class's own component is estimated from: a held-out pair made here
     * after a class was estimated from one pair of runs (at 0) missed 2 of its 6 one-thread rows.
     */
    public static final int MIN_RUN_PAIRS = 3;
    /** A class is estimated on its own from at least this many pairs. */
    public static final int MIN_PAIRS = 8;
    /** The coverage the intervals must reach on the pairs. */
    static final double COVERAGE = 0.95;

    /** A class: a workload's rows that hand off on one thread (or one cpu), or across cpus. */
    public static String key(String workload, boolean acrossCpus) {
        return workload + (acrossCpus ? " across cpus" : " one thread");
    }

    /** The component of {@code key}; a class never estimated takes the largest known of its carriers, else of all. */
    public Part part(String key) {
        Part p = parts.get(key);
        if (p != null) {
            return p;
        }
        String carriers = key.substring(key.indexOf(' ') + 1);
        return parts.entrySet().stream().filter(e -> e.getKey().endsWith(carriers)).map(Map.Entry::getValue)
                .max(Comparator.comparingDouble(Part::sd))
                .or(() -> parts.values().stream().max(Comparator.comparingDouble(Part::sd)))
                .orElse(Part.NONE);
    }

    /** The component of {@code key} for the id of {@code idKey}, with the id's spread where one is known. */
    public Part part(String key, String idKey) {
        Spread s = levels == null ? null : levels.get(idKey);
        return s == null ? part(key) : part(key).withLevels(s);
    }

    /** Each class's component from same-code pairs of rows; classes with too few pairs are left out. */
    public static Rerun calibrate(List<Pair> pairs, String source) {
        Map<String, List<Pair>> byKey = new TreeMap<>();
        pairs.forEach(p -> byKey.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(p));
        Map<String, Part> parts = new TreeMap<>();
        byKey.forEach((key, list) -> {
            if (list.size() >= MIN_PAIRS) {
                parts.put(key, new Part(smallest(list), list.size()));
            }
        });
        return new Rerun(parts, source);
    }

    /** The smallest sd on the grid at which the 95% intervals hold the other run's level in 95% of pairs. */
    static double smallest(List<Pair> pairs) {
        for (double sd = 0; sd <= MAX + 1e-9; sd += STEP) {
            Part part = new Part(sd, pairs.size());
            if (coverage(pairs, part) >= COVERAGE) {
                return Math.round(sd / STEP) * STEP;
            }
        }
        return MAX;
    }

    /** The share of the pairs' two sides whose 95% interval holds the other side's level, at {@code part}. */
    public static double coverage(List<Pair> pairs, Part part) {
        int held = 0;
        for (Pair p : pairs) {
            held += Math.abs(p.difference()) <= halfWidth(p.varianceA(), p.forksA(), part) ? 1 : 0;
            held += Math.abs(p.difference()) <= halfWidth(p.varianceB(), p.forksB(), part) ? 1 : 0;
        }
        return pairs.isEmpty() ? Double.NaN : (double) held / (2 * pairs.size());
    }

    /**
     * Half a row's 95% interval for a re-run's level (log terms): its forks' variance
     * {@code variance} over {@code forks} forks, twice (this run's mean and the re-run's), and twice
     * the run-to-run component; Student's t with Welch-Satterthwaite's degrees of freedom.
     */
    public static double halfWidth(double variance, int forks, Part run) {
        return halfWidth(variance, forks, forks - 1, run, Numbers.CONFIDENCE);
    }

    /** The same with the forks' variance on {@code forkDf} degrees of freedom, at {@code confidence}. */
    static double halfWidth(double variance, int forks, double forkDf, Part run, double confidence) {
        double[] level = run.floored(variance, forks, forkDf);
        return quantile(level[1], confidence) * Math.sqrt(2 * level[0]);
    }

    /** Welch-Satterthwaite's degrees of freedom of a sum of two variance estimates. */
    static double satterthwaite(double a, double dfA, double b, double dfB) {
        double denominator = (dfA > 0 ? a * a / dfA : 0) + (dfB > 0 ? b * b / dfB : 0);
        return denominator == 0 ? 1e6 : Math.max(1, (a + b) * (a + b) / denominator);
    }

    /** The two-sided Student t quantile at {@code confidence}. */
    static double quantile(double df, double confidence) {
        return new TDistribution(Math.min(df, 1e6)).inverseCumulativeProbability(0.5 + confidence / 2);
    }
}
