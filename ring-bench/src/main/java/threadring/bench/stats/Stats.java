package threadring.bench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.DoubleStream;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * What the forks of one id say, with the JVM as the unit of repetition: iterations inside one fork
 * share that JVM's JIT decisions, heap layout and scheduler luck, so they agree with each other
 * far better than with another fork. Each fork's whole series, warm-up included, is classified
 * ({@link Steady}: flat, warm-up, slowdown, no steady state) and counts once, through its steady
 * level. Forks that settle at levels far apart are {@link States}: each state has its level, its
 * interval and its share of JVMs, and no value is reported that no JVM ran. A state's interval
 * comes from the spread of its forks' levels: Student's t on their logarithms (Georges, Buytaert
 * and Eeckhout 2007; Kalibera and Jones 2013) over every fork, also where the fork count was
 * planned from a pilot ({@link Forks}: not Stein's second-stage interval, which the coverage on
 * re-runs is checked without). All distributions and tests are commons-math3's.
 */
public final class Stats {

    /** Confidence of every interval and test. */
    public static final double CONFIDENCE = Numbers.CONFIDENCE;
    /**
     * Forks of one state whose levels scatter more than this (the slowest over the fastest) make
     * its interval rest on a few JVMs' luck: flagged.
     */
    public static final double SPREAD = 2.0;

    private Stats() {}


    /** Why a row is not one claim. */
    public enum Cause {
        STATES("states", "its JVMs settled at two levels or more, far apart; each state is its own claim, with its "
                + "level and its share of JVMs, never their average"),
        UNSETTLED("not settled", "some of its forks reached no steady level while measured"),
        SPREAD("forks apart", "a JVM apart from every state, or forks of one state more than twice apart"),
        /** Half of its forks or more changed level while measured: their levels rest on the iterations after the change. */
        MOVED("changed level while measured", "half of its forks or more changed level while measured; their levels "
                + "are read after the change"),
        /** Later forks were measured before the JVM settled: their level is not the long-warmed JVM's. */
        WARMUP("warm-up too short", "its later forks were measured before the time the long-warmed JVM took to "
                + "settle, and read off its settled level"),
        /** The long-warmed JVM reads slower than every later fork, beyond noise: not a warm-up, a JVM apart. */
        FIRST_APART("long-warmed JVM apart", "the long-warmed JVM (its first fork, warmed longest) reads slower than "
                + "every later fork, beyond noise: a JVM apart, not a warm-up");

        public final String label;
        /** What the flag says of a row, for the glossary. */
        public final String meaning;

        Cause(String label, String meaning) {
            this.label = label;
            this.meaning = meaning;
        }
    }

    /** A flag: its cause and what it found, e.g. "2 of 6 forks reached no steady state". */
    public record Flag(Cause cause, String text) {}

    /**
     * A group of forks whose levels agree with each other and stand apart from the others': its
     * forks' levels, its level (their geometric mean), its 95% interval for a re-run's level (null
     * with fewer than {@link #MIN_INTERVAL} forks: two JVMs are shown as their two values), its
     * share of the row's JVMs with a 95% Wilson interval, and the run-to-run component its interval
     * carries ({@link RerunComponent}).
     */
    public record State(List<Double> forkLevels, double level, Interval interval, int of, Interval share,
            RerunComponent rerun) {

        /** A state with no run-to-run component (a cost, a probe). */
        public State(List<Double> forkLevels, double level, Interval interval, int of, Interval share) {
            this(forkLevels, level, interval, of, share, RerunComponent.NONE);
        }

        public int forks() {
            return forkLevels.size();
        }

        /** Whether it speaks for its row as a main state does: it holds at least half of the row's JVMs. */
        public boolean speaks() {
            return 2 * forks() >= of;
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

        /** The fewest forks a state needs to speak for the row's level. */
        public static final int MAIN_STATE_FORKS = 3;

        /** Its main state: its largest of {@link #MAIN_STATE_FORKS} JVMs or more, if it has one. */
        public Optional<State> mainState() {
            return states.stream().filter(x -> x.forks() >= MAIN_STATE_FORKS).max(Comparator.comparingInt(State::forks));
        }

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

        /**
         * What the forks alone bought: half the 95% t interval of their mean log level ({@code 0.05}:
         * +-5%), the part of {@link #precision} that more forks would shrink; NaN with fewer than two.
         */
        public double forkPrecision() {
            if (forkMedians.size() < 2) {
                return Double.NaN;
            }
            double[] logs = logForkMedians();
            return Math.expm1(t(logs.length - 1) * Math.sqrt(StatUtils.variance(logs) / logs.length));
        }

        /** Half the interval's width over the level in log terms ({@code 0.05}: +-5%), or NaN without one. */
        public double precision() {
            return interval == null ? Double.NaN : Math.sqrt(interval.high() / interval.low()) - 1;
        }

        /** The same row with every level and interval multiplied by {@code f} (a run divided by its speed probe). */
        public Summary scaled(double f) {
            Function<Interval, Interval> times = i -> i == null ? null
                    : new Interval(i.low() * f, i.high() * f);
            return new Summary(forks, samples, median * f, forkMedians.stream().map(x -> x * f).toList(), min * f,
                    max * f, times.apply(interval), flag, states.stream().map(st -> new State(st.forkLevels().stream()
                            .map(x -> x * f).toList(), st.level() * f, times.apply(st.interval()), st.of(), st.share(),
                            st.rerun()))
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
        return summarize(byFork, RerunComponent.NONE);
    }

    /** The same, a row's: its intervals carry the run-to-run component {@code rerun}. */
    public static Summary summarize(List<List<Double>> byFork, RerunComponent rerun) {
        return summarize(byFork.stream().filter(f -> !f.isEmpty()).map(ForkSeries::measured).toList(), null, rerun);
    }

    /**
     * Summarises whole fork series (warm-up included; any unit, the report uses ns per step);
     * {@code pilot}: how many first forks planned the fork count (null: the count was fixed).
     */
    public static Summary summarize(List<ForkSeries> series, Integer pilot) {
        return summarize(series, pilot, RerunComponent.NONE);
    }

    /**
     * Summarises a row's fork series: each fork classified against the row's noise (the pooled
     * noise of its JVMs, so that a short fork does not find changes in its own noise), grouped in
     * states, each state with its 95% interval for a re-run's level ({@link RerunComponent#halfWidth}:
     * the spread of every fork, whether or not a pilot planned the count, and the run-to-run
     * component {@code rerun}).
     */
    public static Summary summarize(List<ForkSeries> series, Integer pilot, RerunComponent rerun) {
        if (series.isEmpty()) {
            throw new IllegalArgumentException("no passes to summarise");
        }
        double noise = ForkSeries.noise(series);
        List<Steady> steady = series.stream().map(f -> f.steady(noise)).toList();
        List<Double> levels = steady.stream().map(Steady::level).toList();
        double[] measured = series.stream().flatMapToDouble(f -> Arrays.stream(f.measured())).toArray();
        List<List<Integer>> groups = States.groups(levels);
        List<State> states = new ArrayList<>();
        List<Double> apart = new ArrayList<>();
        for (List<Integer> g : groups) {
            List<Double> l = g.stream().map(levels::get).toList();
            if (g.size() == 1 && groups.size() > 1) {
                apart.add(l.get(0));
            } else {
                states.add(state(l, levels.size(), rerun));
            }
        }
        states.sort((a, b) -> a.forks() != b.forks() ? b.forks() - a.forks() : Double.compare(a.level(), b.level()));
        List<State> byLevel = states.stream().sorted((a, b) -> Double.compare(a.level(), b.level())).toList();
        State main = states.get(0);
        Flag flag = flag(byLevel, apart, steady, series);
        return new Summary(series.size(), measured.length, main.level(), levels, StatUtils.min(measured),
                StatUtils.max(measured), states.size() == 1 ? main.interval() : null, flag, byLevel, List.copyOf(apart),
                steady, pilot);
    }

    /** The fewest forks a state's interval is drawn from: two JVMs are shown as their two values. */
    public static final int MIN_INTERVAL = 3;

    /** A state of {@code levels}: their geometric mean, and its 95% interval for a re-run's level. */
    private static State state(List<Double> levels, int of, RerunComponent rerun) {
        double[] logs = levels.stream().mapToDouble(Math::log).toArray();
        double centre = StatUtils.mean(logs);
        Interval interval = null;
        if (logs.length >= MIN_INTERVAL) {
            int n0 = logs.length;
            double half = RerunComponent.halfWidth(StatUtils.variance(logs, 0, n0), logs.length, n0 - 1, rerun, CONFIDENCE);
            interval = new Interval(Math.exp(centre - half), Math.exp(centre + half));
        }
        return new State(levels, Math.exp(centre), interval, of, Proportions.wilson(levels.size(), of), rerun);
    }

    private static Flag flag(List<State> states, List<Double> apart, List<Steady> steady, List<ForkSeries> series) {
        long none = steady.stream().filter(s -> s.kind() == Steady.Kind.NONE).count();
        if (states.size() > 1) {
            return new Flag(Cause.STATES, describe(states, apart));
        }
        if (!apart.isEmpty()) { // one state and lone JVMs: a lone JVM is no state
            return new Flag(Cause.SPREAD, describe(states, apart));
        }
        if (none > 0) {
            return new Flag(Cause.UNSETTLED, none + " of " + steady.size() + " forks reached no steady state");
        }
        long late = steady.stream().filter(Steady::late).count();
        if (2 * late >= steady.size() && steady.size() >= 2) {
            double before = Numbers.median(steady.stream().filter(Steady::late).mapToDouble(Steady::before));
            return new Flag(Cause.MOVED, late + " of " + steady.size() + " forks changed level while measured"
                    + (Double.isFinite(before) ? " (from a median " + Numbers.number(before) + ")" : ""));
        }
        Optional<WarmupCheck.Finding> warm = WarmupCheck.of(series, steady);
        if (warm.isPresent()) {
            return new Flag(warm.get().warmupTooShort() ? Cause.WARMUP : Cause.FIRST_APART, warm.get().text());
        }
        State s = states.get(0);
        double lo = s.forkLevels().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double hi = s.forkLevels().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return hi / lo > SPREAD ? new Flag(Cause.SPREAD, String.format(Locale.ROOT, "fork levels %.2fx apart", hi / lo))
                : null;
    }

    /**
     * The 95% t interval of the mean of log fork levels, back on the scale of the values (a
     * confidence interval over forks: probes, costs); null for one fork.
     */
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

    /** A level as the tables write it: 2 decimals under 10, 1 under 1,000, none above. */
    public static String number(double v) {
        return Numbers.number(v);
    }

    /** The natural logarithm of each value. */
    static double[] logs(double[] values) {
        return Arrays.stream(values).map(Math::log).toArray();
    }

    /** The median of the finite values (the mean of the middle two for an even count), NaN if there are none. */
    public static double median(DoubleStream values) {
        return Numbers.median(values);
    }

    /** a / b, level over level; the interval and p need two forks on each side. */
    public static Ratio ratio(Summary a, Summary b) {
        return a.states().size() == 1 && b.states().size() == 1 ? ratio(a.states().get(0), b.states().get(0), CONFIDENCE)
                : new Ratio(a.median() / b.median(), null, Double.NaN);
    }

    /** One state of a over one state (or the whole) of b, with its 95% interval. */
    public static Ratio ratio(State a, State b) {
        return ratio(a, b, CONFIDENCE);
    }

    /**
     * One state of a over one of b at {@code confidence}: the difference of their mean log fork
     * levels, its variance each side's forks' over their count plus each side's run-to-run
     * component (a ratio between runs, or between two rows that each move between runs), or the
     * side's id's own spread of levels over earlier runs where wider ({@link RerunComponent#floored}),
     * Student's t on Welch-Satterthwaite's degrees of freedom; its p-value tests a ratio of 1.
     */
    public static Ratio ratio(State a, State b, double confidence) {
        double value = a.level() / b.level();
        if (a.forks() < 2 || b.forks() < 2) {
            return new Ratio(value, null, Double.NaN);
        }
        double[] la = a.forkLevels().stream().mapToDouble(Math::log).toArray();
        double[] lb = b.forkLevels().stream().mapToDouble(Math::log).toArray();
        double diff = StatUtils.mean(la) - StatUtils.mean(lb);
        double[] va = a.rerun().floored(StatUtils.variance(la), la.length, la.length - 1);
        double[] vb = b.rerun().floored(StatUtils.variance(lb), lb.length, lb.length - 1);
        double[] parts = {va[0], vb[0]};
        double[] dfs = {va[1], vb[1]};
        double var = Arrays.stream(parts).sum();
        if (var == 0) { // identical forks on both sides and no run component: only possible with synthetic data
            return new Ratio(value, new Interval(Math.exp(diff), Math.exp(diff)), diff == 0 ? 1 : 0);
        }
        double denominator = 0;
        for (int i = 0; i < parts.length; i++) {
            denominator += parts[i] == 0 ? 0 : parts[i] * parts[i] / dfs[i];
        }
        double df = Math.max(1, var * var / denominator);
        double half = RerunComponent.quantile(df, confidence) * Math.sqrt(var);
        double p = 2 * new TDistribution(df).cumulativeProbability(-Math.abs(diff) / Math.sqrt(var));
        return new Ratio(value, new Interval(Math.exp(diff - half), Math.exp(diff + half)), p);
    }

    /** Whether two rows (or states) are separated: each has an interval, and the two share no value. */
    public static boolean separated(Interval a, Interval b) {
        return a != null && b != null && a.apart(b);
    }

    /** The two-sided Student t quantile for {@link #CONFIDENCE}. */
    static double t(double degreesOfFreedom) {
        return Numbers.t(degreesOfFreedom);
    }

    /** "two states 1.39x apart (4 of 6 JVMs, 2 of 6); 1 JVM apart at 358.4": how many, how far apart, their JVMs. */
    static String describe(List<State> states, List<Double> apart) {
        String text = "";
        if (states.size() > 1) {
            String count = states.size() == 2 ? "two" : states.size() == 3 ? "three" : String.valueOf(states.size());
            double spread = states.get(states.size() - 1).level() / states.get(0).level();
            text = String.format(Locale.ROOT, "%s states %.2fx apart (%s)", count, spread,
                    String.join(", ", states.stream().map(State::jvms).toList()));
        }
        if (!apart.isEmpty()) {
            int of = states.get(0).of();
            text += (text.isEmpty() ? "" : "; ") + apart.size() + (apart.size() == 1 ? " JVM" : " JVMs") + " of " + of
                    + " apart at " + String.join(", ", apart.stream().map(Numbers::number).toList());
        }
        return text;
    }
}
