package threadring.virtual;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import threadring.core.Rendezvous;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Rings;
import threadring.core.Variant;
import threadring.threads.Handoff;
import threadring.threads.MailboxRendezvous;
import threadring.threads.ThreadRing;

/**
 * Loom virtual threads, one per node, on the same handoff primitives and the same node loop as
 * ring-threads: only the thread builder changes, which puts the "drop-in replacement" claim to a
 * measurement. Every handoff runs on the default scheduler and, as {@code -p1}, on a one-carrier
 * scheduler, which needs JVM flags (there is no public API for a custom scheduler).
 */
public final class VirtualRings implements RingProvider {

    /** The system properties of the {@code -p1} variants. */
    public static final Map<String, String> ONE_CARRIER = Map.of(
            "jdk.virtualThreadScheduler.parallelism", "1",
            "jdk.virtualThreadScheduler.maxPoolSize", "1",
            "jdk.virtualThreadScheduler.minRunnable", "1");

    /** The floor of every virtual-thread row: a bare Loom continuation per node, no scheduler. */
    public static final String LOOM_FLOOR = "floor/loom-continuation";

    /** Virtual threads named prefix1, prefix2, ...; for Scala modules, whose scalac targets 17. */
    public static ThreadFactory threads(String prefix) {
        return Thread.ofVirtual().name(prefix, 1).factory();
    }

    @Override
    public List<RingFactory> factories() {
        List<RingFactory> all = new ArrayList<>();
        for (Handoff h : Handoff.values()) {
            for (boolean oneCarrier : new boolean[] {false, true}) {
                all.add(Variant.of("virtual/" + h.variant() + (oneCarrier ? "-p1" : ""),
                                (oneCarrier ? "virtual threads on one carrier, " : "virtual threads, default scheduler, ")
                                        + h.description(),
                                (id, shape) -> new ThreadRing(id, shape, threads(id + "#"), h))
                        .systemProperties(oneCarrier ? ONE_CARRIER : Map.of())
                        .minimumJava(h == Handoff.SYNC ? 24 : 21)
                        .defaultHops(defaultHops(h))
                        .rendezvous(id -> new MailboxRendezvous(id, threads(id + "#"), h))
                        .defaultValues(defaultValues(h))
                        .floor(LOOM_FLOOR)
                        .build());
            }
        }
        return all;
    }

    /**
     * Before JDK 24 (JEP 491) a virtual thread waiting in a synchronized block pins its carrier;
     * 503 of them exhaust the scheduler's carriers and the ring deadlocks: hence JDK 24 for sync.
     * Slow rows get shorter passes: monitors on virtual threads cost 15-150 us per hop here,
     * spinning before parking 2-9 us (in a ring the receiver always waits N-1 hops, so every spin
     * is lost).
     */
    private static int defaultHops(Handoff h) {
        return switch (h) {
            case SYNC -> Rings.SLOWEST_HOPS;
            case SPIN -> Rings.SLOW_HOPS;
            default -> Rings.SWEEP_HOPS;
        };
    }

    /**
     * In a rendezvous the partner is about to arrive, so spinning pays there; monitors still cost
     * tens of microseconds per meeting, and an Exchanger on few carriers microseconds (the seed's
     * 40-50 s for 10^7 with parallelism 1 or 2).
     */
    private static int defaultValues(Handoff h) {
        return switch (h) {
            case SYNC -> Rendezvous.SLOWEST_VALUES;
            case EXCHANGER -> Rendezvous.SLOW_VALUES;
            default -> Rendezvous.SWEEP_VALUES;
        };
    }
}
