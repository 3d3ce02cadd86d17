package threadring.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import threadring.bench.data.Run;
import threadring.bench.stats.LikeWithLike;
import threadring.bench.stats.Numbers;
import threadring.bench.stats.Rerun;
import threadring.bench.stats.Stats;
import org.apache.commons.math3.stat.StatUtils;

/**
 * Each id's own spreads over earlier runs ({@link Rerun.Spread}), from the newest {@link #RUNS}
 * runs that measured it: its JVMs' (the variance of its main state's log fork levels within each
 * run, pooled by degrees of freedom; a state whose JVMs stand more than {@link Stats#SPREAD} apart
 * is states the grouping did not part, left out) and its level's (the standard deviation of its
 * main state's level between runs, from {@link #MIN_RUNS} runs, leaving out a run whose level stands
 * more than {@link LikeWithLike#MATCH} from their median: another state of the id, not the same one
 * moved). The main state is a row's largest of {@link #STATE_FORKS} JVMs or more. A new
 * run's rows floor their intervals by them ({@link Rerun.Part#floored}).
 */
public final class Spreads {

    /** The fewest earlier runs an id's level's spread is taken from. */
    public static final int MIN_RUNS = Rerun.Spread.MIN_RUNS;
    /** The most: the newest this many runs that measured the id. */
    public static final int RUNS = 8;

    private Spreads() {}

    /** The spreads of every id with a main state in any of {@code runs} (newest first), by {@link Rerun#idKey}. */
    public static Map<String, Rerun.Spread> of(List<Run> runs) {
        Map<String, List<double[]>> states = new TreeMap<>(); // key -> each run's main state's log fork levels
        for (Run run : runs) {
            for (Series s : Series.of(run)) {
                for (Series.Row row : s.rows(run, Rerun.Part.NONE)) {
                    List<double[]> l = states.computeIfAbsent(Rerun.idKey(s.label(), s.size(), row.id()),
                            k -> new ArrayList<>());
                    if (l.size() < RUNS) {
                        main(row.summary()).ifPresent(st -> l.add(st.forkLevels().stream().mapToDouble(Math::log)
                                .toArray()));
                    }
                }
            }
        }
        Map<String, Rerun.Spread> spreads = new TreeMap<>();
        states.forEach((key, l) -> {
            if (l.isEmpty()) {
                return;
            }
            double squares = 0;
            int df = 0;
            for (double[] logs : l) {
                if (StatUtils.max(logs) - StatUtils.min(logs) <= Math.log(Stats.SPREAD)) {
                    squares += StatUtils.variance(logs) * (logs.length - 1);
                    df += logs.length - 1;
                }
            }
            double[] means = l.stream().mapToDouble(StatUtils::mean).toArray();
            double median = Numbers.median(java.util.Arrays.stream(means));
            double[] kept = java.util.Arrays.stream(means)
                    .filter(x -> Math.abs(x - median) <= Math.log(LikeWithLike.MATCH)).toArray();
            boolean level = kept.length >= MIN_RUNS;
            spreads.put(key, new Rerun.Spread(df > 0 ? Math.sqrt(squares / df) : 0, df,
                    level ? Math.sqrt(StatUtils.variance(kept)) : 0, level ? kept.length : 0));
        });
        return spreads;
    }

    /**
     * The rows of {@code run} whose interval its id's spreads widened, e.g. "ring quasar/fiber 3.1% to
     * 8.4%" (the sd of a run's level from its forks and its class alone, and floored).
     */
    public static List<String> widened(Run run) {
        List<String> out = new ArrayList<>();
        List<Series> all = Series.of(run);
        for (Series s : all) {
            for (Series.Row row : s.rows(run)) {
                for (Stats.State st : row.summary().states()) {
                    if (st.rerun().levels() == null || st.forks() < Stats.MIN_INTERVAL) {
                        continue;
                    }
                    double[] logs = st.forkLevels().stream().mapToDouble(Math::log).toArray();
                    double variance = StatUtils.variance(logs);
                    double own = Math.sqrt(st.rerun().withLevels(null).floored(variance, logs.length,
                            logs.length - 1)[0]);
                    double floored = Math.sqrt(st.rerun().floored(variance, logs.length, logs.length - 1)[0]);
                    if (floored > own * 1.0005) { // wider by more than rounding
                        boolean several = all.stream().filter(x -> x.workload() == s.workload()).count() > 1;
                        out.add(String.format(java.util.Locale.ROOT, "%s %s%s %.1f%% to %.1f%%", s.workload().label(),
                                row.id(), several ? " (" + s.label() + " " + s.size().key() + ")" : "", 100 * own,
                                100 * floored));
                    }
                }
            }
        }
        return out;
    }

    /** The fewest forks a state needs to speak for the row's level. */
    static final int STATE_FORKS = 3;

    /** A row's main state: its largest of {@link #STATE_FORKS} JVMs or more, if it has one. */
    static java.util.Optional<Stats.State> main(Stats.Summary s) {
        return s.states().stream().filter(x -> x.forks() >= STATE_FORKS)
                .max(java.util.Comparator.comparingInt(Stats.State::forks));
    }
}
