package threadring.bench.counters;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How counters read in a report's cost column, per fork over the iterations its level comes from:
 * the sum of {@code counters} over steps done, wall time or CPU time, times {@code scale}
 * ({@link Form#SUM}), or each counter's share of it ({@link Form#SHARES}: "GC 1%, JIT 2%", named by
 * {@code labels}). A {@link #level} metric reads as a level does (geometric mean over a state's
 * forks, with its 95% interval: CPU per step); the others as the mean over forks. {@code key}
 * names it for code that reads one metric (the chart of time against CPU reads {@code cpu});
 * {@code column} is the column's heading, {@code {step}} standing for the workload's step;
 * {@code note} what the report's note under a table says of it (null: nothing); {@code absent} what
 * it says where no row could read it (null: nothing, the column's n/a says it).
 */
public record Metric(String key, String column, List<String> counters, Over over, double scale, Form form,
        List<String> labels, boolean level, String note, String absent) {

    /** What the counters are divided by: the steps done, or the counter of that name. */
    public enum Over {
        STEPS(null), WALL_MS("wallMs"), CPU_MS("cpuMs");

        private final String counter;

        Over(String counter) {
            this.counter = counter;
        }

        /** The counter it names (null for the steps). */
        public String counter() {
            return counter;
        }
    }

    public enum Form { SUM, SHARES }

    /** The sum of {@code counters} over {@code over}, times {@code scale}: read as a mean over forks, no note. */
    public static Metric sum(String key, String column, List<String> counters, Over over, double scale) {
        return new Metric(key, column, counters, over, scale, Form.SUM, List.of(), false, null, null);
    }

    /** Each of {@code counters}' share of {@code over}, named by {@code labels} ("GC 1%, JIT 2%"). */
    public static Metric shares(String key, String column, List<String> counters, List<String> labels, Over over) {
        return new Metric(key, column, counters, over, 1, Form.SHARES, labels, false, null, null);
    }

    /** The same, read as a level is (geometric mean over a state's forks, with its interval). */
    public Metric asLevel() {
        return new Metric(key, column, counters, over, scale, form, labels, true, note, absent);
    }

    /** The same, with what the note under a table says of it. */
    public Metric noting(String text) {
        return new Metric(key, column, counters, over, scale, form, labels, level, text, absent);
    }

    /** The same, with what the note says where no row could read it. */
    public Metric absentSaying(String text) {
        return new Metric(key, column, counters, over, scale, form, labels, level, note, text);
    }

    /** The column's heading for a workload whose step is {@code step} ("hop"). */
    public String column(String step) {
        return column.replace("{step}", step);
    }

    /**
     * Its value(s) over one fork's iterations: {@code sums} of every counter over them, the steps
     * they did, their wall and CPU milliseconds; null where a counter it needs is missing.
     */
    public double[] value(Map<String, Double> sums, double steps) {
        double over = this.over == Over.STEPS ? steps : sums.getOrDefault(this.over.counter(), Double.NaN);
        if (counters.stream().anyMatch(c -> sums.get(c) == null) || !(over > 0)) {
            return null;
        }
        if (form == Form.SHARES) {
            return counters.stream().mapToDouble(c -> sums.get(c) / over * scale).toArray();
        }
        return new double[] {counters.stream().mapToDouble(sums::get).sum() / over * scale};
    }

    /** A value as its column writes it. */
    public String format(double[] v) {
        if (form == Form.SHARES) {
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < v.length; i++) {
                out.append(i == 0 ? "" : ", ").append(labels.get(i)).append(String.format(Locale.ROOT, " %.0f%%", 100 * v[i]));
            }
            return out.toString();
        }
        double x = v[0];
        if (!Double.isFinite(x)) {
            return "n/a";
        }
        if (level) { // as a time reads: ns with three significant figures or so
            return String.format(Locale.ROOT, x < 10 ? "%.2f" : x < 1000 ? "%.1f" : "%,.0f", x);
        }
        return String.format(Locale.ROOT, Math.abs(x) < 10 ? "%.2f" : "%,.1f", x);
    }
}
