package threadring.bench.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * Forks that settle at levels far apart: sorted by level, the forks split wherever two neighbours
 * are more than {@link #GAP} apart. A group of two forks or more is a state of the row (a JIT
 * decision, a GC that promoted the workload, a carrier's cpu); a fork alone on its side of a gap
 * is one JVM apart, reported as such, not a state. The gap was chosen on simulated JVMs (a pilot
 * of four forks, up to six): between forks that vary by 8% around one level, an 18% gap splits 0.4%
 * of rows into two states and sets one JVM apart in 4%, so that the rows' intervals still cover
 * the level 93.8% of the time counting every split row as a miss (a 15% gap: 1.8%, 8%, 91.6%);
 * it finds both of two equally likely states 1.3x apart in 71% of six-fork rows (15%: 77%).
 */
public final class States {

    /** The smallest gap between neighbouring fork levels that separates states: 18%. */
    public static final double GAP = 1.18;

    private States() {}

    /** The forks' indexes grouped, fastest group first. */
    static List<List<Integer>> groups(List<Double> levels) {
        List<Integer> sorted = IntStream.range(0, levels.size()).boxed()
                .sorted(Comparator.comparingDouble(levels::get)).toList();
        List<List<Integer>> groups = new ArrayList<>();
        List<Integer> current = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            if (i > 0 && levels.get(sorted.get(i)) > levels.get(sorted.get(i - 1)) * GAP) {
                groups.add(List.copyOf(current));
                current.clear();
            }
            current.add(sorted.get(i));
        }
        groups.add(List.copyOf(current));
        return groups;
    }

    /** "two states 1.39x apart (4 of 6 JVMs, 2 of 6); 1 JVM apart at 358.4": how many, how far apart, their JVMs. */
    static String describe(List<Stats.State> states, List<Double> apart) {
        String text = "";
        if (states.size() > 1) {
            String count = states.size() == 2 ? "two" : states.size() == 3 ? "three" : String.valueOf(states.size());
            double spread = states.get(states.size() - 1).level() / states.get(0).level();
            text = String.format(Locale.ROOT, "%s states %.2fx apart (%s)", count, spread,
                    String.join(", ", states.stream().map(Stats.State::jvms).toList()));
        }
        if (!apart.isEmpty()) {
            int of = states.get(0).of();
            text += (text.isEmpty() ? "" : "; ") + apart.size() + (apart.size() == 1 ? " JVM" : " JVMs") + " of " + of
                    + " apart at " + String.join(", ", apart.stream().map(v -> String.format(Locale.ROOT,
                            v < 10 ? "%.2f" : v < 1000 ? "%.1f" : "%,.0f", v)).toList());
        }
        return text;
    }
}
