package threadring.bench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.apache.commons.math3.stat.StatUtils;

/**
 * Forks in separated groups: JVMs that land in one of two (or more) states and stay there for
 * the whole fork (a JIT decision, a carrier placement), so that no single value describes them.
 * Sorted by their medians, the forks split at the widest gap when it is at least {@link #GAP}
 * (25%) and at least {@link #MARGIN} times both the spread inside either side and the noise of
 * the forks' own iterations; each side splits again the same way. One group: no modes.
 */
public final class Modes {

    /** The smallest gap between two modes' fork medians, as a ratio. */
    public static final double GAP = 1.25;
    /** How many times the gap must exceed the spread inside each group and the iterations' noise. */
    public static final double MARGIN = 3;

    private Modes() {}

    /** The forks' indexes grouped into modes, fastest first. */
    static List<List<Integer>> groups(List<double[]> forks, List<Double> medians) {
        double noise = noise(forks);
        List<Integer> sorted = IntStream.range(0, medians.size()).boxed()
                .sorted(Comparator.comparingDouble(medians::get)).toList();
        List<List<Integer>> groups = new ArrayList<>();
        split(sorted, medians, noise, groups);
        return groups;
    }

    private static void split(List<Integer> sorted, List<Double> medians, double noise, List<List<Integer>> into) {
        int at = -1;
        double widest = 0;
        for (int i = 0; i + 1 < sorted.size(); i++) {
            double gap = Math.log(medians.get(sorted.get(i + 1))) - Math.log(medians.get(sorted.get(i)));
            if (gap > widest) {
                widest = gap;
                at = i;
            }
        }
        if (at >= 0) {
            List<Integer> low = sorted.subList(0, at + 1);
            List<Integer> high = sorted.subList(at + 1, sorted.size());
            double inside = Math.max(Math.max(range(low, medians), range(high, medians)), noise);
            if (widest >= Math.log(GAP) && widest >= MARGIN * inside) {
                split(low, medians, noise, into);
                split(high, medians, noise, into);
                return;
            }
        }
        into.add(List.copyOf(sorted));
    }

    /** The spread of a sorted group's medians, in log. */
    private static double range(List<Integer> sorted, List<Double> medians) {
        return Math.log(medians.get(sorted.get(sorted.size() - 1))) - Math.log(medians.get(sorted.get(0)));
    }

    /** The pooled standard deviation of the log iterations inside each fork (0 with single iterations). */
    static double noise(List<double[]> forks) {
        double ss = 0;
        int df = 0;
        for (double[] f : forks) {
            if (f.length >= 2) {
                double[] logs = Arrays.stream(f).map(Math::log).toArray();
                ss += StatUtils.variance(logs) * (logs.length - 1);
                df += logs.length - 1;
            }
        }
        return df == 0 ? 0 : Math.sqrt(ss / df);
    }

    /** "two modes 3.16x apart (2 forks, 1 fork)": how many, how far apart, how many forks each. */
    static String describe(List<Stats.Mode> modes) {
        String count = modes.size() == 2 ? "two" : modes.size() == 3 ? "three" : String.valueOf(modes.size());
        double apart = modes.get(modes.size() - 1).median() / modes.get(0).median();
        List<String> forks = modes.stream().map(m -> m.forks() + (m.forks() == 1 ? " fork" : " forks")).toList();
        return String.format(Locale.ROOT, "%s modes %.2fx apart (%s)", count, apart, String.join(", ", forks));
    }
}
