package threadring.bench.stats;

import java.util.List;
import org.apache.commons.math3.stat.StatUtils;

/**
 * How many forks a row gets, planned once from a pilot (Stein's two-stage procedure, 1945): the
 * first {@code n0} forks estimate the spread between JVMs, which fixes the total
 * {@code N = max(n0, ceil((t * s / d)^2))} for a half-width {@code d}, up to a cap. Because
 * {@code N} depends on the pilot's spread alone, the interval {@code mean ± t(n0-1) s / sqrt(N)}
 * keeps its 95% coverage whatever {@code N} turns out (and wherever the cap cuts it), unlike
 * adding forks until the interval happens to look narrow, which stops early exactly when the
 * first forks happened to agree. A pilot whose forks already stand in states gets the cap: more
 * JVMs say how often each state comes.
 */
public final class Forks {

    /** The pilot: four forks (three gave intervals 1.3x wider for the same coverage, in simulation). */
    public static final int PILOT = 4;

    private Forks() {}

    /** The forks in all for a row whose first forks' levels are {@code pilot}, for +-{@code precision}, at most {@code cap}. */
    public static int planned(List<Double> pilot, double precision, int cap) {
        int n0 = pilot.size();
        if (n0 >= cap) {
            return n0;
        }
        if (n0 < 2 || States.groups(pilot).size() > 1) {
            return cap;
        }
        double s = Math.sqrt(StatUtils.variance(pilot.stream().mapToDouble(Math::log).toArray()));
        double d = Math.log(1 + precision);
        double t = Stats.t(n0 - 1);
        long n = (long) Math.ceil(t * t * s * s / (d * d));
        return (int) Math.max(n0, Math.min(cap, n));
    }

    /** Stein's interval over every fork's level, the first {@code pilot} of them the pilot. */
    static Stats.Interval stein(List<Double> levels, int pilot) {
        double[] logs = levels.stream().mapToDouble(Math::log).toArray();
        double s = Math.sqrt(StatUtils.variance(logs, 0, pilot));
        double centre = StatUtils.mean(logs);
        double half = Stats.t(pilot - 1) * s / Math.sqrt(logs.length);
        return new Stats.Interval(Math.exp(centre - half), Math.exp(centre + half));
    }
}
