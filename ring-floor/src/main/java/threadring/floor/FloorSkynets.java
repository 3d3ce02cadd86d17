package threadring.floor;

import java.util.List;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.skynet.Skynet;

/**
 * The Skynet floor, {@code floor/recursion}: the tree as plain recursion on the caller's thread,
 * no task created (so the kit checks it starts none). What a model's row adds over it is the
 * cost of its tasks.
 */
public final class FloorSkynets implements RingProvider {

    /** Found by ServiceLoader, as every model's provider. */
    public FloorSkynets() {}

    @Override
    public List<RingFactory> factories() {
        return variants().stream().map(Variant.Builder::build).map(v -> (RingFactory) v).toList();
    }

    /** Each Skynet form of the model, as a variant builder. */
    public static List<Variant.Builder> variants() {
        return List.of(Variant.of("floor/recursion", "plain recursion on the calling thread, a call per task: "
                + "no task, no scheduler").opens(Skynet.WORKLOAD, RecursionSkynet::new).inDefaultSweep(Skynet.WORKLOAD));
    }
}
