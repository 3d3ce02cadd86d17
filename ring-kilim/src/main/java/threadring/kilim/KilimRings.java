package threadring.kilim;

import java.util.List;
import kilim.Scheduler;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.echo.EchoServer;
import threadring.core.fanout.FanOut;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.ring.Ring;

/**
 * {@code kilim/mailbox}: Tasks and Mailboxes on a scheduler of Kilim's default size (one worker
 * per core), {@code kilim/mailbox-p1} on one worker; in the ring ({@link TaskRing}) and in the
 * rendezvous ({@link TaskRendezvous}); {@code kilim/sleep} and {@code kilim/sleep-p1} the fan-out
 * ({@link TaskFanOut}); {@code kilim/socket} and {@code kilim/socket-p1} the echo server on Kilim's
 * NIO layer ({@link KilimEchoServer}). Kilim's bare continuations are a floor row,
 * {@code floor/kilim-continuation}, registered by ring-floor through {@link #continuationFloor}.
 */
public final class KilimRings implements RingProvider {

    static final String FLOOR = "floor/kilim-continuation";

    @Override
    public List<RingFactory> factories() {
        return List.of(
                Variant.of("kilim/mailbox", "Kilim Tasks, a Mailbox per node, default-size scheduler ("
                                + Scheduler.defaultNumberThreads + " workers here)").opens(Ring.WORKLOAD,
                        (id, shape) -> new TaskRing(id, shape, Scheduler.defaultNumberThreads))
                        .opens(Rendezvous.WORKLOAD, id -> new TaskRendezvous(id, Scheduler.defaultNumberThreads))
                        .floor(FLOOR)
                        .build(),
                Variant.of("kilim/mailbox-p1", "Kilim Tasks, a Mailbox per node, one-worker scheduler").opens(Ring.WORKLOAD,
                                (id, shape) -> new TaskRing(id, shape, 1))
                        .opens(Rendezvous.WORKLOAD, id -> new TaskRendezvous(id, 1))
                        .floor(FLOOR)
                        .oneThread(true)
                        .inDefaultSweep(Ring.WORKLOAD, Rendezvous.WORKLOAD)
                        .build(),
                Variant.of("kilim/sleep", "fan-out: a woven Task per task, Task.sleep, default-size scheduler ("
                                + Scheduler.defaultNumberThreads + " workers here)")
                        .opens(FanOut.WORKLOAD, id -> new TaskFanOut(id, Scheduler.defaultNumberThreads))
                        .inDefaultSweep(FanOut.WORKLOAD) // the faster in both series (run 20261123-223732)
                        .build(),
                Variant.of("kilim/sleep-p1", "fan-out: a woven Task per task, Task.sleep, one-worker scheduler")
                        .opens(FanOut.WORKLOAD, id -> new TaskFanOut(id, 1))
                        .oneThread(true)
                        .build(),
                Variant.of("kilim/socket", "echo server: Kilim NIO (NioSelectorScheduler, EndPoint), a woven "
                                + "SessionTask per connection, default-size scheduler (" + Scheduler.defaultNumberThreads
                                + " workers here) and the selector thread")
                        .opens(EchoServer.WORKLOAD, (id, size) -> new KilimEchoServer(id, Scheduler.defaultNumberThreads, size.waitMs()))
                        .inDefaultSweep(EchoServer.WORKLOAD)
                        .build(),
                Variant.of("kilim/socket-p1", "echo server: Kilim NIO (NioSelectorScheduler, EndPoint), a woven "
                                + "SessionTask per connection, one worker and the selector thread")
                        .opens(EchoServer.WORKLOAD, (id, size) -> new KilimEchoServer(id, 1, size.waitMs()))
                        .oneThread(true)
                        .build());
    }

    /** The floor row of Kilim's woven continuations, for ring-floor's provider. */
    public static RingFactory continuationFloor() {
        return Variant.of(FLOOR, "bare Kilim continuations (Fiber.yield), resumed in turn by one thread").opens(Ring.WORKLOAD,
                ContinuationRing::new).floor(FLOOR).oneThread(true).inDefaultSweep(Ring.WORKLOAD).build();
    }
}
