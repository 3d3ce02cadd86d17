package threadring.bench.report;

import java.util.Optional;
import threadring.bench.data.Run;
import threadring.bench.rerun.model.RatioRerun;
import threadring.bench.rerun.project.Reruns;
import threadring.bench.stats.Stats;

/**
 * The answer's ratio of two rows of one run: main state over main state, each a state that speaks
 * for its row, with the interval a re-run's ratio falls in at its class's component.
 */
public final class MainStateRatio {

    private MainStateRatio() {}

    /** The class of the ratio of {@code x} over {@code y} in series {@code s}. */
    public static String key(Series<?> s, String x, String y) {
        return RatioRerun.key(s.workload().label(), Carriers.across(x, s.config()), Carriers.across(y, s.config()));
    }

    /**
     * Row {@code a} over row {@code b} of a series of {@code run}, as the answer states a ratio: main
     * state over main state ({@link #answerState}), with the 95% interval of a re-run's ratio
     * ({@link RatioRerun#of}) at its class's component ({@link Reruns#ratios}); the levels' ratio
     * alone where a side has no main state.
     */
    public static Stats.Ratio between(Run run, Series<?> s, Series.Row a, Series.Row b) {
        Optional<Stats.State> sa = answerState(a.summary());
        Optional<Stats.State> sb = answerState(b.summary());
        if (sa.isEmpty() || sb.isEmpty()) {
            return new Stats.Ratio(a.summary().median() / b.summary().median(), null, Double.NaN);
        }
        return RatioRerun.of(sa.get(), sb.get(), RatioRerun.part(Reruns.ratios(run), key(s, a.id(), b.id())));
    }

    /** The main state of a row for the answer: its largest state of three JVMs or more, holding at least half of them. */
    public static Optional<Stats.State> answerState(Stats.Summary s) {
        return s.mainState().filter(Stats.State::speaks);
    }
}
