package threadring.threads;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.Workload;
import threadring.core.echo.EchoServer;
import threadring.core.fanout.FanOut;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.ring.Ring;

/**
 * Platform (OS) threads, one per node, on each blocking handoff: the 2014 study's baseline. A
 * hop is a kernel wake-up (10-40 us here), and a ring stops at the kernel's thread limits
 * ({@link OsThreadLimits}) before it starts a thread. The fan-out has two forms: an OS thread per
 * task ({@code threads/thread}, which stops at the same limits) and the platform idiom for
 * timers, a {@code ScheduledThreadPoolExecutor} ({@code threads/scheduled}).
 */
public final class PlatformRings implements RingProvider {

    @Override
    public List<RingFactory> factories() {
        List<RingFactory> all = new ArrayList<>(Stream.of(Handoff.PARK, Handoff.LOCK, Handoff.SYNC,
                        Handoff.QUEUE)
                .<RingFactory>map(h -> Variant.of("threads/" + h.variant(), "platform threads, " + h.description()).opens(Ring.WORKLOAD,
                                (id, shape) -> new ThreadRing(id, shape, platformThreads(id), h))
                        .opens(Rendezvous.WORKLOAD, id -> new MailboxRendezvous(id, platformThreads(id), h))
                        .limit(OsThreadLimits::tooMany)
                        // park: the baseline of every speed-up (queue, the fastest rendezvous, is
                        // one --include away: one row per model keeps the default sweep's budget)
                        .inDefaultSweep(h == Handoff.PARK ? new Workload[] {Ring.WORKLOAD, Rendezvous.WORKLOAD}
                                : new Workload[0])
                        .build())
                .toList());
        all.add(Variant.of("threads/thread", "fan-out: an OS thread per task, Thread.sleep (fails past the "
                        + "kernel's thread limits)")
                .opens(FanOut.WORKLOAD, ThreadPerTaskFanOut::platform)
                .limit(tasks -> OsThreadLimits.tooMany(tasks, "tasks"))
                .inDefaultSweep(FanOut.WORKLOAD)
                .build());
        all.add(Variant.of("threads/socket", "echo server: a platform thread per connection, blocking java.net "
                        + "sockets (fails past the kernel's thread limits)")
                .opens(EchoServer.WORKLOAD, (id, size) -> new BlockingEchoServer(id, platformThreads(id), size.waitMs()))
                .limit(connections -> OsThreadLimits.tooMany(connections, "connections"))
                .inDefaultSweep(EchoServer.WORKLOAD)
                .build());
        all.add(Variant.of("threads/scheduled", "fan-out: a ScheduledThreadPoolExecutor of one thread per cpu")
                .opens(FanOut.WORKLOAD, ScheduledFanOut::new)
                .inDefaultSweep(FanOut.WORKLOAD)
                .build());
        return all;
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
