package threadring.bench.data;

import com.google.gson.annotations.SerializedName;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import threadring.core.Size;

/**
 * One job of a sweep: some ids of one model in one series ({@code size}) of one configuration,
 * measured by {@code benchmark} at {@code steps} steps per pass (null: each id's own, calibrated;
 * or no steps, as for the echo server); what became of it and each id's result.
 */
public record Job(String configuration, String benchmark, List<String> ids, Size size, Integer steps, Status status,
        String reason, Integer exitStatus, List<Measured> results) {

    public enum Status {
        @SerializedName("running") RUNNING,
        @SerializedName("ok") OK,
        @SerializedName("failed") FAILED,
        @SerializedName("skipped") SKIPPED,
        @SerializedName("timed-out") TIMED_OUT,
        @SerializedName("interrupted") INTERRUPTED
    }

    /** The same job with another status, reason and results (an interrupted one). */
    public Job with(Status status, String reason, List<Measured> results) {
        return new Job(configuration, benchmark, ids, size, steps, status, reason, null, results);
    }

    /** The same job under another configuration label (a merged run of several hosts). */
    public Job in(String label, List<Measured> results) {
        return new Job(label, benchmark, ids, size, steps, status, reason, exitStatus, results);
    }

    /** The benchmark class's simple name. */
    public String shortName() {
        String cls = benchmark.substring(0, benchmark.lastIndexOf('.'));
        return cls.substring(cls.lastIndexOf('.') + 1);
    }

    /** The ids of this job that have no result and were not stopped by a limit of the machine, with why. */
    public Map<String, String> failures() {
        return ids.stream().filter(id -> results.stream().noneMatch(m -> m.id().equals(id)
                        && (m.measured() || m.limit() != null)))
                .collect(Collectors.toMap(id -> id, this::whyNot, (x, y) -> x, LinkedHashMap::new));
    }

    /** The ids of this job that cannot run here, with the limit that stops them. */
    public Map<String, String> limits() {
        return results.stream().filter(m -> m.limit() != null)
                .collect(Collectors.toMap(Measured::id, Measured::limit, (x, y) -> x, LinkedHashMap::new));
    }

    private String whyNot(String id) {
        return results.stream().filter(m -> m.id().equals(id) && m.error() != null).map(Measured::error)
                .findFirst().orElse(reason != null ? reason : "no result (status " + status + ")");
    }

    /** What a JMH child writes beside the job: the ids it has finished so far. */
    public record Result(String benchmark, List<Measured> results) {}
}
