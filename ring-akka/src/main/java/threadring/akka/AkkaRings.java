package threadring.akka;

import java.util.ArrayList;
import java.util.List;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.Workload;

/**
 * The actor rings: Akka 2.6 typed and classic, Apache Pekko 1.x typed, each on the library's
 * default fork-join dispatcher and, as {@code -p1}, on a one-thread dispatcher (bundled config,
 * no JVM flags). Each ring owns an ActorSystem for its lifetime. Each id also runs the
 * rendezvous: a sender and a receiver actor of the same API on the same dispatcher.
 */
public final class AkkaRings implements RingProvider {

    /** The -p1 dispatcher, defined in threadring/akka/akka.conf and pekko.conf. */
    static final String ONE_THREAD = "threadring-one-thread-dispatcher";

    @Override
    public List<RingFactory> factories() {
        List<RingFactory> all = new ArrayList<>();
        for (boolean oneThread : new boolean[] {false, true}) {
            String p1 = oneThread ? "-p1" : "";
            String dispatcher = oneThread ? ", one-thread fork-join dispatcher" : ", default fork-join dispatcher";
            all.add(Variant.of("akka/typed" + p1, "Akka 2.6 typed actors (Behaviors)" + dispatcher,
                            (id, shape) -> new TypedRing(id, shape, new AkkaTyped(), oneThread))
                    .rendezvous(id -> new TypedRendezvous(id, new AkkaTyped(), oneThread))
                    .inDefaultSweep(oneThread ? new Workload[] {Workload.RING} : new Workload[0])
                    .oneThread(oneThread)
                    .build());
            all.add(Variant.of("akka/pekko-typed" + p1, "Apache Pekko 1.x typed actors (Behaviors)" + dispatcher,
                            (id, shape) -> new TypedRing(id, shape, new PekkoTyped(), oneThread))
                    .rendezvous(id -> new TypedRendezvous(id, new PekkoTyped(), oneThread))
                    .inDefaultSweep(oneThread ? new Workload[] {Workload.RENDEZVOUS} : new Workload[0])
                    .oneThread(oneThread)
                    .build());
            String classic = oneThread ? ONE_THREAD : "akka.actor.default-dispatcher";
            all.add(Variant.of("akka/classic" + p1, "Akka 2.6 classic actors (AbstractActor)" + dispatcher,
                            (id, shape) -> new AkkaClassicRing(id, shape, classic))
                    .rendezvous(id -> new AkkaClassicRendezvous(id, classic))
                    // the 2014 study's "Akka actors": the default dispatcher
                    .inDefaultSweep(oneThread ? new Workload[0] : new Workload[] {Workload.RING})
                    .oneThread(oneThread)
                    .build());
            all.add(Variant.of("akka/timers" + p1, "fan-out: an Akka 2.6 typed actor per task, Behaviors.withTimers"
                            + dispatcher)
                    .fanOut(id -> new TypedFanOut(id, new AkkaTyped(), oneThread))
                    .oneThread(oneThread)
                    .build());
            all.add(Variant.of("akka/pekko-timers" + p1, "fan-out: a Pekko 1.x typed actor per task, "
                            + "Behaviors.withTimers" + dispatcher)
                    .fanOut(id -> new TypedFanOut(id, new PekkoTyped(), oneThread))
                    .oneThread(oneThread)
                    // the fastest fan-out in both series (run 20261123-223732, --all)
                    .inDefaultSweep(oneThread ? new Workload[] {Workload.FANOUT} : new Workload[0])
                    .build());
        }
        all.add(Variant.of("akka/streams", "echo server: Akka 2.6 Streams Tcp, a materialized stream per connection "
                        + "framing HTTP/1.1 (statefulMapConcat), default dispatcher")
                .echo((id, waitMs) -> new AkkaStreamsEchoServer(id, waitMs))
                .build());
        all.add(Variant.of("akka/pekko-streams", "echo server: Apache Pekko 1.x Streams Tcp, a materialized stream per "
                        + "connection framing HTTP/1.1 (statefulMapConcat), default dispatcher")
                .echo((id, waitMs) -> new PekkoStreamsEchoServer(id, waitMs))
                .inDefaultSweep(Workload.ECHO)
                .build());
        return all;
    }
}
