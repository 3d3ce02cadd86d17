package threadring.quasar;

import java.util.ArrayList;
import java.util.List;
import threadring.core.Rendezvous;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;

/**
 * Quasar 0.8.0 rings. The base ids run on a one-thread {@code FiberForkJoinScheduler} of the
 * ring's own (stable, and every handoff a fiber switch on one OS thread); {@code -p2} variants on
 * a two-thread one, the default scheduler's size on a 2-core machine, made per ring so that
 * close() can stop it (Quasar's default scheduler is a JVM-wide singleton). The parallelism is
 * fixed in the id, not taken from the machine, so that ids mean the same everywhere.
 *
 * <p>Each id also runs the rendezvous, on the same handoff and a scheduler of the same size: two
 * fibers with a park/unpark cell or an IntChannel each, or two actors.
 *
 * <p>Classes are instrumented at build time; at run time Quasar needs {@link #JVM_ARGS}, declared
 * here only: the runner passes them to JMH's forks, {@code check} and the contract kit to child JVMs.
 */
public final class QuasarRings implements RingProvider {

    /**
     * What a JVM running Quasar needs: the open java.lang (Quasar reads and writes private fields
     * of java.lang.Thread), and silence for Quasar's "agent isn't running" warning, which is moot
     * because the classes are instrumented at build time (a test proves they are).
     */
    static final List<String> JVM_ARGS = List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "-Dco.paralleluniverse.fibers.disableAgentWarning=true");

    /** Builds one ring of a variant: the id, the node count and the scheduler's parallelism. */
    interface Opener {
        QuasarRing open(String id, threadring.core.Shape shape, int parallelism);
    }

    /** Builds one rendezvous of a variant: the id and the scheduler's parallelism. */
    interface RendezvousOpener {
        QuasarRendezvous open(String id, int parallelism);
    }

    @Override
    public List<RingFactory> factories() {
        List<RingFactory> all = new ArrayList<>();
        for (int parallelism : new int[] {1, 2}) {
            all.add(quasar("fiber", "fibers, Strand.park/unpark", FiberRing::new, FiberRendezvous::new, parallelism));
            all.add(quasar("channel", "fibers, buffered(1) single-consumer IntChannel", ChannelRing::new,
                    ChannelRendezvous::new, parallelism));
            all.add(quasar("actor", "BasicActor, unbounded mailbox", ActorRing::new, ActorRendezvous::new,
                    parallelism));
        }
        return all;
    }

    private static RingFactory quasar(String variant, String description, Opener opener,
            RendezvousOpener rendezvous, int parallelism) {
        return Variant.of("quasar/" + variant + (parallelism == 1 ? "" : "-p" + parallelism), description + ", "
                        + (parallelism == 1 ? "one-thread" : parallelism + "-thread") + " FiberForkJoinScheduler",
                        (id, shape) -> opener.open(id, shape, parallelism))
                .rendezvous(id -> rendezvous.open(id, parallelism))
                .defaultValues(defaultValues(variant, parallelism))
                .jvmArgs(JVM_ARGS, () -> Thread.class.getModule().isOpen("java.lang", QuasarRings.class.getModule()))
                .build();
    }

    /**
     * A meeting (two handoffs and their parks) costs about 1 us for fibers on one thread, and
     * 2.3-4 us for fibers on two and for channels and actors (JDK 25, 2 busy cores): so that one
     * exchange of the sweep takes 0.1-5 s, 10^6 values for the first and 10^5 for the others.
     */
    private static int defaultValues(String variant, int parallelism) {
        return variant.equals("fiber") && parallelism == 1 ? Rendezvous.SWEEP_VALUES : Rendezvous.SLOW_VALUES;
    }
}
