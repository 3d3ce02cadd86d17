package threadring.bench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * What the forks of one id say, with the JVM as the unit of repetition: iterations inside one fork
 * share that JVM's JIT decisions, heap layout and scheduler luck, so they agree with each other
 * far better than with another fork. Each fork's whole series, warm-up included, is classified
 * ({@link Steady}: flat, warm-up, slowdown, no steady state) and counts once, through its steady
 * level. Forks that settle at levels far apart are {@link States}: each state has its level, its
 * interval and its share of JVMs, and no value is reported that no JVM ran. A state's interval
 * comes from the spread of its forks' levels: Student's t on their logarithms (Georges, Buytaert
 * and Eeckhout 2007; Kalibera and Jones 2013), or Stein's two-stage interval where the fork count
 * was planned from a pilot ({@link Forks}). All distributions and tests are commons-math3's.
 */
public final class Stats {

    /** Confidence of every interval and test. */
    public static final double CONFIDENCE = 0.95;
    /**
     * Forks of one state whose levels scatter more than this (the slowest over the fastest) make
     * its interval rest on a few JVMs' luck: flagged.
     */
    public static final double SPREAD = 2.0;

    private static final TTest T_TEST = new TTest();

    private Stats() {}

    public record Interval(double low, double high) {
        public boolean contains(double v) {
            return low <= v && v <= high;
        }

        public boolean excludes(double v) {
            return v < low || v > high;
        }

        /** Whether the two intervals share no value: what "separated" means everywhere. */
        public boolean apart(Interval other) {
            return high < other.low || other.high < low;
        }
    }

    /** Why a row is not one claim. */
    public enum Cause {
        STATES("states"), UNSETTLED("not settled"), SPREAD("forks apart");

        public final String label;

        Cause(String label) {
            this.label = label;
        }
    }

    /** A flag: its cause and what it found, e.g. "2 of 6 forks reached no steady state". */
    public record Flag(Cause cause, String text) {}

    /**
     * A group of forks whose levels agree with each other and stand apart from the others': its
     * forks' levels, its level (their geometric mean), its interval (null with one fork), and its
     * share of the row's JVMs with a 95% Wilson interval.
     */
    public record State(List<Double> forkLevels, double level, Interval interval, int of, Interval share) {
        public int forks() {
            return forkLevels.size();
        }

        /** "4 of 6 JVMs" */
        public String jvms() {
            return forks() + " of " + of + " JVMs";
        }

        /** Its level, where a table's column says median. */
        public double median() {
            return level;
        }

        public List<Double> forkMedians() {
            return forkLevels;
        }
    }

    /**
     * One id: its level (the only state's, or the most common one's), each fork's level, min and
     * max of its measured iterations, the 95% interval (null with fewer than two forks, where the
     * forks settle in several states, which have an interval each, or with none); the flag (null: the row
     * is one claim); its states (one for an ordinary row) and its lone forks apart from every state;
     * each fork's classification; and the pilot a planned fork count came from (null: fixed).
     */
    public record Summary(int forks, int samples, double median, List<Double> forkMedians, double min, double max,
            Interval interval, Flag flag, List<State> states, List<Double> apart, List<Steady> steady, Integer pilot) {

        /** Whether the row is more than one claim (states, forks that never settled, forks far apart). */
        public boolean isUnstable() {
            return flag != null;
        }

        /** The flag's text, with its cause: "states: ...", or null. */
        public String unstable() {
            return flag == null ? null : flag.cause().label + ": " + flag.text();
        }

        /** Whether the row is not one claim about all its JVMs: several states, or a JVM apart from every state. */
        public boolean modal() {
            return states.size() > 1 || !apart.isEmpty();
        }

        /** The states, the way the report lists them (one for an ordinary row). */
        public List<State> modes() {
            return states;
        }

        double[] logForkMedians() {
            return forkMedians.stream().mapToDouble(Math::log).toArray();
        }

        /** Half the interval's width over the level in log terms ({@code 0.05}: +-5%), or NaN without one. */
        public double precision() {
            return interval == null ? Double.NaN : Math.sqrt(interval.high() / interval.low()) - 1;
        }

        /** The same row with every level and interval multiplied by {@code f} (a run divided by its speed probe). */
        public Summary scaled(double f) {
            java.util.function.Function<Interval, Interval> times = i -> i == null ? null
                    : new Interval(i.low() * f, i.high() * f);
            return new Summary(forks, samples, median * f, forkMedians.stream().map(x -> x * f).toList(), min * f,
                    max * f, times.apply(interval), flag, states.stream().map(st -> new State(st.forkLevels().stream()
                            .map(x -> x * f).toList(), st.level() * f, times.apply(st.interval()), st.of(), st.share()))
                            .toList(), apart.stream().map(x -> x * f).toList(), steady, pilot);
        }

        /** How many forks had each classification, e.g. "5 flat, 1 warm-up". */
        public String settling() {
            StringBuilder out = new StringBuilder();
            for (Steady.Kind k : Steady.Kind.values()) {
                long n = steady.stream().filter(s -> s.kind() == k).count();
                if (n > 0) {
                    out.append(out.length() == 0 ? "" : ", ").append(n).append(' ').append(k.label);
                }
            }
            long late = steady.stream().filter(Steady::late).count();
            return out + (late > 0 ? " (" + late + " settled after warm-up)" : "");
        }
    }

    /** A ratio a/b of two levels: its value, a 95% interval and Welch's p-value. */
    public record Ratio(double value, Interval interval, double p) {
        /** True when the interval lies wholly on one side of 1. */
        public boolean excludesOne() {
            return interval != null && interval.excludes(1.0);
        }
    }

    /** Summarises values given per fork, all measured (no warm-up): echo repetitions, probes, old runs. */
    public static Summary summarize(List<List<Double>> byFork) {
        return summarize(byFork.stream().filter(f -> !f.isEmpty()).map(ForkSeries::measured).toList(), null);
    }

    /**
     * Summarises whole fork series (warm-up included; any unit, the report uses ns per step);
     * {@code pilot}: how many first forks planned the fork count (null: the count was fixed).
     */
    public static Summary summarize(List<ForkSeries> series, Integer pilot) {
        if (series.isEmpty()) {
            throw new IllegalArgumentException("no passes to summarise");
        }
        List<Steady> steady = series.stream().map(ForkSeries::steady).toList();
        List<Double> levels = steady.stream().map(Steady::level).toList();
        double[] measured = series.stream().flatMapToDouble(f -> Arrays.stream(f.measured())).toArray();
        List<List<Integer>> groups = States.groups(levels);
        if (groups.size() > 1 && groups.stream().allMatch(g -> g.size() == 1)) {
            // no two JVMs agree: one group, flagged as forks apart below, its interval as wide as they are
            groups = List.of(java.util.stream.IntStream.range(0, levels.size()).boxed().toList());
        }
        List<State> states = new ArrayList<>();
        List<Double> apart = new ArrayList<>();
        for (List<Integer> g : groups) {
            List<Double> l = g.stream().map(levels::get).toList();
            if (g.size() == 1 && groups.size() > 1) {
                apart.add(l.get(0));
            } else {
                states.add(state(l, levels.size()));
            }
        }
        states.sort((a, b) -> a.forks() != b.forks() ? b.forks() - a.forks() : Double.compare(a.level(), b.level()));
        List<State> byLevel = states.stream().sorted((a, b) -> Double.compare(a.level(), b.level())).toList();
        State main = states.get(0);
        Interval interval = null;
        if (states.size() == 1 && apart.isEmpty()) {
            interval = pilot != null && pilot >= 2 && pilot < levels.size()
                    ? Forks.stein(levels, pilot) : main.interval();
            main = new State(main.forkLevels(), main.level(), interval, main.of(), main.share());
            byLevel = List.of(main);
        }
        Flag flag = flag(byLevel, apart, steady);
        return new Summary(series.size(), measured.length, main.level(), levels, StatUtils.min(measured),
                StatUtils.max(measured), states.size() == 1 ? main.interval() : null, flag, byLevel, List.copyOf(apart),
                steady, pilot);
    }

    private static State state(List<Double> levels, int of) {
        double[] logs = levels.stream().mapToDouble(Math::log).toArray();
        return new State(levels, Math.exp(StatUtils.mean(logs)), interval(levels), of,
                Proportions.wilson(levels.size(), of));
    }

    private static Flag flag(List<State> states, List<Double> apart, List<Steady> steady) {
        long none = steady.stream().filter(s -> s.kind() == Steady.Kind.NONE).count();
        if (states.size() > 1) {
            return new Flag(Cause.STATES, States.describe(states, apart));
        }
        if (!apart.isEmpty()) { // one state and lone JVMs: a lone JVM is no state
            return new Flag(Cause.SPREAD, States.describe(states, apart));
        }
        if (none > 0) {
            return new Flag(Cause.UNSETTLED, none + " of " + steady.size() + " forks reached no steady state");
        }
        State s = states.get(0);
        double lo = s.forkLevels().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double hi = s.forkLevels().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        if (s.forks() > 1 && States.groups(s.forkLevels()).stream().allMatch(g -> g.size() == 1)) {
            return new Flag(Cause.SPREAD, String.format(Locale.ROOT, "no two of %d JVMs within %s of each other "
                    + "(%.2fx apart)", s.forks(), String.format(Locale.ROOT, "%.0f%%", (States.GAP - 1) * 100), hi / lo));
        }
        return hi / lo > SPREAD ? new Flag(Cause.SPREAD, String.format(Locale.ROOT, "fork levels %.2fx apart", hi / lo))
                : null;
    }

    /** The 95% t interval of the mean of log fork levels, back on the scale of the values; null for one fork. */
    public static Interval interval(List<Double> levels) {
        if (levels.size() < 2) {
            return null;
        }
        double[] logs = levels.stream().mapToDouble(Math::log).toArray();
        if (StatUtils.variance(logs) == 0) { // identical forks: the value itself, not its rounded logarithm
            return new Interval(levels.get(0), levels.get(0));
        }
        double half = t(logs.length - 1) * Math.sqrt(StatUtils.variance(logs) / logs.length);
        double centre = StatUtils.mean(logs);
        return new Interval(Math.exp(centre - half), Math.exp(centre + half));
    }

    /** The natural logarithm of each value. */
    static double[] logs(double[] values) {
        return Arrays.stream(values).map(Math::log).toArray();
    }

    /** The median of the finite values (the mean of the middle two for an even count), NaN if there are none. */
    public static double median(java.util.stream.DoubleStream values) {
        double[] v = values.filter(Double::isFinite).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /** a / b, level over level; the interval and p need two forks on each side. */
    public static Ratio ratio(Summary a, Summary b) {
        return ratio(a.median(), a.states().size() == 1 ? a.states().get(0).forkLevels() : List.of(), b.median(),
                b.states().size() == 1 ? b.states().get(0).forkLevels() : List.of());
    }

    /** One state of a over one state (or the whole) of b: Welch's t on the log fork levels. */
    public static Ratio ratio(State a, State b) {
        return ratio(a.level(), a.forkLevels(), b.level(), b.forkLevels());
    }

    /** Whether two rows (or states) are separated: each has an interval, and the two share no value. */
    public static boolean separated(Interval a, Interval b) {
        return a != null && b != null && a.apart(b);
    }

    private static Ratio ratio(double levelA, List<Double> forksA, double levelB, List<Double> forksB) {
        double value = levelA / levelB;
        if (forksA.size() < 2 || forksB.size() < 2) {
            return new Ratio(value, null, Double.NaN);
        }
        double[] la = forksA.stream().mapToDouble(Math::log).toArray();
        double[] lb = forksB.stream().mapToDouble(Math::log).toArray();
        double diff = StatUtils.mean(la) - StatUtils.mean(lb);
        double va = StatUtils.variance(la);
        double vb = StatUtils.variance(lb);
        double se = Math.sqrt(va / la.length + vb / lb.length);
        if (se == 0) { // identical forks on both sides: only possible with synthetic data
            return new Ratio(value, new Interval(Math.exp(diff), Math.exp(diff)), diff == 0 ? 1 : 0);
        }
        double half = t(Welch.degrees(va, vb, la.length, lb.length)) * se;
        return new Ratio(value, new Interval(Math.exp(diff - half), Math.exp(diff + half)), T_TEST.tTest(la, lb));
    }

    /** The two-sided Student t quantile for {@link #CONFIDENCE}. */
    static double t(double degreesOfFreedom) {
        return new TDistribution(degreesOfFreedom).inverseCumulativeProbability(0.5 + CONFIDENCE / 2);
    }

    /** commons-math3's Welch-Satterthwaite degrees of freedom (protected in TTest). */
    private static final class Welch extends TTest {
        private static final Welch INSTANCE = new Welch();

        static double degrees(double va, double vb, double na, double nb) {
            return INSTANCE.df(va, vb, na, nb);
        }
    }
}
