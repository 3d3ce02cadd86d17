package threadring.core.echo;

import threadring.core.Operation;
import threadring.core.RingFactory;
import threadring.core.Size;
import threadring.core.Workload;

/**
 * The echo server with {@code connections} connections open, each request answered after
 * {@code waitMs} ms of waiting the model's way (0: at once, at most {@link #MAX_WAIT_MS},
 * beyond which a load's timeouts would decide); a run's steps are requests.
 */
public record EchoSize(int connections, int waitMs) implements Size.Served {

    @Override
    public Workload<EchoSize, EchoServer> workload() {
        return EchoServer.WORKLOAD;
    }

    public static final int MAX_WAIT_MS = 5_000;

    public EchoSize {
        if (connections < 1 || waitMs < 0 || waitMs > MAX_WAIT_MS) {
            throw new IllegalArgumentException(connections < 1 ? "connections must be >= 1, was " + connections
                    : "wait_ms must be 0-" + MAX_WAIT_MS + ", was " + waitMs);
        }
    }

    /** An echo that answers at once. */
    public EchoSize(int connections) {
        this(connections, 0);
    }

    @Override
    public String describe() {
        return "echo connections=" + connections + (waitMs > 0 ? " wait_ms=" + waitMs : "");
    }

    @Override
    public String arguments(int steps) {
        return "workload=echo requests=" + steps + " connections=" + connections
                + (waitMs > 0 ? " wait_ms=" + waitMs : "");
    }

    @Override
    public String file(String steps) {
        return "echo-c" + connections + (waitMs > 0 ? "-w" + waitMs : "");
    }

    @Override
    public int population() {
        return connections;
    }

    /** A run's steps are requests with random bodies on the connections (see {@link EchoClient#operation}). */
    @Override
    public Operation open(RingFactory f) {
        return EchoClient.operation(f, this);
    }
}
