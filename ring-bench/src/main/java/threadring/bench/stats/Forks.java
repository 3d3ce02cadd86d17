package threadring.bench.stats;

import java.util.List;
import org.apache.commons.math3.stat.StatUtils;

/**
 * How many forks a row gets, planned once from a pilot (Stein's two-stage procedure, 1945): the
 * first {@code n0} forks estimate the spread between JVMs, which fixes the total
 * {@code N = max(n0, ceil((t * s / d)^2))} for a half-width {@code d}, up to a cap: the first
 * stage of Stein's procedure. Planned once, {@code N} does not stop early where the first forks
 * happened to agree, as adding forks until the interval looks narrow would. The interval is not
 * Stein's second stage ({@code mean ± t(n0-1) s / sqrt(N)}): it is Student's t over every fork
 * ({@link Stats}), whose coverage the re-run checks measure. What the forks buy is only their share of a row's interval: the
 * run-to-run component ({@link RerunComponent}) is not bought down by forks, so the report says what the
 * forks bought ("+-7.3% with 6 forks") rather than promise the target.
 *
 * <p>A row whose JVMs stand in states ({@link States}) is another question: how often each state
 * comes. It gets forks one round at a time until every state's share (and every lone JVM's) is
 * known within {@link #SHARE_WIDTH} (half its 95% Wilson interval), up to its own cap; it reaches
 * that with about 9 forks for a state of half the JVMs, which a row of 6 never could (a state of 2
 * of 6 JVMs has a share interval of [0.10, 0.70]).
 */
public final class Forks {

    /** The pilot: four forks (three gave intervals 1.3x wider for the same coverage, in simulation). */
    public static final int PILOT = 4;

    private Forks() {}

    /** A state's share is known when half its 95% Wilson interval is at most this. */
    public static final double SHARE_WIDTH = 0.30;

    /** The forks in all for a row whose first forks' levels are {@code pilot}, for +-{@code precision}, at most {@code cap}. */
    public static int planned(List<Double> pilot, double precision, int cap) {
        int n0 = pilot.size();
        if (n0 >= cap) {
            return n0;
        }
        if (n0 < 2) {
            return cap;
        }
        if (States.groups(pilot).size() > 1) {
            return n0; // in states: shares decide, round by round (sharesKnown)
        }
        double s = Math.sqrt(StatUtils.variance(pilot.stream().mapToDouble(Math::log).toArray()));
        double d = Math.log(1 + precision);
        double t = Numbers.t(n0 - 1);
        long n = (long) Math.ceil(t * t * s * s / (d * d));
        return (int) Math.max(n0, Math.min(cap, n));
    }

    /** Whether the row's forks so far ({@code levels}) stand in states, or set a JVM apart. */
    public static boolean split(List<Double> levels) {
        return States.groups(levels).size() > 1;
    }

    /**
     * A split row gets at least this many forks before its shares count as known: fewer split
     * falsely too often where JVMs vary by 10% or more (a lone JVM of six is "known" within +-0.27).
     */
    public static final int SPLIT_FORKS = 8;

    /** Whether every group of a split row's forks has its share known within {@link #SHARE_WIDTH}, from {@link #SPLIT_FORKS} forks on. */
    public static boolean sharesKnown(List<Double> levels) {
        int n = levels.size();
        return n >= SPLIT_FORKS && States.groups(levels).stream().allMatch(g -> {
            Interval w = Proportions.wilson(g.size(), n);
            return (w.high() - w.low()) / 2 <= SHARE_WIDTH;
        });
    }

    /** Half the widest share interval of a split row's groups: what its forks say of how often each state comes. */
    public static double shareWidth(List<Double> levels) {
        int n = levels.size();
        return States.groups(levels).stream().mapToDouble(g -> {
            Interval w = Proportions.wilson(g.size(), n);
            return (w.high() - w.low()) / 2;
        }).max().orElse(1);
    }
}
