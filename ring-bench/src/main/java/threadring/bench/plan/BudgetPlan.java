package threadring.bench.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import threadring.bench.data.Budget;
import threadring.bench.util.UsageException;

/**
 * A sweep planned to its time budget before its first fork: every runner's estimate of what its
 * plans cost ({@link Runner#costs}), per kind of part and workload; the mandatory parts (probes and
 * calibrations, every row's first four forks, two echo repetitions, the report) must fit, or the
 * sweep says so before it starts, naming the smallest budget that would; the optional parts are
 * then granted in the order of what they buy ({@link Budget.Kind}: the state forks' reserve, fifth
 * forks, the profiling pass, third echo repetitions), each while the plan still fits.
 */
public final class BudgetPlan {

    /** What one part of a plan costs: its kind, its workload (null: the sweep's own) and seconds. */
    public record Cost(Budget.Kind kind, String workload, double seconds) {}

    /** Seconds of the sweep's own: the machine probes at its start, middle and end, and the report. */
    public static final double SWEEP_SECONDS = 60;

    private BudgetPlan() {}

    /** The minutes the mandatory parts of {@code costs} need, the sweep's own included. */
    public static double mandatory(List<Cost> costs) {
        return (SWEEP_SECONDS + costs.stream().filter(c -> c.kind().mandatory).mapToDouble(Cost::seconds).sum()) / 60;
    }

    /**
     * The plan of {@code costs} within {@code minutes} ({@code basis}: where the estimates came from).
     *
     * @throws UsageException where the mandatory parts alone do not fit, naming the budget that would
     */
    public static Budget of(int minutes, String basis, List<Cost> costs) {
        Map<String, Double> mandatory = new LinkedHashMap<>();
        mandatory.merge("", SWEEP_SECONDS, Double::sum);
        Map<Budget.Kind, Map<String, Double>> optional = new LinkedHashMap<>();
        for (Cost c : costs) {
            if (c.kind().mandatory) {
                mandatory.merge(c.workload() == null ? "" : c.workload(), c.seconds(), Double::sum);
            } else {
                optional.computeIfAbsent(c.kind(), k -> new LinkedHashMap<>()).merge(c.workload() == null ? ""
                        : c.workload(), c.seconds(), Double::sum);
            }
        }
        double needed = mandatory.values().stream().mapToDouble(Double::doubleValue).sum() / 60;
        if (needed > minutes) {
            throw new UsageException(String.format(Locale.ROOT, "--budget %d: the mandatory part of this sweep needs "
                    + "about %.1f minutes here (%s; estimated from %s); give --budget %d or more, or fewer ids", minutes,
                    needed, perWorkload(mandatory), basis, (int) Math.ceil(needed)));
        }
        List<Budget.Part> parts = new ArrayList<>();
        mandatory.forEach((w, s) -> parts.add(new Budget.Part(Budget.Kind.MANDATORY, w.isEmpty() ? null : w, s / 60, true)));
        double planned = needed;
        for (Budget.Kind k : Budget.Kind.values()) {
            Map<String, Double> byWorkload = optional.get(k);
            if (k.mandatory || byWorkload == null) {
                continue;
            }
            double sum = byWorkload.values().stream().mapToDouble(Double::doubleValue).sum() / 60;
            boolean granted = planned + sum <= minutes;
            planned += granted ? sum : 0;
            byWorkload.forEach((w, s) -> parts.add(new Budget.Part(k, w.isEmpty() ? null : w, s / 60, granted)));
        }
        return new Budget(minutes, basis, List.copyOf(parts), List.of());
    }

    /** "probes and report 1.0, ring 11.1, ...": minutes per workload from seconds per workload ("" the sweep's own). */
    private static String perWorkload(Map<String, Double> seconds) {
        return String.join(", ", seconds.entrySet().stream().map(e -> String.format(Locale.ROOT, "%s %.1f",
                e.getKey().isEmpty() ? "probes and report" : e.getKey(), e.getValue() / 60)).toList());
    }

    /**
     * The plan in one line: "budget 60 min: mandatory 41.3 (ring 9.5, ...); granted: state forks 2.0,
     * fifth forks 5.4; not granted: profiling pass 3.1; planned 48.7 min, from this host's sweep ...".
     */
    public static String describe(Budget b) {
        Map<String, Double> mandatory = new LinkedHashMap<>();
        Map<Budget.Kind, Double> granted = new LinkedHashMap<>();
        Map<Budget.Kind, Double> refused = new LinkedHashMap<>();
        for (Budget.Part p : b.parts()) {
            if (p.kind().mandatory) {
                mandatory.merge(p.workload() == null ? "probes and report" : p.workload(), p.minutes(), Double::sum);
            } else {
                (p.granted() ? granted : refused).merge(p.kind(), p.minutes(), Double::sum);
            }
        }
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "budget %d min: mandatory %.1f (", b.minutes(),
                b.mandatory()));
        s.append(String.join(", ", mandatory.entrySet().stream().map(e -> String.format(Locale.ROOT, "%s %.1f",
                e.getKey(), e.getValue())).toList())).append(")");
        s.append("; granted: ").append(granted.isEmpty() ? "none" : String.join(", ", granted.entrySet().stream()
                .map(e -> String.format(Locale.ROOT, "%s %.1f", e.getKey().label, e.getValue())).toList()));
        if (!refused.isEmpty()) {
            s.append("; not granted: ").append(String.join(", ", refused.entrySet().stream()
                    .map(e -> String.format(Locale.ROOT, "%s %.1f", e.getKey().label, e.getValue())).toList()));
        }
        return s.append(String.format(Locale.ROOT, "; planned %.1f min, estimated from %s", b.planned(), b.basis()))
                .toString();
    }
}
