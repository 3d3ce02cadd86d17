package threadring.bench.report;

import java.util.List;
import threadring.bench.data.Run;
import threadring.bench.stats.Stats;

/**
 * Where the answer's ratios come from: one run ({@link #of}), or a pool of alike runs
 * ({@code docs.Pool}). Rows, levels, flags and costs are always the shown run's; only the ratios, and so
 * the tiers and speed-ups, are pooled.
 */
public interface Ratios {

    /**
     * The fewest of a pool's runs (all of a smaller pool's) a ratio pools over: fewer leave it the
     * newest run's, as two runs that disagree leave one degree of freedom.
     */
    int POOLED_RUNS = 3;

    /** The run whose rows the answer shows: the newest of a pool. */
    Run run();

    /** The runs the ratios are drawn from, newest first. */
    List<Run> runs();

    /** Row {@code a} over row {@code b} of series {@code s} of {@link #run}, with its interval where it has one. */
    Stats.Ratio between(Series<?> s, Series.Row a, Series.Row b);

    /** The ratios of one run: main state over main state, with the interval a re-run's ratio falls in. */
    static Ratios of(Run run) {
        return new Ratios() {
            @Override
            public Run run() {
                return run;
            }

            @Override
            public List<Run> runs() {
                return List.of(run);
            }

            @Override
            public Stats.Ratio between(Series<?> s, Series.Row a, Series.Row b) {
                return MainStateRatio.between(run, s, a, b);
            }
        };
    }
}
