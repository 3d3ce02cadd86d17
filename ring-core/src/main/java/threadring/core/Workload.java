package threadring.core;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The experiments a variant can run: the thread ring, the two-party rendezvous, the fan-out (all
 * three measured in JMH) and the echo server (measured with wrk over loopback sockets).
 */
public enum Workload {
    /** {@link Ring}: a token passed around N nodes; timed per hop. */
    RING("hop"),
    /** {@link Rendezvous}: a sender and a receiver meet M times; timed per exchanged value. */
    RENDEZVOUS("exchange"),
    /** {@link FanOut}: T tasks each wait D ms, work and complete; timed per operation. */
    FANOUT("operation"),
    /** {@link EchoServer}: an HTTP/1.1 echo server under wrk; measured in requests per second. */
    ECHO("request");

    private final String unit;

    Workload(String unit) {
        this.unit = unit;
    }

    /** The name on the command line and in results: {@code ring}, {@code rendezvous}, {@code fanout}, {@code echo}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** What one step of a run is: per {@code hop}, per {@code exchange}, or per whole {@code operation}. */
    public String unit() {
        return unit;
    }

    /** Whether JMH measures it (all but the echo server, which wrk loads from outside the JVM). */
    public boolean inJmh() {
        return this != ECHO;
    }

    /** @throws IllegalArgumentException naming the accepted labels */
    public static Workload of(String label) {
        return Arrays.stream(values()).filter(w -> w.label().equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("workload must be one of "
                        + Arrays.stream(values()).map(Workload::label).collect(Collectors.joining(", "))
                        + ", was '" + label + "'"));
    }

    /**
     * A workload opened without arguments (all but the ring, whose shape is chosen at open), with
     * the type it opens: the key of {@link RingFactory#open(Opened)}.
     */
    public record Opened<T extends AutoCloseable>(Workload workload, Class<T> type) {
        public static final Opened<Rendezvous> RENDEZVOUS = new Opened<>(Workload.RENDEZVOUS, Rendezvous.class);
        public static final Opened<FanOut> FANOUT = new Opened<>(Workload.FANOUT, FanOut.class);
        public static final Opened<EchoServer> ECHO = new Opened<>(Workload.ECHO, EchoServer.class);
    }
}
