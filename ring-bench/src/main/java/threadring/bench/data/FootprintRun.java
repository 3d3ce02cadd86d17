package threadring.bench.data;

import java.util.List;

/**
 * A footprint run: footprint.json in its run directory, one {@link Measurement} per id and size:
 * per ring node; or ({@code delayMs} set) per live fan-out task, T tasks asleep for {@code delayMs}
 * at once; or ({@code peakOf} set: a workload's label) per task of one whole operation of that
 * workload (a Skynet tree) at the most it held while it ran ({@code nodes} then counts the tasks that
 * may be alive at once: a tree's, its inner ones included). With
 * {@code besideJvmArgs}, each id is measured twice, in a JVM without those flags and in one with them
 * (e.g. JDK 25's compact object headers).
 */
public record FootprintRun(int schema, String runId, String started, String finished, Env.Machine machine,
        Env.Jvm jvm, List<Integer> nodes, List<Measurement> measurements, Integer delayMs, List<String> besideJvmArgs,
        String peakOf) {

    public static final String FILE = "footprint.json";
    /**
     * footprint.json's own schema (1; {@code delayMs}, {@code besideJvmArgs}, {@code peakOf},
     * {@code operationMs}, {@code jvmArgs} and {@code peakReadings} added, null in older runs).
     */
    public static final int SCHEMA = 1;

    /** Whether it measured live fan-out tasks rather than ring nodes. */
    public boolean liveTasks() {
        return delayMs != null;
    }

    /** Whether it measured whole operations at their peak. */
    public boolean peaks() {
        return peakOf != null;
    }

    /** What one measured unit is, for a chart's axis: a ring's node, a live task, a task at its operation's peak. */
    public String label() {
        return liveTasks() ? "live task" : peaks() ? "task at its " + peakOf + " operation's peak" : "node";
    }

    /** What one measured unit is: a ring's node, or a task. */
    public String unit() {
        return liveTasks() || peaks() ? "task" : "node";
    }

    /**
     * One id at one size; the per-node (per-task) figures are null when {@code error} or {@code skipped}
     * says why. {@code openNsPerNode}: the time to open a ring, per node (null for tasks);
     * {@code operationMs}: a fan-out operation's whole time, its tasks' delay included, or a
     * whole operation's at its peak, its readings' collections included (null for rings); {@code jvmArgs}:
     * the flags measured beside the default (null: none); {@code peakReadings}: the heap readings an
     * operation's peak is the largest of (null otherwise).
     */
    public record Measurement(String id, int nodes, Double openNsPerNode, Double heapBytesPerNode,
            Double nativeBytesPerNode, String error, String skipped, Double operationMs, List<String> jvmArgs,
            Integer peakReadings) {

        public Measurement(String id, int nodes, Double openNsPerNode, Double heapBytesPerNode,
                Double nativeBytesPerNode, String error, String skipped, Double operationMs) {
            this(id, nodes, openNsPerNode, heapBytesPerNode, nativeBytesPerNode, error, skipped, operationMs, null, null);
        }

        public static Measurement failed(String id, int nodes, String error) {
            return new Measurement(id, nodes, null, null, null, error, null, null);
        }

        public static Measurement skipped(String id, int nodes, String why) {
            return new Measurement(id, nodes, null, null, null, null, why, null);
        }

        /** The same measurement, made in a JVM started with {@code flags} beside the default. */
        public Measurement withJvmArgs(List<String> flags) {
            return new Measurement(id, nodes, openNsPerNode, heapBytesPerNode, nativeBytesPerNode, error, skipped,
                    operationMs, flags == null || flags.isEmpty() ? null : List.copyOf(flags), peakReadings);
        }

        /** Its row in a report: the id, and the flags where it was measured with some. */
        public String row() {
            return jvmArgs == null || jvmArgs.isEmpty() ? id : id + " " + String.join(" ", jvmArgs);
        }

        public Double totalBytesPerNode() {
            return heapBytesPerNode == null || nativeBytesPerNode == null ? null
                    : heapBytesPerNode + nativeBytesPerNode;
        }
    }
}
