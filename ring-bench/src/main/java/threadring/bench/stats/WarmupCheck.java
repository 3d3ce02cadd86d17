package threadring.bench.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a row's later forks were measured before their JVMs settled, judged against the row's
 * long-warmed fork (the first, which warms up for the whole settle window and so shows when the
 * id settles). Two signs, either of which flags the row:
 * <ul>
 *   <li>the long-warmed JVM itself, read where the later forks were measured (from their warm-up's
 *       end for as long as they measured), is more than {@link #TOLERANCE} off its own steady level;
 *   <li>the long-warmed JVM's level lies outside every later fork's and more than
 *       {@link #TOLERANCE} from their median: the settled JVM would otherwise be set apart and the
 *       unsettled ones quoted.
 * </ul>
 * Nothing to judge where no fork warmed up at least twice as long as the others (a fixed warm-up).
 */
final class WarmupCheck {

    /** Later forks within 3% of the long-warmed JVM's level are warmed enough. */
    static final double TOLERANCE = Math.log(1.03);

    private WarmupCheck() {}

    static Optional<String> of(List<ForkSeries> series, List<Steady> steady) {
        if (series.size() < 2) {
            return Optional.empty();
        }
        List<Double> warm = series.stream().map(WarmupCheck::warmupSeconds).toList();
        List<Double> later = warm.subList(1, warm.size());
        double laterWarm = Stats.median(later.stream().mapToDouble(Double::doubleValue));
        if (!(warm.get(0) >= 2 * laterWarm) || laterWarm <= 0) {
            return Optional.empty();
        }
        ForkSeries first = series.get(0);
        double level = steady.get(0).level();
        List<Double> measuredSpans = new ArrayList<>();
        for (int i = 1; i < series.size(); i++) {
            measuredSpans.add(totalSeconds(series.get(i)) - warmupSeconds(series.get(i)));
        }
        double span = Stats.median(measuredSpans.stream().mapToDouble(Double::doubleValue));
        double early = Steady.levelBetween(first.values(), first.seconds(), laterWarm, laterWarm + span);
        if (Double.isFinite(early) && Math.abs(Math.log(early / level)) > TOLERANCE) {
            return Optional.of(String.format(Locale.ROOT, "later forks were measured from %.1f s, where the long-warmed "
                    + "JVM still read %s, %+.0f%% off the %s it settled at after %.1f s", laterWarm, Stats.number(early),
                    100 * (early / level - 1), Stats.number(level), steady.get(0).settledSeconds()));
        }
        List<Double> others = steady.subList(1, steady.size()).stream().map(Steady::level).toList();
        double lo = others.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double hi = others.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        double median = Stats.median(others.stream().mapToDouble(Double::doubleValue));
        if ((level < lo || level > hi) && Math.abs(Math.log(median / level)) > TOLERANCE) {
            return Optional.of(String.format(Locale.ROOT, "the long-warmed JVM read %s, the %d forks warmed %.1f s "
                    + "%s-%s (%+.0f%%)", Stats.number(level), others.size(), laterWarm, Stats.number(lo),
                    Stats.number(hi), 100 * (median / level - 1)));
        }
        return Optional.empty();
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
