package threadring.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import java.util.stream.Collectors;
import threadring.bench.data.StepCost;
import threadring.bench.stats.Stats;

/**
 * What a row's steps cost beside their time, from the counters each scored fork read at its
 * iterations' boundaries ({@link StepCost}): grouped the way the row's levels are (each state, then
 * each JVM apart), never averaged across states. CPU per step is a level like the time (geometric
 * mean over forks, 95% t interval); the others are means over forks.
 */
public final class Costs {

    private Costs() {}

    /** The forks of one state of a row (or one JVM apart from every state): what each cost. */
    record Group(List<StepCost> forks) {

        /** CPU ns per step: the geometric mean over forks. */
        double cpuNs() {
            return Math.exp(forks.stream().mapToDouble(f -> Math.log(f.cpuNs())).average().orElse(Double.NaN));
        }

        Stats.Interval cpuInterval() {
            return Stats.interval(forks.stream().map(StepCost::cpuNs).toList());
        }

        /** The mean over forks of a part, NaN if a fork lacks it. */
        double mean(Function<StepCost, Double> part) {
            return forks.stream().anyMatch(f -> part.apply(f) == null) ? Double.NaN
                    : forks.stream().mapToDouble(part::apply).average().orElse(Double.NaN);
        }
    }

    /**
     * A row's groups, in the order its level column lists them: each state, then each JVM apart;
     * empty where nothing was counted (an echo row, a run before counters, {@code --no-counters}).
     */
    static List<Group> groups(Series.Row r) {
        if (r.measured().passes().isEmpty()) {
            return List.of();
        }
        Stats.Summary s = r.summary();
        List<StepCost> perFork = r.measured().passes().get().stepCosts(s.steady());
        List<Double> levels = s.forkMedians();
        List<List<Double>> members = new ArrayList<>();
        s.modes().forEach(m -> members.add(m.forkLevels()));
        s.apart().forEach(a -> members.add(List.of(a)));
        List<Group> groups = new ArrayList<>();
        for (List<Double> m : members) {
            List<StepCost> costs = new ArrayList<>();
            for (int i = 0; i < Math.min(levels.size(), perFork.size()); i++) {
                if (m.contains(levels.get(i)) && perFork.get(i) != null) {
                    costs.add(perFork.get(i));
                }
            }
            if (!costs.isEmpty()) {
                groups.add(new Group(costs));
            }
        }
        return groups.size() == members.size() ? groups : List.of();
    }

    /**
     * B's CPU per step over A's, with Welch's interval over their forks: "1.02x [0.97–1.08]"; n/a
     * where either row was not counted or is in states (a state against a state is the level's
     * verdict; its CPU is in each run's report).
     */
    public static String cpuRatio(Series.Row a, Series.Row b) {
        List<Group> ga = groups(a);
        List<Group> gb = groups(b);
        if (ga.isEmpty() || gb.isEmpty()) {
            return "n/a";
        }
        if (ga.size() > 1 || gb.size() > 1) {
            return "n/a (states)";
        }
        return Format.ratio(Stats.ratio(state(gb.get(0)), state(ga.get(0))));
    }

    private static Stats.State state(Group g) {
        List<Double> cpu = g.forks().stream().map(StepCost::cpuNs).toList();
        return new Stats.State(cpu, g.cpuNs(), g.cpuInterval(), cpu.size(), null);
    }

    /** Whether any row of {@code rows} was counted (else a table shows no cost columns). */
    static boolean counted(List<Series.Row> rows) {
        return rows.stream().anyMatch(r -> !groups(r).isEmpty());
    }

    /** CPU per step with its interval, per group: "312.4 [305.1–320.0]", sorted by the first group's. */
    static Doc.Cell cpu(Series.Row r, DoubleFunction<String> number, Function<Stats.Interval, String> range) {
        List<Group> g = groups(r);
        return cell(r, g, x -> number.apply(x.cpuNs()) + (x.cpuInterval() == null ? ""
                : " [" + range.apply(x.cpuInterval()) + "]"), g.isEmpty() ? Double.NaN : g.get(0).cpuNs());
    }

    /** Cores busy: the JVM's CPU time over the iterations' wall time. */
    static Doc.Cell cores(Series.Row r) {
        List<Group> g = groups(r);
        return cell(r, g, x -> String.format(Locale.ROOT, "%.2f", x.mean(c -> c.cores())),
                g.isEmpty() ? Double.NaN : g.get(0).mean(c -> c.cores()));
    }

    /** A per-step part scaled ({@code scale}: 1000 for "per 1,000 steps"), two decimals below 10. */
    static Doc.Cell per(Series.Row r, Function<StepCost, Double> part, double scale) {
        List<Group> g = groups(r);
        return cell(r, g, x -> Format.amount(x.mean(part) * scale), g.isEmpty() ? Double.NaN : g.get(0).mean(part) * scale);
    }

    /**
     * The collector's and the JIT compiler's shares of the JVM's CPU, in percent: "GC 1%, JIT 2%".
     * The rest is the workload's (its threads, those that ended within the iteration included:
     * /proc no longer lists them, the JVM's CPU time still counts them) and the JVM's other
     * service threads' (under 1% wherever measured here).
     */
    static Doc.Cell split(Series.Row r) {
        List<Group> g = groups(r);
        return cell(r, g, x -> Double.isNaN(x.mean(StepCost::gcShare)) || Double.isNaN(x.mean(StepCost::jitShare)) ? "n/a"
                : String.format(Locale.ROOT, "GC %.0f%%, JIT %.0f%%", 100 * x.mean(StepCost::gcShare),
                        100 * x.mean(StepCost::jitShare)), g.isEmpty() ? Double.NaN : g.get(0).mean(StepCost::jitShare));
    }

    private static Doc.Cell cell(Series.Row r, List<Group> groups, Function<Group, String> text, double sort) {
        if (groups.isEmpty()) {
            return Doc.Cell.of("n/a");
        }
        int states = r.summary().modes().size();
        String inStates = groups.subList(0, Math.min(states, groups.size())).stream().map(text)
                .collect(Collectors.joining(" / "));
        String apart = groups.size() > states ? "; apart: " + groups.subList(states, groups.size()).stream().map(text)
                .collect(Collectors.joining(", ")) : "";
        return Doc.Cell.number(inStates + apart, sort);
    }

    /** What no counted row could read here, said once: "migrations: not supported here (...)". */
    static java.util.Optional<String> unsupported(List<Series.Row> rows) {
        List<Group> all = rows.stream().flatMap(r -> groups(r).stream()).toList();
        List<String> missing = new ArrayList<>();
        if (all.stream().allMatch(g -> Double.isNaN(g.mean(StepCost::migrations)))) {
            missing.add("migrations (this kernel keeps no per-thread sched file)");
        }
        if (all.stream().allMatch(g -> Double.isNaN(g.mean(StepCost::switches)))) {
            missing.add("switches (no /proc here)");
        }
        return all.isEmpty() || missing.isEmpty() ? java.util.Optional.empty()
                : java.util.Optional.of("not supported here: " + String.join(", ", missing));
    }

    /** The counters' part of a run's settings, said once under a table that shows them. */
    static String note(String unit) {
        return "cost: read in each scored fork at its iterations' boundaries, over the iterations its level comes "
                + "from (docs/method.md, *What a step costs*): *CPU ns/" + unit + "*: the JVM's CPU time (all its "
                + "threads, user and system) per " + unit + "; *cores busy*: CPU time over wall time; *switches*: "
                + "voluntary and involuntary context switches of the JVM's threads; *migrations*: moves of its "
                + "threads between cpus (the kernel's count, perf's cpu-migrations); *GC, JIT*: the collector's and the "
                + "JIT compiler's threads' shares of that CPU (the rest is the workload's). Switches and migrations "
                + "count the threads alive at an iteration's end; virtual threads switch on their carriers without "
                + "the OS: only their carriers' switches count";
    }
}
