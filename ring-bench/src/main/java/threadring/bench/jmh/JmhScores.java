package threadring.bench.jmh;

import org.openjdk.jmh.results.Result;

/** How the runner reads JMH's results: the primary score in ms per pass, a secondary result's name. */
final class JmhScores {

    private JmhScores() {}

    /** A score in milliseconds per pass (the options ask JMH for ms). */
    static double ms(Result<?> r) {
        if (!"ms/op".equals(r.getScoreUnit())) {
            throw new IllegalStateException("expected ms/op from JMH, got " + r.getScoreUnit());
        }
        return r.getScore();
    }

    /** A secondary metric's name without a prefix JMH may put before it ("·gc.alloc.rate.norm"). */
    static String metric(String key) {
        int i = 0;
        while (i < key.length() && !Character.isLetterOrDigit(key.charAt(i))) {
            i++;
        }
        return key.substring(i);
    }
}
