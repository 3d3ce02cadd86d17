package threadring.akka;

import java.util.ArrayList;
import java.util.List;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.Workload;
import threadring.core.echo.EchoServer;
import threadring.core.fanout.FanOut;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.ring.Ring;

/**
 * The actor rings: Akka 2.6 typed and classic, Apache Pekko 1.x typed, each on the library's
 * default fork-join dispatcher and, as {@code -p1}, on a one-thread dispatcher (bundled config,
 * no JVM flags). Each ring owns an ActorSystem for its lifetime. Each id also runs the
 * rendezvous: a sender and a receiver actor of the same API on the same dispatcher. Pekko's also
 * run as {@code -loom} and {@code -loom-p1}, on its virtual-thread executor.
 */
public final class AkkaRings implements RingProvider {

    /** The -p1 dispatcher, defined in threadring/akka/akka.conf and pekko.conf. */
    static final String ONE_THREAD = Dispatcher.ONE_THREAD.path;

    @Override
    public List<RingFactory> factories() {
        List<RingFactory> all = new ArrayList<>();
        for (Dispatcher on : Dispatcher.values()) {
            String dispatcher = ", " + on.description;
            // Pekko's virtual-thread executor has no Akka 2.6 counterpart (docs/implementations.md)
            boolean akka = !on.virtual;
            if (akka) {
                all.add(Variant.of("akka/typed" + on.suffix, "Akka 2.6 typed actors (Behaviors)" + dispatcher).opens(Ring.WORKLOAD,
                                (id, shape) -> new TypedRing(id, shape, new AkkaTyped(), on))
                        .opens(Rendezvous.WORKLOAD, id -> new TypedRendezvous(id, new AkkaTyped(), on))
                        .inDefaultSweep(on == Dispatcher.ONE_THREAD ? new Workload[] {Ring.WORKLOAD} : new Workload[0])
                        .oneThread(on.oneThread())
                        .build());
            }
            all.add(Variant.of("akka/pekko-typed" + on.suffix, "Apache Pekko 1.x typed actors (Behaviors)" + dispatcher).opens(Ring.WORKLOAD,
                            (id, shape) -> new TypedRing(id, shape, new PekkoTyped(), on))
                    .opens(Rendezvous.WORKLOAD, id -> new TypedRendezvous(id, new PekkoTyped(), on))
                    .inDefaultSweep(on == Dispatcher.ONE_THREAD ? new Workload[] {Rendezvous.WORKLOAD} : new Workload[0])
                    .oneThread(on.oneThread())
                    .onVirtualThreads(on.virtual)
                    .systemProperties(on.properties)
                    .build());
            if (akka) {
                boolean oneThread = on.oneThread();
                String classic = oneThread ? ONE_THREAD : "akka.actor.default-dispatcher";
                all.add(Variant.of("akka/classic" + on.suffix, "Akka 2.6 classic actors (AbstractActor)" + dispatcher).opens(Ring.WORKLOAD,
                                (id, shape) -> new AkkaClassicRing(id, shape, classic))
                        .opens(Rendezvous.WORKLOAD, id -> new AkkaClassicRendezvous(id, classic))
                        // the 2014 study's "Akka actors": the default dispatcher
                        .inDefaultSweep(oneThread ? new Workload[0] : new Workload[] {Ring.WORKLOAD})
                        .oneThread(oneThread)
                        .build());
                all.add(Variant.of("akka/timers" + on.suffix, "fan-out: an Akka 2.6 typed actor per task, "
                                + "Behaviors.withTimers" + dispatcher)
                        .opens(FanOut.WORKLOAD, id -> new TypedFanOut(id, new AkkaTyped(), on))
                        .oneThread(oneThread)
                        .build());
            }
            if (on == Dispatcher.LOOM_P1) {
                continue; // the fan-out on Loom: the default scheduler only, as for every model
            }
            all.add(Variant.of("akka/pekko-timers" + on.suffix, "fan-out: a Pekko 1.x typed actor per task, "
                            + "Behaviors.withTimers" + dispatcher)
                    .opens(FanOut.WORKLOAD, id -> new TypedFanOut(id, new PekkoTyped(), on))
                    .oneThread(on.oneThread())
                    .onVirtualThreads(on.virtual)
                    .systemProperties(on.properties)
                    // the fastest fan-out in both series (run 20261123-223732, --all)
                    .inDefaultSweep(on == Dispatcher.ONE_THREAD ? new Workload[] {FanOut.WORKLOAD} : new Workload[0])
                    .build());
        }
        all.add(Variant.of("akka/streams", "echo server: Akka 2.6 Streams Tcp, a materialized stream per connection "
                        + "framing HTTP/1.1 (statefulMapConcat), default dispatcher")
                .opens(EchoServer.WORKLOAD, (id, size) -> new AkkaStreamsEchoServer(id, size.waitMs(), Dispatcher.DEFAULT))
                .build());
        all.add(Variant.of("akka/pekko-streams", "echo server: Apache Pekko 1.x Streams Tcp, a materialized stream per "
                        + "connection framing HTTP/1.1 (statefulMapConcat), default dispatcher")
                .opens(EchoServer.WORKLOAD, (id, size) -> new PekkoStreamsEchoServer(id, size.waitMs(), Dispatcher.DEFAULT))
                .inDefaultSweep(EchoServer.WORKLOAD)
                .build());
        all.add(Variant.of("akka/pekko-streams" + Dispatcher.LOOM.suffix, "echo server: Apache Pekko 1.x Streams Tcp, a "
                        + "materialized stream per connection framing HTTP/1.1 (statefulMapConcat), streams on "
                        + Dispatcher.LOOM.description)
                .opens(EchoServer.WORKLOAD, (id, size) -> new PekkoStreamsEchoServer(id, size.waitMs(), Dispatcher.LOOM))
                .onVirtualThreads(Dispatcher.LOOM.virtual)
                .systemProperties(Dispatcher.LOOM.properties)
                .build());
        return all;
    }
}
