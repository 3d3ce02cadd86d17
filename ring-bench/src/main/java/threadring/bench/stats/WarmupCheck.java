package threadring.bench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a row's later forks were measured before their JVMs settled, judged against the row's
 * long-warmed fork (the first, which warms up for the whole settle window and so shows when the
 * id settles). A warm-up was too short where the later forks read more than {@link #TOLERANCE}
 * slower than the long-warmed JVM's level and either sign says so beyond noise:
 * <ul>
 *   <li>the long-warmed JVM itself, read where the later forks were measured (from their warm-up's
 *       end for as long as they measured), was still slower than its own steady level, it settled
 *       only after that, and no later fork reads faster than that level (else the evidence points
 *       both ways);
 *   <li>the long-warmed JVM's level lies below every later fork's: the settled JVM would otherwise
 *       be set apart and the unsettled ones quoted.
 * </ul>
 * A long-warmed JVM that reads slower than every later fork is another difference, named as such;
 * one that was faster early, or whose later forks do not read slower, says nothing of warm-up (of
 * eleven "warm-up too short" flags in the sweeps of 2026-11-28, eight were such).
 * Nothing to judge where no fork warmed up at least twice as long as the others (a fixed warm-up).
 */
final class WarmupCheck {

    /** Later forks within 3% of the long-warmed JVM's level are warmed enough. */
    static final double TOLERANCE = Math.log(1.03);
    /**
     * A difference beyond the tolerance flags the row only where it is also beyond this many of its
     * standard errors: a fan-out whose iterations scatter by 15% cannot tell 3% in eight of them,
     * and a flat 3% flagged most such rows on noise alone.
     */
    static final double Z = 2.5;

    private WarmupCheck() {}

    static Optional<Finding> of(List<ForkSeries> series, List<Steady> steady) {
        if (series.size() < 2) {
            return Optional.empty();
        }
        List<Double> warm = series.stream().map(WarmupCheck::warmupSeconds).toList();
        List<Double> later = warm.subList(1, warm.size());
        double laterWarm = Numbers.median(later.stream().mapToDouble(Double::doubleValue));
        if (!(warm.get(0) >= 2 * laterWarm) || laterWarm <= 0) {
            return Optional.empty();
        }
        ForkSeries first = series.get(0);
        double level = steady.get(0).level();
        List<Double> measuredSpans = new ArrayList<>();
        for (int i = 1; i < series.size(); i++) {
            measuredSpans.add(totalSeconds(series.get(i)) - warmupSeconds(series.get(i)));
        }
        double span = Numbers.median(measuredSpans.stream().mapToDouble(Double::doubleValue));
        double early = Steady.levelBetween(first.values(), first.seconds(), laterWarm, laterWarm + span);
        int inWindow = count(first, laterWarm, laterWarm + span);
        double[] logs = Arrays.stream(first.values()).map(Math::log).toArray();
        double noise = Changepoints.noise(Arrays.copyOfRange(logs, logs.length / 2, logs.length));
        // the standard error of a median of n iterations is about 1.25 noise / sqrt n
        int measured = first.values().length - first.warmups();
        double se = 1.2533 * noise * Math.sqrt(1.0 / Math.max(1, inWindow) + 1.0 / Math.max(1, measured));
        double off = Math.log(early / level);
        List<Double> others = steady.subList(1, steady.size()).stream().map(Steady::level).toList();
        double lo = others.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double hi = others.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        double median = Numbers.median(others.stream().mapToDouble(Double::doubleValue));
        boolean laterSlower = Math.log(median / level) > TOLERANCE;
        // one way only: the long-warmed JVM had not settled yet where the later forks were measured, and
        // no later fork reads faster than where it settled (threads/park in 20261130-020628 settled at 0.0 s,
        // read +15% at 0.5 s, and one later fork was 18% faster than it: that points both ways)
        boolean unsettledThen = steady.get(0).settledSeconds() > laterWarm;
        boolean noneFaster = Math.log(lo / level) > -TOLERANCE;
        if (Double.isFinite(early) && off > TOLERANCE && off > Z * se && laterSlower && unsettledThen && noneFaster) {
            return Optional.of(new Finding(true, String.format(Locale.ROOT, "later forks were measured from %.1f s, "
                    + "where the long-warmed JVM still read %s, %+.0f%% off the %s it settled at after %.1f s; they read "
                    + "%+.0f%%", laterWarm, Numbers.number(early), 100 * (early / level - 1), Numbers.number(level),
                    steady.get(0).settledSeconds(), 100 * (median / level - 1))));
        }
        // the long-warmed JVM against the others as one more JVM would fall: a 95% prediction interval
        double[] o = others.stream().mapToDouble(Math::log).toArray();
        double mean = Arrays.stream(o).average().orElse(Double.NaN);
        double sd = o.length < 2 ? Double.NaN : Math.sqrt(Arrays.stream(o).map(x -> (x - mean) * (x - mean))
                .sum() / (o.length - 1));
        double predict = o.length < 2 ? Double.POSITIVE_INFINITY
                : Numbers.t(o.length - 1) * Math.max(sd, noise / Math.sqrt(8)) * Math.sqrt(1 + 1.0 / o.length);
        double apart = Math.log(level) - mean;
        if ((level < lo || level > hi) && Math.abs(Math.log(median / level)) > TOLERANCE && Math.abs(apart) > predict) {
            String text = String.format(Locale.ROOT, "the long-warmed JVM read %s, the %d forks warmed %.1f s "
                    + "%s-%s (%+.0f%%)", Numbers.number(level), others.size(), laterWarm, Numbers.number(lo),
                    Numbers.number(hi), 100 * (median / level - 1));
            // slower forks than the settled JVM are what a short warm-up leaves; a slower settled JVM is not
            return Optional.of(new Finding(level < lo, level < lo ? text : text + ": the long-warmed JVM is the slow one"));
        }
        return Optional.empty();
    }

    /**
     * What the long-warmed JVM says of the others: a warm-up too short (the later forks read slower
     * than it had settled at, beyond noise) or another difference (it is the slow one), and in words.
     */
    record Finding(boolean warmupTooShort, String text) {}

    /** Iterations of {@code f} that ran wholly between {@code from} and {@code to} seconds into it. */
    static int count(ForkSeries f, double from, double to) {
        double t = 0;
        int n = 0;
        for (int i = 0; i < f.values().length; i++) {
            double start = t;
            t += f.seconds() == null ? 1 : f.seconds()[i];
            if (start >= from - 1e-9 && t <= to + 1e-9) {
                n++;
            }
        }
        return n;
    }

    static double warmupSeconds(ForkSeries f) {
        double s = 0;
        for (int i = 0; i < f.warmups(); i++) {
            s += f.seconds() == null ? 1 : f.seconds()[i];
        }
        return s;
    }

    static double totalSeconds(ForkSeries f) {
        double s = 0;
        for (int i = 0; i < f.values().length; i++) {
            s += f.seconds() == null ? 1 : f.seconds()[i];
        }
        return s;
    }
}
