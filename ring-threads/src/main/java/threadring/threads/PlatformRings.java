package threadring.threads;

import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import threadring.core.Rendezvous;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Rings;
import threadring.core.Variant;

/**
 * Platform (OS) threads, one per node, on each blocking handoff: the 2014 study's baseline. A
 * hop is a kernel wake-up (10-40 us here), so the sweep runs 10^5 hops per pass, and a ring
 * stops at the kernel's thread limits ({@link OsThreadLimits}) before it starts a thread.
 */
public final class PlatformRings implements RingProvider {

    @Override
    public List<RingFactory> factories() {
        return Stream.of(Handoff.PARK, Handoff.LOCK, Handoff.SYNC, Handoff.QUEUE)
                .<RingFactory>map(h -> Variant.of("threads/" + h.variant(), "platform threads, " + h.description(),
                                (id, shape) -> new ThreadRing(id, shape, platformThreads(id), h))
                        .defaultHops(Rings.SLOW_HOPS)
                        .rendezvous(id -> new MailboxRendezvous(id, platformThreads(id), h))
                        .defaultValues(Rendezvous.SLOW_VALUES)
                        .limit(OsThreadLimits::tooMany)
                        .build())
                .toList();
    }

    /** Daemon threads named after the ring, so a leaked one is easy to spot in a thread dump. */
    static ThreadFactory platformThreads(String id) {
        AtomicInteger n = new AtomicInteger();
        return task -> {
            Thread t = new Thread(task, id + "#" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
