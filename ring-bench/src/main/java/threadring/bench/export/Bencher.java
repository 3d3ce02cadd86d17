package threadring.bench.export;

import com.google.gson.JsonElement;
import com.google.gson.annotations.SerializedName;
import com.google.gson.reflect.TypeToken;
import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import threadring.bench.answer.Answer;
import threadring.bench.answer.Ranking;
import threadring.bench.counters.Counters;
import threadring.bench.counters.Metric;
import threadring.bench.data.Json;
import threadring.bench.data.Run;
import threadring.bench.report.Costs;
import threadring.bench.report.MainStateRatio;
import threadring.bench.report.Sections;
import threadring.bench.report.Series;
import threadring.bench.report.WorkloadSection;
import threadring.bench.stats.Interval;
import threadring.bench.stats.Stats;
import threadring.core.Size;

/**
 * A run's rows for a regression tracker, in Bencher's metric format (BMF JSON,
 * https://bencher.dev/docs/reference/bencher-metric-format/): an object keyed by benchmark name,
 * each an object keyed by measure slug, each a metric, {@code value} with optional
 * {@code lower_value} and {@code upper_value}. One benchmark per row of the report's series tables,
 * named {@code "<configuration> <series> <id>"} whatever the run's number of series
 * ({@code "jdk25-cpusall ring nodes=503 virtual/park"}), so that a name means the same row in every
 * run. Its measures:
 * <ul>
 * <li>the row's unit ({@link #slug}: {@code ns-per-hop}, {@code ns-per-exchange}, {@code ns-per-task},
 * {@code ms-per-operation}, {@code requests-per-second}): its level, and as bounds its 95% interval
 * for a re-run, the numbers report.md prints (the same {@link Series#rows} summaries; the echo
 * server's requests per second as its table reads them). A row in states, or with JVMs apart, gives
 * its main state's level (the state of most JVMs, the one {@link Stats.Summary#median} is);
 * a flagged row, or one without an interval (fewer than {@value Stats#MIN_INTERVAL} forks), gives
 * its value alone;</li>
 * <li>{@value #FLAGGED}: 1 where report.md flags the row (states, not settled, warm-up too short,
 * forks apart), else 0;</li>
 * <li>{@value #SHARE}: the share of the row's JVMs (forks; the echo server's repetitions) its
 * value stands for: 1, or less for the main state of a row in states or with JVMs apart;</li>
 * <li>per answer table ({@link Answer}), each ratio it decides on, as a benchmark of its own named
 * {@code "<configuration> <series> <A> / <B>"} with the measure {@value #RATIO}: its value and the
 * bounds of its 95% interval for a re-run's ratio (main state over main state, {@link MainStateRatio#between}):
 * each form's speed-up (the baseline over the form) and each form over the faster form above it;</li>
 * <li>where the row was counted, its cost columns for the same JVMs (the main state's):
 * {@code cpu-ns-per-<step>} with the report's interval over forks as bounds (none on a flagged row
 * or with one fork), and {@code bytes-per-<step>}, a mean with no bounds; {@code <step>} is what
 * the workload's costs are per: hop, exchange, task.</li>
 * </ul>
 */
public final class Bencher {

    /** The measure that says whether report.md flags the row: 1 or 0. */
    public static final String FLAGGED = "flagged";
    /** The measure that says what share of the row's JVMs its value stands for. */
    public static final String SHARE = "share-of-jvms";
    /** The allocation metric's key among the counters' ({@link Counters#METRICS}). */
    static final String BYTES = "bytes";

    private Bencher() {}

    /** One measure's metric: its value, and its bounds where it has them (null: left out of the JSON). */
    public record BmfMetric(double value, @SerializedName("lower_value") Double lowerValue,
            @SerializedName("upper_value") Double upperValue) {

        /** A value with no bounds. */
        public static BmfMetric of(double value) {
            return new BmfMetric(value, null, null);
        }

        /** A value with an interval as its bounds (none if {@code i} is null). */
        public static BmfMetric of(double value, Interval i) {
            return i == null ? of(value) : new BmfMetric(value, i.low(), i.high());
        }

        /** Whether it has bounds. */
        public boolean bounded() {
            return lowerValue != null && upperValue != null;
        }
    }

    /** BMF's shape: benchmark name to measure slug to metric. */
    public static final Type TYPE =
            new TypeToken<LinkedHashMap<String, LinkedHashMap<String, BmfMetric>>>() {}.getType();

    /** Every row of every series of {@code run}, in the report's order (series by series, fastest row first). */
    public static LinkedHashMap<String, LinkedHashMap<String, BmfMetric>> of(Run run) {
        LinkedHashMap<String, LinkedHashMap<String, BmfMetric>> out = new LinkedHashMap<>();
        for (Series<?> s : Series.of(run)) {
            for (Series.Row r : s.rows(run)) {
                String name = name(s, r.id());
                if (out.put(name, row(s, r)) != null) {
                    throw new IllegalStateException("two rows are named '" + name + "' in run " + run.runId());
                }
            }
        }
        for (Ranking r : Answer.rankings(run)) {
            List<Ranking.Entry> entries = r.entries();
            for (int i = 0; i < entries.size(); i++) {
                Ranking.Entry e = entries.get(i);
                if (r.baseline().isPresent() && e.overBaseline().isPresent()
                        && !r.baseline().get().id().equals(e.form().id())) {
                    ratio(out, r.series(), r.baseline().get(), e.form(), e.overBaseline().get());
                }
                if (i > 0) {
                    Series.Row faster = entries.get(i - 1).form();
                    ratio(out, r.series(), e.form(), faster, MainStateRatio.between(run, r.series(), e.form(), faster));
                }
            }
        }
        return out;
    }

    /** The measure of an answer's ratio: its value with its 95% interval for a re-run's ratio, where it has one. */
    public static final String RATIO = "ratio";

    /** An answer's ratio A / B as a benchmark of its own: {@code "jdk25-cpusall ring nodes=503 threads/park / akka/typed-p1"}. */
    private static void ratio(Map<String, LinkedHashMap<String, BmfMetric>> out, Series<?> s, Series.Row a, Series.Row b,
            Stats.Ratio r) {
        LinkedHashMap<String, BmfMetric> m = new LinkedHashMap<>();
        put(m, RATIO, BmfMetric.of(r.value(), r.interval()));
        out.putIfAbsent(name(s, a.id()) + " / " + b.id(), m);
    }

    /** A row's benchmark name: {@code "jdk25-cpusall ring nodes=503 virtual/park"}. */
    public static String name(Series<?> s, String id) {
        return s.label() + " " + s.size().describe() + " " + id;
    }

    /** The slug of a series' unit: {@code ns-per-hop}, {@code ms-per-operation}, {@code requests-per-second}. */
    public static String slug(Size size) {
        return switch (size.scale()) {
            case NS_PER_STEP -> "ns-per-" + size.unit();
            case MS_PER_OPERATION -> "ms-per-operation";
            case PER_SECOND -> "requests-per-second";
        };
    }

    /** One row's measures. */
    static LinkedHashMap<String, BmfMetric> row(Series<?> s, Series.Row r) {
        LinkedHashMap<String, BmfMetric> m = new LinkedHashMap<>();
        // a row read by a rate (the echo server's requests per second over repetitions) is exported as its
        // score reads it; every other row as its summary, with its run-to-run component
        boolean rate = s.size().scale() == Size.Scale.PER_SECOND;
        Stats.Summary summary = rate ? r.measured().score().reading() : r.summary();
        DoubleUnaryOperator unit = rate ? DoubleUnaryOperator.identity() : unit(s.size());
        boolean flagged = summary.isUnstable();
        Stats.State main = main(summary);
        put(m, slug(s.size()), metric(summary.median(), flagged ? null : summary.interval(), unit));
        m.put(FLAGGED, BmfMetric.of(flagged ? 1 : 0));
        m.put(SHARE, BmfMetric.of(main == null ? 1 : (double) main.forks() / main.of()));
        costs(s, r, flagged, m);
        return m;
    }

    /** A row's summary (ns per step) in its series' unit. */
    private static DoubleUnaryOperator unit(Size size) {
        return switch (size.scale()) {
            case NS_PER_STEP -> x -> x;
            case MS_PER_OPERATION -> x -> x / 1e6;
            case PER_SECOND -> x -> 1e9 / x;
        };
    }

    /** The state {@link Stats.Summary#median} is the level of (the state of most JVMs), or null if none is. */
    static Stats.State main(Stats.Summary s) {
        return s.modes().stream().filter(st -> st.level() == s.median()).findFirst().orElse(null);
    }

    /** The row's CPU and bytes per step, for its main state's JVMs, as its cost columns read them. */
    private static void costs(Series<?> s, Series.Row r, boolean flagged, Map<String, BmfMetric> m) {
        List<Costs.Group> groups = Costs.groups(r);
        int index = r.summary().modes().indexOf(main(r.summary()));
        if (index < 0 || index >= groups.size()) {
            return;
        }
        Costs.Group g = groups.get(index);
        WorkloadSection<?> section = Sections.of(s);
        double per = Sections.costPer(s);
        String step = section.costUnit();
        Counters.metric(Costs.CPU).ifPresent(cpu -> cost(g, cpu, per, flagged, m, "cpu-ns-per-" + step));
        Counters.metric(BYTES).ifPresent(bytes -> cost(g, bytes, per, true, m, "bytes-per-" + step));
    }

    /** A summed metric over the group's forks per {@code per} steps, as {@link Costs}' cell divides it; bounds where it has them. */
    private static void cost(Costs.Group g, Metric metric, double per, boolean noBounds,
            Map<String, BmfMetric> m, String slug) {
        double[] v = g.mean(metric);
        if (v == null || metric.form() != Metric.Form.SUM) {
            return;
        }
        double by = metric.over() == Metric.Over.STEPS ? per : 1;
        Interval i = metric.level() && !noBounds ? g.interval(metric) : null;
        put(m, slug, metric(v[0], i, x -> x / by));
    }

    /** {@code level} and its interval in the measure's unit (an inverting unit swaps the ends). */
    private static BmfMetric metric(double level, Interval i, DoubleUnaryOperator unit) {
        double v = unit.applyAsDouble(level);
        if (i == null) {
            return BmfMetric.of(v);
        }
        double a = unit.applyAsDouble(i.low());
        double b = unit.applyAsDouble(i.high());
        return Double.isFinite(a) && Double.isFinite(b) ? BmfMetric.of(v, new Interval(Math.min(a, b), Math.max(a, b)))
                : BmfMetric.of(v);
    }

    /** Puts a measure whose value is a number (BMF has no NaN). */
    private static void put(Map<String, BmfMetric> m, String slug, BmfMetric metric) {
        if (Double.isFinite(metric.value())) {
            m.put(slug, metric);
        }
    }

    /** The BMF JSON text, written by the project's Gson; absent bounds are left out (BMF's bounds are numbers or nothing). */
    public static String json(Map<String, ? extends Map<String, BmfMetric>> bmf) {
        JsonElement tree = Json.GSON.toJsonTree(bmf);
        tree.getAsJsonObject().entrySet().forEach(b -> b.getValue().getAsJsonObject().entrySet()
                .forEach(measure -> measure.getValue().getAsJsonObject().entrySet()
                        .removeIf(field -> field.getValue().isJsonNull())));
        return Json.text(tree);
    }

    /** BMF JSON read back into the same records. */
    public static LinkedHashMap<String, LinkedHashMap<String, BmfMetric>> parse(String json) {
        return Json.GSON.fromJson(json, TYPE);
    }
}
