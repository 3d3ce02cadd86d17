package threadring.bench.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import threadring.bench.data.Run;
import threadring.bench.stats.Interval;
import threadring.bench.stats.Stats;
import threadring.bench.units.Units;
import threadring.bench.units.WorkloadUnit;
import threadring.core.Size;
import threadring.core.Workload;

/**
 * One workload's part of a report: its summary at the head of the report, the section of each of
 * its series, its charts and how its numbers read (what {@code compare} shows). One class per
 * workload, in the workload's own package; {@link Sections} finds them. What the commands that run
 * the workload ask (options, baseline, pooling) is its {@link #workloadUnit}'s.
 * Typed on the workload's size: every series it is given is one of its own.
 */
public interface WorkloadSection<S extends Size> {

    /** The workload whose section it is. */
    Workload<S, ?> workload();

    /** What the commands that run the workload know of it: its options, baseline and pooling. */
    default WorkloadUnit<S> workloadUnit() {
        return Units.of(workload());
    }

    /** Blocks at the head of the report, before any series (summary tables across series); none by default. */
    default void summary(Run run, Doc doc) {}

    /** Blocks at the end of the report, after every series (e.g. published figures); none by default. */
    default void closing(Run run, Doc doc) {}

    /** One series' section: its heading, table, notes and profiling pass. */
    void series(Run run, Series<S> series, Doc doc);

    /** Draws the workload's own charts into {@code dir} (never throws); none by default. */
    default void charts(Path dir, Run run) {}

    /** What the environment says the run measured of this workload, e.g. "fanout tasks=100000 delay_ms=100 work=0". */
    default List<String> environment(Run run) {
        return Series.of(run, workload()).stream().map(s -> s.size().describe()).distinct().toList();
    }

    /** The heading of a series. */
    default String name(Run run, Series<S> s) {
        return s.label() + ", " + s.size().describe();
    }

    /** Whether its rows are ns per step, drawn on the main chart and tabled beside each other. */
    default boolean perStep() {
        return false;
    }

    /** Steps a row's cost counters are divided by to be per {@link #costUnit}: 1, a fan-out's tasks. */
    default double costPer(Series<S> s) {
        return 1;
    }

    /** What a row's cost counters are per: a step ("hop"), a fan-out's task. */
    default String costUnit() {
        return workload().unit();
    }

    /** What a row's value is in {@code compare}'s columns, by its scale: {@code ns/hop}, {@code ms/operation}, {@code requests/s}. */
    default String unit() {
        return switch (workload().scale()) {
            case NS_PER_STEP -> "ns/" + workload().unit();
            case MS_PER_OPERATION -> "ms/" + workload().unit();
            case PER_SECOND -> workload().unit() + "s/s";
        };
    }

    /** One cost (ns per step) as the workload states it, by its scale: ns, ms per operation, steps per second. */
    default String number(double cost) {
        return switch (workload().scale()) {
            case NS_PER_STEP -> Format.ns(cost);
            case MS_PER_OPERATION -> Format.ms(cost);
            case PER_SECOND -> Format.rate(1e9 / cost);
        };
    }

    /** An interval of costs as the workload states it (a rate's ends swapped: the cheaper step is the higher rate). */
    default String range(Interval cost) {
        return switch (workload().scale()) {
            case NS_PER_STEP -> Format.interval(cost);
            case MS_PER_OPERATION -> Format.msInterval(cost);
            case PER_SECOND -> cost == null ? "n/a"
                    : Format.rateInterval(new Interval(1e9 / cost.high(), 1e9 / cost.low()));
        };
    }

    /** A row's cost as {@code compare} shows it: level [95% interval], or each state's. */
    default String value(Stats.Summary cost) {
        return Format.text(cost, this::number, this::range);
    }

    /** What {@code compare}'s ratio column is headed: B over A of a row's cost. */
    default String compareColumn() {
        return "B/A";
    }

    /** Whether the section's rows are served (a load measures a server) rather than timed passes. */
    default boolean served() {
        return workload().scale() == Size.Scale.PER_SECOND;
    }

    /**
     * The summary a row's level is stated by in the section's own table, for the answer to state
     * the same: the row's, whose intervals carry its class's run-to-run component, by default.
     */
    default Stats.Summary stated(Series.Row row) {
        return row.summary();
    }

    /** A form's level over its yardstick: the floor row's id ({@code floor}), or null for the workload's ideal. */
    record Floored(String floor, Stats.Ratio ratio) {}

    /**
     * A form's level over the yardstick below it, for the answer at the head of the report: its
     * floor row (the same machinery without the model's scheduler) or the workload's ideal; empty
     * where the workload has none or the series lacks it.
     */
    default Optional<Floored> overFloor(Ratios ratios, Series<S> s, Series.Row form) {
        return Optional.empty();
    }

    /** What {@link #overFloor} is headed in the answer's table. */
    default String floorColumn() {
        return "x floor [95%]";
    }

    /** What one step of a form costs, its main state's, for the answer: from the counters, per {@link #costUnit}. */
    default Costs.PerStep stepCost(Series<S> s, Series.Row form) {
        return Costs.perStep(form, costPer(s));
    }

    /** Whether a form's level is a bound its load set, not the model's (a server wrk could not push harder). */
    default boolean boundByLoad(Series.Row form) {
        return false;
    }

    /** A table the answer adds after the series' own, ranked as {@link #answerFirst} says; none by default. */
    default void answerBeside(Run run, Series<S> s, List<Series.Row> forms, Doc doc) {}

    /** What the answer calls the model of {@code id}: its prefix, unless the workload names it better. */
    default String modelLabel(String id) {
        return Format.model(id);
    }

    /**
     * What one step of the workload is, in words, for the glance's first column ("hand a token to the
     * next of 503 tasks"); its numbers read from {@code size}. The size's own description by default.
     */
    default Text step(S size) {
        return new Text().name(size.describe());
    }

    /** The job a reader would pick a model for by this workload, for "which model for which job". */
    default String job() {
        return workload().label();
    }

    /**
     * The workload's answer on another measure than its level, where its users judge it so (the echo
     * servers: CPU per request at one offered rate); empty: the glance reads the timed ranking.
     */
    default Optional<Board> board(Run run, Series<S> s, List<Series.Row> forms) {
        return Optional.empty();
    }

    /**
     * Why {@code lead} beats {@code other}, in the workload's own terms; empty: the answer's rules
     * read it off what a step cost.
     */
    default Optional<Text> why(Run run, Series<S> s, Board board, Board.Entry lead, Board.Entry other) {
        return Optional.empty();
    }

    /** Why the workload has no baseline row (when its unit's baseline is empty). */
    default String noBaseline() {
        return "the " + workload().label() + " has no baseline row";
    }
}
