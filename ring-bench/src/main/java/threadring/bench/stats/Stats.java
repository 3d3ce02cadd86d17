package threadring.bench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * What the passes of one id say, with the JVM as the unit of repetition: passes inside one fork
 * share that JVM's JIT decisions, heap layout and scheduler luck, so they agree with each other
 * far better than with another fork. Each fork therefore counts once, through its median pass,
 * and the interval comes from the spread of those fork medians: Student's t on their logarithms
 * with k-1 degrees of freedom, the between-JVM level of a two-level (forks, iterations) model
 * (Georges, Buytaert and Eeckhout 2007; Kalibera and Jones 2013). Ordinary spread between forks
 * widens the interval; it is never a flag. A row is flagged only where its one interval cannot be
 * trusted, by effect size and with its cause: forks in separated groups ({@link Modes}, reported
 * as modes, never averaged), a trend inside every fork ({@link Drift}), or forks scattered more
 * than {@link #SPREAD} apart. All distributions and tests are commons-math3's.
 */
public final class Stats {

    /** Confidence of every interval and test. */
    public static final double CONFIDENCE = 0.95;
    /**
     * Forks whose medians scatter more than this (the slowest over the fastest) without forming
     * modes make a row's interval rest on a few JVMs' luck: flagged.
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
    }

    /** Why a row's interval cannot be trusted. */
    public enum Cause {
        MODES("modes"), DRIFT("drift"), SPREAD("forks apart");

        public final String label;

        Cause(String label) {
            this.label = label;
        }
    }

    /** A flag: its cause and what it found, e.g. "rose 27% over each fork's measured iterations". */
    public record Flag(Cause cause, String text) {}

    /**
     * A group of forks whose medians agree with each other and stand apart from the others': its
     * forks' medians, the median of its forks' passes and its own interval (null with one fork).
     */
    public record Mode(List<Double> forkMedians, double median, Interval interval) {
        public int forks() {
            return forkMedians.size();
        }
    }

    /**
     * One id: the median of all passes, each fork's median, min and max, the 95% interval (null
     * with fewer than two forks, one JVM says nothing about the next; null too where the forks form
     * modes, which have an interval each), the flag (null: the interval is a claim), and the modes
     * (one for an ordinary row).
     */
    public record Summary(int forks, int samples, double median, List<Double> forkMedians, double min, double max,
            Interval interval, Flag flag, List<Mode> modes) {

        /** Whether the interval cannot be trusted (see {@link #flag}). */
        public boolean isUnstable() {
            return flag != null;
        }

        /** The flag's text, with its cause: "two modes: ...", or null. */
        public String unstable() {
            return flag == null ? null : flag.cause().label + ": " + flag.text();
        }

        /** Whether the forks fall into separated groups. */
        public boolean modal() {
            return modes.size() > 1;
        }

        double[] logForkMedians() {
            return forkMedians.stream().mapToDouble(Math::log).toArray();
        }

        /** Half the interval's width over the median ({@code 0.05}: +-5%), or NaN without an interval. */
        public double precision() {
            return interval == null ? Double.NaN : Math.max(interval.high() / median - 1, 1 - interval.low() / median);
        }
    }

    /** A ratio a/b of two summaries: the ratio of their medians, a 95% interval and Welch's p-value. */
    public record Ratio(double value, Interval interval, double p) {
        /** True when the interval lies wholly on one side of 1 (the test rejects "no difference"). */
        public boolean separates() {
            return interval != null && interval.excludes(1.0);
        }
    }

    /** Summarises passes given per fork (any unit; the report uses ns per step). */
    public static Summary summarize(List<List<Double>> byFork) {
        List<double[]> forks = new ArrayList<>();
        for (List<Double> f : byFork) {
            if (!f.isEmpty()) {
                forks.add(f.stream().mapToDouble(Double::doubleValue).toArray());
            }
        }
        if (forks.isEmpty()) {
            throw new IllegalArgumentException("no passes to summarise");
        }
        double[] all = forks.stream().flatMapToDouble(Arrays::stream).toArray();
        List<Double> medians = forks.stream().map(f -> new Median().evaluate(f)).toList();
        double median = new Median().evaluate(all);
        if (forks.size() < 2) {
            return new Summary(1, all.length, median, medians, StatUtils.min(all), StatUtils.max(all), null, null,
                    List.of(new Mode(medians, median, null)));
        }
        List<List<Integer>> groups = Modes.groups(forks, medians);
        List<Mode> modes = new ArrayList<>();
        for (List<Integer> g : groups) {
            List<Double> m = g.stream().map(medians::get).toList();
            double[] passes = g.stream().flatMapToDouble(i -> Arrays.stream(forks.get(i))).toArray();
            modes.add(new Mode(m, new Median().evaluate(passes), interval(m)));
        }
        Flag flag = null;
        Interval interval = null;
        if (modes.size() > 1) {
            flag = new Flag(Cause.MODES, Modes.describe(modes));
        } else {
            interval = interval(medians);
            flag = Drift.of(forks);
            double lo = medians.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
            double hi = medians.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
            if (flag == null && hi / lo > SPREAD) {
                flag = new Flag(Cause.SPREAD, String.format(Locale.ROOT, "fork medians %.2fx apart", hi / lo));
            }
        }
        return new Summary(forks.size(), all.length, median, medians, StatUtils.min(all), StatUtils.max(all),
                interval, flag, List.copyOf(modes));
    }

    /** The 95% interval of the mean of log fork medians, back on the scale of the values; null for one fork. */
    static Interval interval(List<Double> forkMedians) {
        if (forkMedians.size() < 2) {
            return null;
        }
        double[] logs = forkMedians.stream().mapToDouble(Math::log).toArray();
        if (StatUtils.variance(logs) == 0) { // identical forks: the value itself, not its rounded logarithm
            return new Interval(forkMedians.get(0), forkMedians.get(0));
        }
        double half = t(logs.length - 1) * Math.sqrt(StatUtils.variance(logs) / logs.length);
        double centre = StatUtils.mean(logs);
        return new Interval(Math.exp(centre - half), Math.exp(centre + half));
    }

    /** The median of the finite values (the mean of the middle two for an even count), NaN if there are none. */
    public static double median(java.util.stream.DoubleStream values) {
        double[] v = values.filter(Double::isFinite).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /** a / b; the interval and p need two forks on each side. */
    public static Ratio ratio(Summary a, Summary b) {
        return ratio(a.median(), a.forkMedians(), b.median(), b.forkMedians());
    }

    /** One mode of a over one mode (or the whole) of b. */
    public static Ratio ratio(Mode a, Mode b) {
        return ratio(a.median(), a.forkMedians(), b.median(), b.forkMedians());
    }

    private static Ratio ratio(double medianA, List<Double> forksA, double medianB, List<Double> forksB) {
        double value = medianA / medianB;
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
