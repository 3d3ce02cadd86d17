package threadring.bench.data;

import java.util.List;

/**
 * A footprint run: footprint.json in its run directory, one {@link Measurement} per id and size:
 * per ring node, or ({@code delayMs} set) per live fan-out task, T tasks asleep for {@code delayMs}
 * at once ({@code nodes} then counts the tasks). With {@code besideJvmArgs}, each id is measured
 * twice, in a JVM without those flags and in one with them (e.g. JDK 25's compact object headers).
 */
public record FootprintRun(int schema, String runId, String started, String finished, Env.Machine machine,
        Env.Jvm jvm, List<Integer> nodes, List<Measurement> measurements, Integer delayMs, List<String> besideJvmArgs) {

    public static final String FILE = "footprint.json";
    /** footprint.json's own schema (1; {@code delayMs}, {@code besideJvmArgs}, {@code operationMs} and {@code jvmArgs} added, null in older runs). */
    public static final int SCHEMA = 1;

    /** Whether it measured live fan-out tasks rather than ring nodes. */
    public boolean liveTasks() {
        return delayMs != null;
    }

    /**
     * One id at one size; the per-node (per-task) figures are null when {@code error} or {@code skipped}
     * says why. {@code openNsPerNode}: the time to open a ring, per node (null for live tasks);
     * {@code operationMs}: a fan-out operation's whole time, its tasks' delay included (null for rings);
     * {@code jvmArgs}: the flags measured beside the default (null: none).
     */
    public record Measurement(String id, int nodes, Double openNsPerNode, Double heapBytesPerNode,
            Double nativeBytesPerNode, String error, String skipped, Double operationMs, List<String> jvmArgs) {

        public Measurement(String id, int nodes, Double openNsPerNode, Double heapBytesPerNode,
                Double nativeBytesPerNode, String error, String skipped, Double operationMs) {
            this(id, nodes, openNsPerNode, heapBytesPerNode, nativeBytesPerNode, error, skipped, operationMs, null);
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
                    operationMs, flags == null || flags.isEmpty() ? null : List.copyOf(flags));
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
