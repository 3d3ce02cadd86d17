package threadring.floor;

import java.util.List;
import threadring.core.skynet.SkynetVariant;

/**
 * The Skynet floor, {@code floor/recursion}: the tree as plain recursion on the caller's thread,
 * no task created (so the kit checks it starts none). What a model's row adds over it is the
 * cost of its tasks.
 */
public final class FloorSkynets {

    private FloorSkynets() {}

    public static List<SkynetVariant> variants() {
        return List.of(SkynetVariant.of("floor/recursion", "plain recursion on the calling thread, a call per task: "
                + "no task, no scheduler", RecursionSkynet::new).fastest());
    }
}
