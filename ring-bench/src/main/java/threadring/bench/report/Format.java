package threadring.bench.report;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import threadring.bench.stats.Stats;
import threadring.core.Workload;

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

    public static String interval(Stats.Interval i) {
        return i == null ? "n/a" : ns(i.low()) + "–" + ns(i.high());
    }

    /** Milliseconds per operation from nanoseconds per operation. */
    public static String ms(double ns) {
        double v = ns / 1e6;
        return !Double.isFinite(v) ? "n/a" : String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 1000 ? "%.1f" : "%,.0f", v);
    }

    public static String msInterval(Stats.Interval i) {
        return i == null ? "n/a" : ms(i.low()) + "–" + ms(i.high());
    }

    /** A ratio with its interval: "12.3x [10.1–15.0]". */
    public static String ratio(Stats.Ratio r) {
        return times(r.value()) + (r.interval() == null ? "" : " [" + times(r.interval().low()).replace("x", "") + "–"
                + times(r.interval().high()) + "]");
    }

    public static String times(double v) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, v < 10 ? "%.2fx" : "%,.1fx", v);
    }

    /** Requests per second: no decimals, thousands separated. */
    public static String rate(double v) {
        return !Double.isFinite(v) ? "n/a" : String.format(Locale.ROOT, "%,.0f", v);
    }

    public static String rateInterval(Stats.Interval i) {
        return i == null ? "n/a" : rate(i.low()) + "–" + rate(i.high());
    }

    /** Bytes with two decimals below 10 (a ring that allocates nothing per hop shows 0.00). */
    public static String bytes(double v) {
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

    /** A whole count, thousands separated. */
    public static String count(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%,.0f", v) : "n/a";
    }

    /** "30%" for a factor of 1.30. */
    public static String pct(double factor) {
        return String.format(Locale.ROOT, "%.0f%%", (factor - 1) * 100);
    }

    /** Inline code; a table cell's '|' is the renderer's to escape. */
    public static String code(String s) {
        return "`" + s.replace("`", "'") + "`";
    }

    /** A median and interval in ns, "95.0 [83.3–108.2]", marked unstable, sorted by the median. */
    static Doc.Cell value(Stats.Summary s) {
        return new Doc.Cell(ns(s.median()) + " [" + interval(s.interval()) + "]" + (s.isUnstable() ? " unstable" : ""),
                s.median(), s.isUnstable());
    }

    /** The same in ms per operation. */
    static Doc.Cell msValue(Stats.Summary s) {
        return new Doc.Cell(ms(s.median()) + " [" + msInterval(s.interval()) + "]" + (s.isUnstable() ? " unstable" : ""),
                s.median(), s.isUnstable());
    }

    static Doc.Cell ratioCell(Stats.Ratio r) {
        return Doc.Cell.number(ratio(r), r.value());
    }

    static Doc.Column text(String name) {
        return new Doc.Column(name, false);
    }

    static Doc.Column number(String name) {
        return new Doc.Column(name, true);
    }

    /** Tags of a row for the page's filters. */
    static Map<String, String> tags(String id, Workload workload) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("model", model(id));
        tags.put("workload", workload.label());
        return tags;
    }

    /** The model of an id: the part before '/'. */
    static String model(String id) {
        return id.substring(0, id.indexOf('/'));
    }
}
