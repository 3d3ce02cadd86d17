package threadring.core.workloads;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.echo.EchoServer;
import threadring.core.fairness.Fairness;
import threadring.core.fanout.FanOut;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.ring.Ring;
import threadring.core.skynet.Skynet;

/**
 * Every workload, in the order reports show them: the one list a new workload of ring-core is added
 * to (its own package holds everything else about it), then those found on the class path
 * ({@link WorkloadProvider}: a workload of another jar, or a test's fixture).
 */
public final class Workloads {

    /** The workloads of ring-core. */
    public static final List<Workload<?, ?>> BUILT_IN = List.of(Ring.WORKLOAD, Rendezvous.WORKLOAD, FanOut.WORKLOAD,
            EchoServer.WORKLOAD, Skynet.WORKLOAD, Fairness.WORKLOAD);

    /** Every workload: ring-core's, then the ones providers add, by name. */
    public static final List<Workload<?, ?>> ALL = load();

    /** Workloads in {@link #ALL}'s order. */
    public static final Comparator<Workload<?, ?>> ORDER = Comparator.comparingInt(ALL::indexOf);

    private Workloads() {}

    private static List<Workload<?, ?>> load() {
        List<Workload<?, ?>> all = new ArrayList<>(BUILT_IN);
        ServiceLoader.load(WorkloadProvider.class, Workloads.class.getClassLoader()).stream()
                .map(p -> p.get().workload()).sorted(Comparator.comparing(Workload::name)).forEach(w -> {
                    if (all.stream().anyMatch(x -> x.name().equals(w.name()) || x.label().equals(w.label()))) {
                        throw new IllegalStateException("two workloads named " + w.name() + " (" + w.label() + ")");
                    }
                    all.add(w);
                });
        return List.copyOf(all);
    }

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
