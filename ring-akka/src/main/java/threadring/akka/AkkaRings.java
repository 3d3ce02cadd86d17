package threadring.akka;

import java.util.ArrayList;
import java.util.List;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;

/**
 * The actor rings: Akka 2.6 typed and classic, Apache Pekko 1.x typed, each on the library's
 * default fork-join dispatcher and, as {@code -p1}, on a one-thread dispatcher (bundled config,
 * no JVM flags). Each ring owns an ActorSystem for its lifetime.
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
                    (id, shape) -> new TypedRing(id, shape, new AkkaTyped(), oneThread)).build());
            all.add(Variant.of("akka/pekko-typed" + p1, "Apache Pekko 1.x typed actors (Behaviors)" + dispatcher,
                    (id, shape) -> new TypedRing(id, shape, new PekkoTyped(), oneThread)).build());
            all.add(Variant.of("akka/classic" + p1, "Akka 2.6 classic actors (AbstractActor)" + dispatcher,
                    (id, shape) -> new AkkaClassicRing(id, shape, oneThread ? ONE_THREAD : "akka.actor.default-dispatcher"))
                    .build());
        }
        return all;
    }
}
