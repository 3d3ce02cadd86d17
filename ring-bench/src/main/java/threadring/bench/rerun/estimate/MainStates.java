package threadring.bench.rerun.estimate;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import threadring.bench.data.Run;
import threadring.bench.report.Carriers;
import threadring.bench.report.Series;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.stats.IdSpread;
import threadring.bench.stats.RerunComponent;
import threadring.bench.stats.Stats;

/**
 * One run's main states, per series and id, summarised once with no run-to-run component: what the
 * run-to-run estimates ({@link Spreads}, {@link RatioPairs}) read, however often they read a run.
 * An id's main state is its largest of {@link #STATE_FORKS} JVMs or more; it speaks for the
 * row in the answer ({@link Main#answer}) where it also holds at least half of them.
 */
public record MainStates(String runId, Map<String, InSeries> series) {

    /** The fewest forks a state needs to speak for the row's level. */
    public static final int STATE_FORKS = Stats.Summary.MAIN_STATE_FORKS;

    /** One series' main states: its workload's label and, fastest first, each id's. */
    public record InSeries(String workload, Map<String, Main> ids) {}

    /** One id's main state, its key among the ids' spreads ({@link Rerun#idKey}), and whether it hands off across cpus. */
    public record Main(String id, String idKey, Stats.State state, boolean across) {

        /** Whether it speaks for the row in the answer ({@link Stats.State#speaks}). */
        public boolean answer() {
            return state.speaks();
        }

        /** Its state carrying the id's spreads {@code s} (none: null), as a row's state does. */
        public Stats.State withSpread(IdSpread s) {
            Stats.State st = state;
            return new Stats.State(st.forkLevels(), st.level(), st.interval(), st.of(), st.share(),
                    RerunComponent.NONE.withLevels(s));
        }
    }

    /** The main states of every series of {@code run}. */
    public static MainStates of(Run run) {
        Map<String, InSeries> series = new LinkedHashMap<>();
        for (Series<?> s : Series.of(run)) {
            Map<String, Main> ids = new LinkedHashMap<>();
            for (Series.Row row : s.rows(run, RerunComponent.NONE)) {
                main(row.summary()).ifPresent(st -> ids.put(row.id(), new Main(row.id(), Rerun.idKey(s.label(),
                        s.size(), row.id()), st, Carriers.across(row.id(), s.config()))));
            }
            series.put(key(s), new InSeries(s.workload().label(), ids));
        }
        return new MainStates(run.runId(), series);
    }

    /** A series' key: its configuration, workload and size. */
    public static String key(Series<?> s) {
        return s.label() + " " + s.workload().label() + " " + s.size().key();
    }

    /** A row's main state: its largest of {@link #STATE_FORKS} JVMs or more, if it has one. */
    public static Optional<Stats.State> main(Stats.Summary s) {
        return s.mainState();
    }
}
