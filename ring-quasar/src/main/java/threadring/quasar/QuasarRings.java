package threadring.quasar;

import java.util.List;
import java.util.Optional;
import threadring.core.AbstractRingFactory;
import threadring.core.Ring;

/**
 * Quasar 0.8.0 rings. The base ids run on a one-thread {@code FiberForkJoinScheduler} of the
 * ring's own (stable, and every handoff a fiber switch on one OS thread); {@code -p2} variants on
 * a two-thread one, the default scheduler's size on a 2-core machine, made per ring so that
 * close() can stop it (Quasar's default scheduler is a JVM-wide singleton). The parallelism is
 * fixed in the id, not taken from the machine, so that ids mean the same everywhere.
 *
 * <p>Classes are instrumented at build time; at run time Quasar needs {@link #JVM_ARGS}.
 */
public final class QuasarRings {

    /**
     * What a JVM running Quasar needs (QuasarBenchmark's @Fork and surefire pass the same): the
     * open java.lang, and silence for Quasar's "agent isn't running" warning, which is moot
     * because the classes are instrumented at build time (a test proves they are).
     */
    public static final List<String> JVM_ARGS = List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "-Dco.paralleluniverse.fibers.disableAgentWarning=true");

    private QuasarRings() {}

    /** Builds one ring of a variant: the id, the node count and the scheduler's parallelism. */
    interface Shape {
        QuasarRing open(String id, int nodes, int parallelism);
    }

    abstract static class Quasar extends AbstractRingFactory {
        private final Shape shape;
        private final int parallelism;

        Quasar(String variant, String description, Shape shape, int parallelism) {
            super("quasar/" + variant + (parallelism == 1 ? "" : "-p" + parallelism),
                    description + ", " + (parallelism == 1 ? "one-thread" : parallelism + "-thread")
                            + " FiberForkJoinScheduler");
            this.shape = shape;
            this.parallelism = parallelism;
        }

        @Override
        protected final Ring newRing(int nodes) {
            return shape.open(id(), nodes, parallelism);
        }

        @Override
        public List<String> jvmArgs() {
            return JVM_ARGS;
        }

        /** Quasar reads and writes private fields of java.lang.Thread. */
        @Override
        public Optional<String> unsupportedReason() {
            Optional<String> base = super.unsupportedReason();
            if (base.isPresent()) {
                return base;
            }
            if (!Thread.class.getModule().isOpen("java.lang", Quasar.class.getModule())) {
                return Optional.of(id() + " needs a JVM started with " + String.join(" ", JVM_ARGS));
            }
            return Optional.empty();
        }
    }

    public static final class FiberPark extends Quasar {
        public FiberPark() {
            super("fiber", "fibers, Strand.park/unpark", FiberRing::new, 1);
        }
    }

    public static final class FiberParkP2 extends Quasar {
        public FiberParkP2() {
            super("fiber", "fibers, Strand.park/unpark", FiberRing::new, 2);
        }
    }

    public static final class Channel extends Quasar {
        public Channel() {
            super("channel", "fibers, buffered(1) single-consumer IntChannel", ChannelRing::new, 1);
        }
    }

    public static final class ChannelP2 extends Quasar {
        public ChannelP2() {
            super("channel", "fibers, buffered(1) single-consumer IntChannel", ChannelRing::new, 2);
        }
    }

    public static final class Actor extends Quasar {
        public Actor() {
            super("actor", "BasicActor, unbounded mailbox", ActorRing::new, 1);
        }
    }

    public static final class ActorP2 extends Quasar {
        public ActorP2() {
            super("actor", "BasicActor, unbounded mailbox", ActorRing::new, 2);
        }
    }
}
