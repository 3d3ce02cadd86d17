package threadring.core;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The experiments a variant can run: the thread ring, and the two-party rendezvous. */
public enum Workload {
    /** {@link Ring}: a token passed around N nodes; timed per hop. */
    RING("hop"),
    /** {@link Rendezvous}: a sender and a receiver meet M times; timed per exchanged value. */
    RENDEZVOUS("exchange");

    private final String unit;

    Workload(String unit) {
        this.unit = unit;
    }

    /** The name on the command line and in results: {@code ring}, {@code rendezvous}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** What one step of a run is: ns per {@code hop} or per {@code exchange}. */
    public String unit() {
        return unit;
    }

    /** @throws IllegalArgumentException naming the accepted labels */
    public static Workload of(String label) {
        return Arrays.stream(values()).filter(w -> w.label().equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("workload must be one of "
                        + Arrays.stream(values()).map(Workload::label).collect(Collectors.joining(", "))
                        + ", was '" + label + "'"));
    }
}
