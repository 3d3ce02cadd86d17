package threadring.bench.stats;

/**
 * Adaptive forks: after the first forks, how many more a row needs for its 95% interval to be
 * within the precision asked (half its width over the median), up to a cap. A row in modes gets
 * the cap (more JVMs say how often each mode comes); a drifting row gets none (more forks drift
 * the same way); one fork gives no spread to plan with, so the next are the cap's.
 */
public final class Forks {

    private Forks() {}

    /** Forks to add to {@code s} (which has {@code s.forks()}) for +-{@code precision}, at most {@code cap} in all. */
    public static int more(Stats.Summary s, double precision, int cap) {
        int n = s.forks();
        if (n >= cap) {
            return 0;
        }
        if (s.flag() != null) {
            return s.flag().cause() == Stats.Cause.DRIFT ? 0 : cap - n;
        }
        if (n < 2) {
            return cap - n;
        }
        if (s.precision() <= precision) {
            return 0;
        }
        // the forks' spread in log, and the smallest k whose interval t(k-1) sd / sqrt(k) is within the precision
        double sd = Math.sqrt(org.apache.commons.math3.stat.StatUtils.variance(s.logForkMedians()));
        double goal = Math.log(1 + precision);
        for (int k = n + 1; k <= cap; k++) {
            if (Stats.t(k - 1) * sd / Math.sqrt(k) <= goal) {
                return k - n;
            }
        }
        return cap - n;
    }
}
