package threadring.kilim;

import java.util.List;
import kilim.Scheduler;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Rings;
import threadring.core.Variant;

/**
 * {@code kilim/mailbox}: Tasks and Mailboxes on a scheduler of Kilim's default size (one worker
 * per core), {@code kilim/mailbox-p1} on one worker; {@code kilim/continuation}: bare Kilim
 * continuations resumed in turn by one thread.
 */
public final class KilimRings implements RingProvider {

    @Override
    public List<RingFactory> factories() {
        return List.of(
                Variant.of("kilim/mailbox", "Kilim Tasks, a Mailbox per node, default-size scheduler ("
                                + Scheduler.defaultNumberThreads + " workers here)",
                        (id, nodes) -> new TaskRing(id, nodes, Scheduler.defaultNumberThreads))
                        .defaultHops(Rings.SLOW_HOPS) // ~15 us per hop: every hop crosses workers
                        .build(),
                Variant.of("kilim/mailbox-p1", "Kilim Tasks, a Mailbox per node, one-worker scheduler",
                        (id, nodes) -> new TaskRing(id, nodes, 1)).build(),
                Variant.of("kilim/continuation", "bare Kilim continuations (Fiber.yield), resumed in turn by one thread",
                        ContinuationRing::new).build());
    }
}
