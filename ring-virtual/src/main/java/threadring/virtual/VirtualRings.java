package threadring.virtual;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import threadring.core.Loom;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.Workload;
import threadring.core.echo.EchoServer;
import threadring.core.fanout.FanOut;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.ring.Ring;
import threadring.threads.BlockingEchoServer;
import threadring.threads.Handoff;
import threadring.threads.MailboxRendezvous;
import threadring.threads.ThreadPerTaskFanOut;
import threadring.threads.ThreadRing;

/**
 * Loom virtual threads, one per node, on the same handoff primitives and the same node loop as
 * ring-threads: only the thread builder changes, which puts the "drop-in replacement" claim to a
 * measurement. Every handoff runs on the default scheduler and, as {@code -p1}, on a one-carrier
 * scheduler, which needs JVM flags (there is no public API for a custom scheduler).
 */
public final class VirtualRings implements RingProvider {

    /** The system properties of the {@code -p1} variants. */
    public static final Map<String, String> ONE_CARRIER = Loom.ONE_CARRIER;

    /** The floor of every virtual-thread row: a bare Loom continuation per node, no scheduler. */
    public static final String LOOM_FLOOR = "floor/loom-continuation";

    /**
     * The default sweep's ring and rendezvous ids: the fastest of each (park-p1 in the ring, queue-p1
     * in the rendezvous; run 20261123-205554, --all), the drop-in form on the default scheduler
     * (park), and the rows the README's rendezvous claims rest on (spin, exchanger).
     */
    private static final Map<String, Workload[]> IN_DEFAULT_SWEEP = Map.of(
            "virtual/park", new Workload[] {Ring.WORKLOAD, Rendezvous.WORKLOAD},
            "virtual/park-p1", new Workload[] {Ring.WORKLOAD},
            "virtual/exchanger", new Workload[] {Rendezvous.WORKLOAD},
            "virtual/spin", new Workload[] {Rendezvous.WORKLOAD});

    /** Virtual threads named prefix1, prefix2, ...; for Scala modules, whose scalac targets 17. */
    public static ThreadFactory threads(String prefix) {
        return Thread.ofVirtual().name(prefix, 1).factory();
    }

    /**
     * A new virtual thread per task (as {@code Executors.newVirtualThreadPerTaskExecutor()}), its
     * threads named prefix1, prefix2, ...: the executor the {@code -loom} variants of other models
     * run on, callable from modules compiled for JDK 17.
     */
    public static ExecutorService perTask(String prefix) {
        return Executors.newThreadPerTaskExecutor(threads(prefix));
    }

    @Override
    public List<RingFactory> factories() {
        List<RingFactory> all = new ArrayList<>();
        for (Handoff h : Handoff.values()) {
            for (boolean oneCarrier : new boolean[] {false, true}) {
                Map<String, String> scheduler = oneCarrier ? ONE_CARRIER : Map.of();
                all.add(Variant.of("virtual/" + h.variant() + (oneCarrier ? "-p1" : ""),
                                (oneCarrier ? "virtual threads on one carrier, " : "virtual threads, default scheduler, ")
                                        + h.description()).opens(Ring.WORKLOAD,
                                (id, shape) -> new ThreadRing(id, shape, threads(id + "#"), h))
                        .systemProperties(scheduler)
                        .onVirtualThreads(true)
                        .limit(h == Handoff.SYNC ? n -> Pinning.limit(n, scheduler) : n -> Optional.empty())
                        .opens(Rendezvous.WORKLOAD, id -> new MailboxRendezvous(id, threads(id + "#"), h))
                        .floor(LOOM_FLOOR)
                        .oneThread(oneCarrier)
                        .inDefaultSweep(IN_DEFAULT_SWEEP.getOrDefault("virtual/" + h.variant() + (oneCarrier ? "-p1" : ""),
                                new Workload[0]))
                        .build());
            }
        }
        // synchronized on a scheduler with room for every pinned node: what JDK 21's pinning costs
        // against JDK 24+, where the same code does not pin (JEP 491)
        all.add(Variant.of("virtual/sync-pool", "virtual threads, synchronized + wait/notify, a scheduler that may "
                        + "add up to " + Pinning.POOL + " carriers (room to pin every node on JDK 21)").opens(Ring.WORKLOAD,
                        (id, shape) -> new ThreadRing(id, shape, threads(id + "#"), Handoff.SYNC))
                .systemProperties(Pinning.ROOMY)
                .onVirtualThreads(true)
                .limit(n -> Pinning.limit(n, Pinning.ROOMY))
                .opens(Rendezvous.WORKLOAD, id -> new MailboxRendezvous(id, threads(id + "#"), Handoff.SYNC))
                .floor(LOOM_FLOOR)
                .build());
        for (boolean oneCarrier : new boolean[] {false, true}) {
            all.add(Variant.of("virtual/sleep" + (oneCarrier ? "-p1" : ""), "fan-out: a virtual thread per task, "
                            + "Thread.sleep, " + (oneCarrier ? "on one carrier" : "default scheduler"))
                    .opens(FanOut.WORKLOAD, id -> new ThreadPerTaskFanOut(id, threads(id + "#"), n -> Optional.empty()))
                    .systemProperties(oneCarrier ? ONE_CARRIER : Map.of())
                    .onVirtualThreads(true)
                    .oneThread(oneCarrier)
                    // the default scheduler in the default sweep (-p1 was the faster without work, the
                    // default with it, run 20261123-223732; one row per model keeps the sweep's budget)
                    .inDefaultSweep(oneCarrier ? new Workload[0] : new Workload[] {FanOut.WORKLOAD})
                    .build());
        }
        for (boolean oneCarrier : new boolean[] {false, true}) {
            all.add(Variant.of("virtual/socket" + (oneCarrier ? "-p1" : ""), "echo server: a virtual thread per "
                            + "connection, the same blocking code as threads/socket, "
                            + (oneCarrier ? "on one carrier" : "default scheduler"))
                    .opens(EchoServer.WORKLOAD, (id, size) -> new BlockingEchoServer(id, threads(id + "#"), size.waitMs()))
                    .systemProperties(oneCarrier ? ONE_CARRIER : Map.of())
                    .minimumJava(21)
                    .oneThread(oneCarrier)
                    .inDefaultSweep(oneCarrier ? new Workload[0] : new Workload[] {EchoServer.WORKLOAD})
                    .build());
        }
        return all;
    }
}
