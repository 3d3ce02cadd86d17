package threadring.bench.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Warmup;
import threadring.bench.data.Presets;
import threadring.bench.stats.Interval;
import threadring.bench.stats.Stats;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.WorkloadBenchmark;

/** How the report writes numbers: medians with intervals, ratios, rates, bytes; and the cells that hold them. */
public final class Format {

    private Format() {}

    /** Nanoseconds: two decimals below 10, one below 1000, none above. */
    public static String ns(double v) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 1000 ? "%.1f" : "%,.0f", v);
    }

    public static String interval(Interval i) {
        return i == null ? "n/a" : ns(i.low()) + "–" + ns(i.high());
    }

    /** Milliseconds per operation from nanoseconds per operation. */
    public static String ms(double ns) {
        double v = ns / 1e6;
        return !Double.isFinite(v) ? "n/a" : String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 1000 ? "%.1f" : "%,.0f", v);
    }

    public static String msInterval(Interval i) {
        return i == null ? "n/a" : ms(i.low()) + "–" + ms(i.high());
    }

    /**
     * A row's value as its workload reads it, with its unit and interval: {@code 64.6 ns/hop
     * [60.5–66.2]}, {@code 112.3 ms/op [110.1–114.0]}, or {@code 57,180 requests/s [..]} ({@code s}
     * summarises requests per second for a server, ns per step otherwise).
     */
    public static String reading(Size size, Stats.Summary s) {
        return switch (size.scale()) {
            case NS_PER_STEP -> ns(s.median()) + " ns/" + size.unit() + " [" + interval(s.interval()) + "]";
            case MS_PER_OPERATION -> ms(s.median()) + " ms/op [" + msInterval(s.interval()) + "]";
            case PER_SECOND -> rate(s.median()) + " requests/s" + (s.interval() == null ? ""
                    : " [" + rateInterval(s.interval()) + "]");
        };
    }

    /** A ratio with its interval: "12.3x [10.1–15.0]". */
    public static String ratio(Stats.Ratio r) {
        return times(r.value()) + (r.interval() == null ? "" : " [" + times(r.interval().low()).replace("x", "") + "–"
                + times(r.interval().high()) + "]");
    }

    /** A ratio: one decimal from 10, two from 1, three significant digits under 1 (0.00570x, never 0.00x). */
    public static String times(double v) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        return v >= 10 ? String.format(Locale.ROOT, "%,.1fx", v) : v >= 1 ? String.format(Locale.ROOT, "%.2fx", v)
                : new BigDecimal(v).round(new MathContext(3)).toPlainString() + "x";
    }

    /** Requests per second: no decimals, thousands separated. */
    public static String rate(double v) {
        return !Double.isFinite(v) ? "n/a" : String.format(Locale.ROOT, "%,.0f", v);
    }

    public static String rateInterval(Interval i) {
        return i == null ? "n/a" : rate(i.low()) + "–" + rate(i.high());
    }

    /** Bytes with two decimals below 10 (a ring that allocates nothing per hop shows 0.00). */
    public static String bytes(double v) {
        return amount(v);
    }

    /** A measure (switches, microseconds, bytes): two decimals below 10, one above, n/a where unknown. */
    public static String amount(double v) {
        return !Double.isFinite(v) ? "n/a" : String.format(Locale.ROOT, Math.abs(v) < 10 ? "%.2f" : "%,.1f", v);
    }

    /** Kibibytes with one decimal, n/a where unknown. */
    public static String kib(double bytes) {
        return Double.isFinite(bytes) ? String.format(Locale.ROOT, "%,.1f", bytes / 1024) : "n/a";
    }

    /** Mebibytes with one decimal, n/a where unknown. */
    public static String mib(double bytes) {
        return Double.isFinite(bytes) ? String.format(Locale.ROOT, "%,.1f", bytes / (1024 * 1024)) : "n/a";
    }

    /** A length given in ms: "10 s", "1.5 s", "500 ms". */
    public static String seconds(int ms) {
        return ms < 1000 ? ms + " ms" : ms % 1000 == 0 ? ms / 1000 + " s" : String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }

    /** A whole count, thousands separated. */
    public static String count(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%,.0f", v) : "n/a";
    }

    /** "30%" for a factor of 1.30. */
    public static String pct(double factor) {
        return String.format(Locale.ROOT, "%.0f%%", (factor - 1) * 100);
    }

    /** A noun with its indefinite article: "a hop", "an exchange". */
    public static String a(String noun) {
        return (noun.matches("[aeiouAEIOU].*") ? "an " : "a ") + noun;
    }

    /** Inline code; a table cell's '|' is the renderer's to escape. */
    public static String code(String s) {
        return "`" + s.replace("`", "'") + "`";
    }

    /**
     * A level and interval in ns, "95.0 [83.3–108.2]", sorted by the level; a row in states shows
     * each state, "190.2 [186.0–194.4] (4 of 6 JVMs) / 273.4 [..] (2 of 6 JVMs)", never their average; a flagged
     * row is marked (the page shows a badge).
     */
    public static Doc.Cell value(Stats.Summary s) {
        return cell(s, Format::ns, Format::interval);
    }

    /** The same in ms per operation. */
    public static Doc.Cell msValue(Stats.Summary s) {
        return cell(s, Format::ms, Format::msInterval);
    }

    private static Doc.Cell cell(Stats.Summary s, DoubleFunction<String> number, Function<Interval, String> range) {
        return new Doc.Cell(text(s, number, range) + (s.isUnstable() ? FLAGGED : ""), s.median(), s.isUnstable());
    }

    /**
     * A summary's value in words: its level and interval, or each state's with its share of JVMs
     * ("195.0 [190.1–200.0] (4 of 6 JVMs) / 311.2 [..] (2 of 6 JVMs)"), and the JVMs apart from every
     * state ("; 1 of 6 JVMs apart: 358.4").
     */
    public static String text(Stats.Summary s, DoubleFunction<String> number, Function<Interval, String> range) {
        if (!s.modal()) {
            return number.apply(s.median()) + " [" + range.apply(s.interval()) + "]";
        }
        return s.modes().stream().map(m -> number.apply(m.median()) + (m.interval() == null ? ""
                : " [" + range.apply(m.interval()) + "]") + " (" + m.jvms() + ")").collect(Collectors.joining(" / "))
                + apart(s, number);
    }

    /** "; 1 of 6 JVMs apart: 358.4", or nothing. */
    public static String apart(Stats.Summary s, DoubleFunction<String> number) {
        if (s.apart().isEmpty()) {
            return "";
        }
        return "; " + s.apart().size() + " of " + s.forks() + (s.forks() == 1 ? " JVM" : " JVMs") + " apart: "
                + s.apart().stream().map(number::apply).collect(Collectors.joining(", "));
    }

    /** The level column of a table: the level, or each state's ("190.2 / 600.1"); sorted by the row's level. */
    public static Doc.Cell median(Stats.Summary s, DoubleFunction<String> number) {
        String text = s.modal() ? s.modes().stream().map(m -> number.apply(m.median())).collect(Collectors.joining(" / "))
                + apart(s, number) : number.apply(s.median());
        return new Doc.Cell(text, s.median(), s.isUnstable());
    }

    /** The interval column: the interval, or each state's (n/a for a state without one). */
    public static Doc.Cell range(Stats.Summary s, Function<Interval, String> range) {
        String text = s.modal() ? s.modes().stream().map(m -> range.apply(m.interval())).collect(Collectors.joining(" / "))
                : range.apply(s.interval());
        return Doc.Cell.number(text, s.interval() == null ? Double.NaN : s.interval().low());
    }

    /** What a flagged row's cell ends with: the page replaces it with a badge. */
    public static final String FLAGGED = " flagged";

    /** The ratio of two summaries with its interval, per state where one of them has states. */
    public static String ratio(Stats.Summary a, Stats.Summary b) {
        if (a.modal() && b.modal()) {
            return a.flag().cause() == b.flag().cause() ? "n/a (both: " + a.flag().cause().label + ")"
                    : "n/a (" + a.flag().cause().label + "; " + b.flag().cause().label + ")";
        }
        if (a.modal() || b.modal()) {
            Stats.Summary modal = a.modal() ? a : b;
            Stats.State whole = a.modal() ? b.modes().get(0) : a.modes().get(0);
            return modal.modes().stream().map(m -> ratio(a.modal() ? Stats.ratio(m, whole) : Stats.ratio(whole, m)))
                    .collect(Collectors.joining(" / "));
        }
        return ratio(Stats.ratio(a, b));
    }

    /** {@link #ratio(Stats.Summary, Stats.Summary)} in a cell, sorted by the ratio of medians. */
    public static Doc.Cell ratioCell(Stats.Summary a, Stats.Summary b) {
        return Doc.Cell.number(ratio(a, b), a.median() / b.median());
    }

    public static Doc.Cell ratioCell(Stats.Ratio r) {
        return Doc.Cell.number(ratio(r), r.value());
    }

    public static Doc.Column text(String name) {
        return new Doc.Column(name, false);
    }

    public static Doc.Column number(String name) {
        return new Doc.Column(name, true);
    }

    /** Tags of a row for the page's filters. */
    public static Map<String, String> tags(String id, Workload workload) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("model", model(id));
        tags.put("workload", workload.label());
        return tags;
    }

    /** The model of an id: the part before '/'. */
    public static String model(String id) {
        return id.substring(0, id.indexOf('/'));
    }

    /**
     * "3 forks x (4 warm-up + 5 measured iterations of 1 s)"; null parts are WorkloadBenchmark's
     * annotations. Runs written before iterations were timed ran one pass per iteration.
     */
    public static String passes(Integer forks, Integer warmups, Integer iterations, Integer iterationMs) {
        int f = forks != null ? forks : WorkloadBenchmark.class.getAnnotation(Fork.class).value();
        Warmup warm = WorkloadBenchmark.class.getAnnotation(Warmup.class);
        Measurement measure = WorkloadBenchmark.class.getAnnotation(Measurement.class);
        int w = warmups != null ? warmups : warm.iterations();
        int i = iterations != null ? iterations : measure.iterations();
        long ms = iterationMs != null ? iterationMs : measure.timeUnit().toMillis(measure.time());
        String what = ms <= Presets.LONG_ITERATION_MS ? " passes, one per iteration"
                : " iterations of " + (ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms");
        return f + (f == 1 ? " fork" : " forks") + " x (" + w + " warm-up + " + i + " measured" + what + ")";
    }
}
