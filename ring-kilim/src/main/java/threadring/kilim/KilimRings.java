package threadring.kilim;

import java.util.List;
import kilim.Scheduler;
import threadring.core.Rendezvous;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Rings;
import threadring.core.Variant;

/**
 * {@code kilim/mailbox}: Tasks and Mailboxes on a scheduler of Kilim's default size (one worker
 * per core), {@code kilim/mailbox-p1} on one worker; in the ring ({@link TaskRing}) and in the
 * rendezvous ({@link TaskRendezvous}). Kilim's bare continuations are a floor row,
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
                        .rendezvous(id -> new TaskRendezvous(id, Scheduler.defaultNumberThreads))
                        .defaultValues(Rendezvous.SLOW_VALUES) // 10-20 us: sender and receiver on two workers
                        .floor(FLOOR)
                        .build(),
                Variant.of("kilim/mailbox-p1", "Kilim Tasks, a Mailbox per node, one-worker scheduler",
                                (id, shape) -> new TaskRing(id, shape, 1))
                        .rendezvous(id -> new TaskRendezvous(id, 1))
                        // ~1.2 us, a worker's queue hop per put: 10^6 take ~1.2 s, 10^5 only ~0.12 s
                        .defaultValues(Rendezvous.SWEEP_VALUES)
                        .floor(FLOOR)
                        .build());
    }

    /** The floor row of Kilim's woven continuations, for ring-floor's provider. */
    public static RingFactory continuationFloor() {
        return Variant.of(FLOOR, "bare Kilim continuations (Fiber.yield), resumed in turn by one thread",
                ContinuationRing::new).floor(FLOOR).build();
    }
}
