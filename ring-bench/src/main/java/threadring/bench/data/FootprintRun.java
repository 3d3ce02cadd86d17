package threadring.bench.data;

import java.util.List;

/** A footprint run: footprint.json in its run directory, one {@link Measurement} per id and ring size. */
public record FootprintRun(int schema, String runId, String started, String finished, Env.Machine machine,
        Env.Jvm jvm, List<Integer> nodes, List<Measurement> measurements) {

    public static final String FILE = "footprint.json";
    /** footprint.json's own schema (unchanged since the first). */
    public static final int SCHEMA = 1;

    /** One id at one size; the per-node figures are null when {@code error} or {@code skipped} says why. */
    public record Measurement(String id, int nodes, Double openNsPerNode, Double heapBytesPerNode,
            Double nativeBytesPerNode, String error, String skipped) {

        public static Measurement failed(String id, int nodes, String error) {
            return new Measurement(id, nodes, null, null, null, error, null);
        }

        public static Measurement skipped(String id, int nodes, String why) {
            return new Measurement(id, nodes, null, null, null, null, why);
        }

        public Double totalBytesPerNode() {
            return heapBytesPerNode == null || nativeBytesPerNode == null ? null
                    : heapBytesPerNode + nativeBytesPerNode;
        }
    }
}
