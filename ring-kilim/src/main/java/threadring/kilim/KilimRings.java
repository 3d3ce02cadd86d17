package threadring.kilim;

import java.util.List;
import kilim.Scheduler;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Rings;
import threadring.core.Variant;

/**
 * {@code kilim/mailbox}: Tasks and Mailboxes on a scheduler of Kilim's default size (one worker
 * per core), {@code kilim/mailbox-p1} on one worker. Kilim's bare continuations are a floor row,
 * {@code floor/kilim-continuation}, registered by ring-floor through {@link #continuationFloor}.
 */
public final class KilimRings implements RingProvider {

    static final String FLOOR = "floor/kilim-continuation";

    @Override
    public List<RingFactory> factories() {
        return List.of(
                Variant.of("kilim/mailbox", "Kilim Tasks, a Mailbox per node, default-size scheduler ("
                                + Scheduler.defaultNumberThreads + " workers here)",
                        (id, shape) -> new TaskRing(id, shape, Scheduler.defaultNumberThreads))
                        .defaultHops(Rings.SLOW_HOPS) // ~15 us per hop: every hop crosses workers
                        .floor(FLOOR)
                        .build(),
                Variant.of("kilim/mailbox-p1", "Kilim Tasks, a Mailbox per node, one-worker scheduler",
                        (id, shape) -> new TaskRing(id, shape, 1)).floor(FLOOR).build());
    }

    /** The floor row of Kilim's woven continuations, for ring-floor's provider. */
    public static RingFactory continuationFloor() {
        return Variant.of(FLOOR, "bare Kilim continuations (Fiber.yield), resumed in turn by one thread",
                ContinuationRing::new).floor(FLOOR).build();
    }
}
