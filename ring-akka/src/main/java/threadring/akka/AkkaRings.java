package threadring.akka;

import java.util.function.BiFunction;
import threadring.core.AbstractRingFactory;
import threadring.core.Ring;

/**
 * The actor rings: Akka 2.6 typed and classic, Apache Pekko 1.x typed, each on the library's
 * default fork-join dispatcher and, as {@code -p1}, on a one-thread dispatcher (bundled config,
 * no JVM flags). Each ring owns an ActorSystem for its lifetime.
 */
public final class AkkaRings {

    /** The -p1 dispatcher, defined in threadring/akka/akka.conf and pekko.conf. */
    static final String ONE_THREAD = "threadring-one-thread-dispatcher";

    private AkkaRings() {}

    abstract static class ActorRingFactory extends AbstractRingFactory {
        private final BiFunction<String, Integer, Ring> open;

        ActorRingFactory(String id, String description, BiFunction<String, Integer, Ring> open) {
            super(id, description);
            this.open = open;
        }

        @Override
        protected final Ring newRing(int nodes) {
            return open.apply(id(), nodes);
        }
    }

    public static final class Typed extends ActorRingFactory {
        public Typed() {
            super("akka/typed", "Akka 2.6 typed actors (Behaviors), default fork-join dispatcher",
                    (id, n) -> new AkkaTypedRing(id, n, akka.actor.typed.DispatcherSelector.defaultDispatcher()));
        }
    }

    public static final class TypedP1 extends ActorRingFactory {
        public TypedP1() {
            super("akka/typed-p1", "Akka 2.6 typed actors (Behaviors), one-thread fork-join dispatcher",
                    (id, n) -> new AkkaTypedRing(id, n, akka.actor.typed.DispatcherSelector.fromConfig(ONE_THREAD)));
        }
    }

    public static final class Classic extends ActorRingFactory {
        public Classic() {
            super("akka/classic", "Akka 2.6 classic actors (AbstractActor), default fork-join dispatcher",
                    (id, n) -> new AkkaClassicRing(id, n, "akka.actor.default-dispatcher"));
        }
    }

    public static final class ClassicP1 extends ActorRingFactory {
        public ClassicP1() {
            super("akka/classic-p1", "Akka 2.6 classic actors (AbstractActor), one-thread fork-join dispatcher",
                    (id, n) -> new AkkaClassicRing(id, n, ONE_THREAD));
        }
    }

    public static final class PekkoTyped extends ActorRingFactory {
        public PekkoTyped() {
            super("akka/pekko-typed", "Apache Pekko 1.x typed actors (Behaviors), default fork-join dispatcher",
                    (id, n) -> new PekkoTypedRing(id, n,
                            org.apache.pekko.actor.typed.DispatcherSelector.defaultDispatcher()));
        }
    }

    public static final class PekkoTypedP1 extends ActorRingFactory {
        public PekkoTypedP1() {
            super("akka/pekko-typed-p1", "Apache Pekko 1.x typed actors (Behaviors), one-thread fork-join dispatcher",
                    (id, n) -> new PekkoTypedRing(id, n,
                            org.apache.pekko.actor.typed.DispatcherSelector.fromConfig(ONE_THREAD)));
        }
    }
}
