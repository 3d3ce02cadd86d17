package threadring.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import threadring.bench.counters.Counters;
import threadring.bench.counters.Metric;
import threadring.bench.data.StepCost;
import threadring.bench.stats.Interval;
import threadring.bench.stats.Stats;

/**
 * What a row's steps cost beside their time, from the counters each scored fork read at its
 * iterations' boundaries ({@link StepCost}), one column per probe's {@link Metric}: grouped the
 * way the row's levels are (each state, then each JVM apart), never averaged across states. A
 * level metric (CPU per step) reads as the time does (geometric mean over forks, 95% t interval);
 * the others are means over forks.
 */
public final class Costs {

    private Costs() {}

    /** The metric every comparison of cost reads: CPU per step. */
    public static final String CPU = "cpu";

    /** The forks of one state of a row (or one JVM apart from every state): what each cost. */
    public record Group(List<StepCost> forks) {

        /** A metric's value over these forks: the mean per part; null if a fork lacks it. */
        public double[] mean(Metric m) {
            if (forks.stream().anyMatch(f -> f.of(m.key()) == null)) {
                return null;
            }
            if (m.level()) {
                return new double[] {Math.exp(forks.stream().mapToDouble(f -> Math.log(f.of(m.key())[0])).average()
                        .orElse(Double.NaN))};
            }
            int parts = forks.get(0).of(m.key()).length;
            double[] out = new double[parts];
            for (int i = 0; i < parts; i++) {
                int p = i;
                out[i] = forks.stream().mapToDouble(f -> f.of(m.key())[p]).average().orElse(Double.NaN);
            }
            return out;
        }

        /** A level metric's 95% interval over these forks (null with one fork or none). */
        public Interval interval(Metric m) {
            return forks.stream().anyMatch(f -> f.of(m.key()) == null) ? null
                    : Stats.interval(forks.stream().map(f -> f.of(m.key())[0]).toList());
        }

        /** CPU ns per step: the geometric mean over forks (NaN where not counted). */
        public double cpuNs() {
            double[] v = Counters.metric(CPU).map(this::mean).orElse(null);
            return v == null ? Double.NaN : v[0];
        }
    }

    /**
     * A row's groups, in the order its level column lists them: each state, then each JVM apart;
     * empty where nothing was counted (an echo row, a run before counters, {@code --no-counters}).
     */
    public static List<Group> groups(Series.Row r) {
        if (r.measured().passes().isEmpty()) {
            return List.of();
        }
        Stats.Summary s = r.summary();
        List<StepCost> perFork = StepCost.perFork(r.measured().passes().get(), s.steady());
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
        if (ga.isEmpty() || gb.isEmpty() || Double.isNaN(ga.get(0).cpuNs()) || Double.isNaN(gb.get(0).cpuNs())) {
            return "n/a";
        }
        if (ga.size() > 1 || gb.size() > 1) {
            return "n/a (states)";
        }
        return Format.ratio(Stats.ratio(state(gb.get(0)), state(ga.get(0))));
    }

    private static Stats.State state(Group g) {
        Metric cpu = Counters.metric(CPU).orElseThrow();
        List<Double> values = g.forks().stream().map(f -> f.of(CPU)[0]).toList();
        return new Stats.State(values, g.cpuNs(), g.interval(cpu), values.size(), null);
    }

    /** The metrics the answer's step costs read (each probe's key): cores busy, switches, bytes. */
    public static final String CORES = "cores";
    public static final String SWITCHES = "switches";
    public static final String BYTES = "bytes";

    /**
     * What one step of a form costs, its main state's: CPU ns, cores busy, context switches and
     * bytes allocated per step, and the collector's share of its CPU; NaN where not counted (an old run, {@code --no-counters}, a probe
     * this OS lacks).
     */
    public record PerStep(double cpuNs, double cores, double switches, double bytes, double gcShare) {
        public static final PerStep UNKNOWN = new PerStep(Double.NaN, Double.NaN, Double.NaN, Double.NaN);

        /** Without the collector's share of the CPU (a server's, read from /proc around a rate). */
        public PerStep(double cpuNs, double cores, double switches, double bytes) {
            this(cpuNs, cores, switches, bytes, Double.NaN);
        }
    }

    /** The metric whose first part is the collector's share of a fork's CPU. */
    public static final String SPLIT = "split";

    /** A row's {@link PerStep}, from its main state's forks (the level's), per {@code per} steps (1; a fan-out's tasks). */
    public static PerStep perStep(Series.Row r, double per) {
        List<Group> groups = groups(r);
        List<Stats.State> states = r.summary().modes();
        int main = IntStream.range(0, states.size())
                .filter(i -> states.get(i).level() == r.summary().median()).findFirst().orElse(0);
        if (groups.size() <= main) {
            return PerStep.UNKNOWN;
        }
        Group g = groups.get(main);
        // switches read per 1,000 steps: back to one step
        double switches = Counters.metric(SWITCHES).map(m -> mean(g, m, per) / m.scale()).orElse(Double.NaN);
        return new PerStep(g.cpuNs() / per, Counters.metric(CORES).map(m -> mean(g, m, per)).orElse(Double.NaN),
                switches, Counters.metric(BYTES).map(m -> mean(g, m, per)).orElse(Double.NaN),
                Counters.metric(SPLIT).map(g::mean).map(v -> v[0]).orElse(Double.NaN));
    }

    /** A sum metric's mean over the group's forks, per {@code per} steps where it is over steps; NaN where missing. */
    private static double mean(Group g, Metric m, double per) {
        double[] v = g.mean(m);
        return v == null ? Double.NaN : v[0] / (m.over() == Metric.Over.STEPS ? per : 1);
    }

    /** Whether any row of {@code rows} was counted (else a table shows no cost columns). */
    public static boolean counted(List<Series.Row> rows) {
        return rows.stream().anyMatch(r -> !groups(r).isEmpty());
    }

    /** A row's cells, one per metric; per {@code per} steps (1; a fan-out's tasks per operation). */
    public static List<Doc.Cell> cells(Series.Row r, double per) {
        List<Group> g = groups(r);
        return Counters.METRICS.stream().map(m -> cell(r, g, m, per)).toList();
    }

    /** The columns of {@link #cells}, for a workload whose step is {@code unit} ("hop"). */
    public static List<Doc.Column> columns(String unit) {
        return Counters.METRICS.stream().map(m -> m.form() == Metric.Form.SHARES ? Format.text(m.column(unit))
                : Format.number(m.column(unit))).toList();
    }

    /** Metric {@code key}'s cell of a row, per {@code per} steps; n/a where not counted or no probe has it. */
    public static Doc.Cell cell(Series.Row r, String key, double per) {
        return Counters.metric(key).map(m -> cell(r, groups(r), m, per)).orElse(Doc.Cell.of("n/a"));
    }

    private static Doc.Cell cell(Series.Row r, List<Group> groups, Metric m, double per) {
        if (groups.isEmpty()) {
            return Doc.Cell.of("n/a");
        }
        double by = m.over() == Metric.Over.STEPS ? per : 1;
        int states = r.summary().modes().size();
        List<String> texts = new ArrayList<>();
        for (Group g : groups) {
            double[] v = g.mean(m);
            if (v == null) {
                texts.add("n/a");
                continue;
            }
            double[] scaled = m.form() == Metric.Form.SUM ? new double[] {v[0] / by} : v;
            Interval i = m.level() ? g.interval(m) : null;
            texts.add(m.format(scaled) + (i == null ? "" : " [" + Format.interval(new Interval(i.low() / by,
                    i.high() / by)) + "]"));
        }
        String inStates = String.join(" / ", texts.subList(0, Math.min(states, texts.size())));
        String apart = texts.size() > states ? "; apart: " + String.join(", ", texts.subList(states, texts.size())) : "";
        double[] first = groups.get(0).mean(m);
        double sort = first == null ? Double.NaN : m.form() == Metric.Form.SUM ? first[0] / by : first[first.length - 1];
        return Doc.Cell.number(inStates + apart, sort);
    }

    /** What no counted row could read here, said once: "not supported here: migrations (...)". */
    public static Optional<String> unsupported(List<Series.Row> rows) {
        List<Group> all = rows.stream().flatMap(r -> groups(r).stream()).toList();
        List<String> missing = Counters.METRICS.stream().filter(m -> m.absent() != null)
                .filter(m -> all.stream().allMatch(g -> g.mean(m) == null)).map(Metric::absent).toList();
        return all.isEmpty() || missing.isEmpty() ? Optional.empty()
                : Optional.of("not supported here: " + String.join(", ", missing));
    }

    /** The counters' part of a run's settings, said once under a table that shows them: each metric's note. */
    public static String note(String unit) {
        return "cost: read in each scored fork at its iterations' boundaries, over the iterations its level comes "
                + "from (docs/method.md, *What a step costs*): " + Counters.METRICS.stream().map(Metric::note)
                        .filter(n -> n != null).map(n -> n.replace("{step}", unit)).collect(Collectors.joining("; "))
                + ". Switches and migrations count the threads alive at an iteration's end; virtual threads switch "
                + "on their carriers without the OS: only their carriers' switches count";
    }
}
