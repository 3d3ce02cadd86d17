package threadring.core.workloads;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.echo.EchoServer;
import threadring.core.fanout.FanOut;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.ring.Ring;
import threadring.core.skynet.Skynet;

/**
 * Every workload, in the order reports show them: the one list a new workload is added to in
 * ring-core (its own package holds everything else about it).
 */
public final class Workloads {

    public static final List<Workload<?, ?>> ALL = List.of(Ring.WORKLOAD, Rendezvous.WORKLOAD, FanOut.WORKLOAD,
            EchoServer.WORKLOAD, Skynet.WORKLOAD);

    /** Workloads in {@link #ALL}'s order. */
    public static final Comparator<Workload<?, ?>> ORDER = Comparator.comparingInt(ALL::indexOf);

    private Workloads() {}

    /**
     * The workload of a label ({@code ring}, {@code fanout}).
     *
     * @throws IllegalArgumentException naming the accepted labels
     */
    public static Workload<?, ?> of(String label) {
        return ALL.stream().filter(w -> w.label().equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("workload must be one of "
                        + ALL.stream().map(Workload::label).collect(Collectors.joining(", ")) + ", was '" + label + "'"));
    }

    /** The workload of a name as run.json writes it ({@code RING}). */
    public static Workload<?, ?> named(String name) {
        return ALL.stream().filter(w -> w.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no workload named " + name));
    }

    /** The workload whose size record is {@code type}. */
    public static Workload<?, ?> ofSize(Class<? extends Size> type) {
        return ALL.stream().filter(w -> w.sizeType() == type).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no workload has the size " + type.getName()));
    }
}
