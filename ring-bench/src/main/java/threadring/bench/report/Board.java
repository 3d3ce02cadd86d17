package threadring.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.DoubleFunction;
import threadring.bench.stats.Stats;

/**
 * One workload's answer as the glance reads it: what a step is and its unit, each model's fastest
 * form best first with its tier (0: none), and the ratio of any two forms' levels (slower over
 * faster, with the interval a re-run falls in). The timed workloads' board is their answer's
 * ranking; a workload whose users judge it by another measure (the echo servers: CPU per request
 * at one offered rate) gives its own ({@link WorkloadSection#board}).
 *
 * @param series the series it ranks
 * @param unit what a level is in, e.g. "ns a hop"
 * @param number a level as the workload writes it
 * @param entries each model's fastest form, best first
 * @param ratio the level of the first over the second
 * @param faster how a form ahead by a ratio is said to be, "faster than" ("less CPU than")
 * @param slower how a form behind by a ratio is said to be, "slower than" ("more CPU than")
 * @param at where the measure was taken, where the step alone does not say it ("at 5,000 requests/s
 *     offered"); empty otherwise
 */
public record Board(Series<?> series, String unit, DoubleFunction<String> number, List<Entry> entries,
        BiFunction<Entry, Entry, Stats.Ratio> ratio, String faster, String slower, Text at) {

    /**
     * One model's fastest form: its row, its level (a load-bound level is "at least" it), its tier,
     * and what a step of it cost (its main state's counters).
     */
    public record Entry(Series.Row form, String model, double level, int tier, boolean bound, boolean flagged,
            Costs.PerStep cost) {
        public String id() {
            return form.id();
        }
    }

    /** What a level measures, in a word: "CPU" where the unit is CPU, "lateness" where it is a lateness, else "time". */
    public String measure() {
        return unit.contains("CPU") ? "CPU" : unit.contains(" late") ? LATENESS : "time";
    }

    /** {@link #measure}'s word for a latency, which is never said as a time a form needs. */
    public static final String LATENESS = "lateness";

    /**
     * The first tier's entries; the first entry alone where it has no tier, as where no entry has
     * one: a tier below an untiered row that reads better does not lead (a row in states, or
     * one of two JVMs, has no tier).
     */
    public List<Entry> leaders() {
        int first = entries.stream().mapToInt(Entry::tier).filter(t -> t > 0).min().orElse(0);
        return first == 0 || entries.get(0).tier() == 0 ? List.of(entries.get(0))
                : entries.stream().filter(e -> e.tier() == first).toList();
    }

    /** The first entry of the tier after the leaders', if there is one. */
    public Optional<Entry> next() {
        int first = leaders().get(0).tier();
        return first == 0 ? Optional.empty() : entries.stream().filter(e -> e.tier() == first + 1).findFirst();
    }

    /** The fastest form of {@code model}, if the board has one. */
    public Optional<Entry> of(String model) {
        return entries.stream().filter(e -> e.model().equals(model)).findFirst();
    }

    /** The entry of {@code id}, if the board has it. */
    public Optional<Entry> entry(String id) {
        return entries.stream().filter(e -> e.id().equals(id)).findFirst();
    }

    /** {@code slower}'s level over {@code faster}'s. */
    public Stats.Ratio over(Entry slower, Entry faster) {
        return ratio.apply(slower, faster);
    }

    /** Every ratio between two of {@code group}: whether they tie is whether each includes 1. */
    public List<Stats.Ratio> pairs(List<Entry> group) {
        List<Stats.Ratio> out = new ArrayList<>();
        for (int i = 0; i < group.size(); i++) {
            for (int j = i + 1; j < group.size(); j++) {
                out.add(over(group.get(j), group.get(i)));
            }
        }
        return out;
    }

    /** Whether every ratio between two of {@code group} has an interval that includes 1. */
    public boolean ties(List<Entry> group) {
        return pairs(group).stream().allMatch(r -> r.interval() != null && !r.excludesOne());
    }
}
