package threadring.quasar;

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
import threadring.core.ring.RingSize;

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
 * <p>{@code quasar/socket} (two carriers) and {@code quasar/socket-p1} run the echo server on
 * Quasar's fiber sockets, with an I/O thread of their own besides the carriers.
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
        QuasarRing open(String id, RingSize shape, int parallelism);
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
            all.add(Variant.of("quasar/sleep" + (parallelism == 1 ? "" : "-p" + parallelism),
                            "fan-out: a fiber per task, Strand.sleep, " + (parallelism == 1 ? "one-thread"
                                    : parallelism + "-thread") + " FiberForkJoinScheduler")
                    .opens(FanOut.WORKLOAD, id -> new SleepFanOut(id, parallelism))
                    // -p2: within noise of one thread without work, faster with it (run 20261123-223732)
                    .inDefaultSweep(parallelism == 1 ? new Workload[0] : new Workload[] {FanOut.WORKLOAD})
                    .jvmArgs(JVM_ARGS, QuasarRings::javaLangOpen)
                    .oneThread(parallelism == 1)
                    .build());
            // Named like the other models' echo rows: the plain id is the multi-carrier form, -p1 one carrier.
            all.add(Variant.of("quasar/socket" + (parallelism == 1 ? "-p1" : ""),
                            "echo server: Quasar fiber sockets, a fiber per connection, on a "
                                    + (parallelism == 1 ? "one-thread" : parallelism + "-thread")
                                    + " FiberForkJoinScheduler and one I/O thread")
                    .opens(EchoServer.WORKLOAD, (id, size) -> new FiberEchoServer(id, parallelism, size.waitMs()))
                    .jvmArgs(JVM_ARGS, QuasarRings::javaLangOpen)
                    .inDefaultSweep(parallelism == 1 ? new Workload[0] : new Workload[] {EchoServer.WORKLOAD})
                    .build());
        }
        return all;
    }

    /** Whether this JVM runs with java.lang open to Quasar ({@link #JVM_ARGS}). */
    static boolean javaLangOpen() {
        return Thread.class.getModule().isOpen("java.lang", QuasarRings.class.getModule());
    }

    private static RingFactory quasar(String variant, String description, Opener opener,
            RendezvousOpener rendezvous, int parallelism) {
        return Variant.of("quasar/" + variant + (parallelism == 1 ? "" : "-p" + parallelism), description + ", "
                        + (parallelism == 1 ? "one-thread" : parallelism + "-thread") + " FiberForkJoinScheduler").opens(Ring.WORKLOAD,
                        (id, shape) -> opener.open(id, shape, parallelism))
                .opens(Rendezvous.WORKLOAD, id -> rendezvous.open(id, parallelism))
                .jvmArgs(JVM_ARGS, QuasarRings::javaLangOpen)
                .oneThread(parallelism == 1)
                .inDefaultSweep(inDefaultSweep(variant, parallelism))
                .build();
    }

    /**
     * The default sweep: {@code quasar/fiber}, the fastest in both workloads (run 20261123-205554,
     * --all), and {@code quasar/fiber-p2}, the 2014 study's "Quasar fibers" (the default
     * scheduler's size here).
     */
    private static Workload[] inDefaultSweep(String variant, int parallelism) {
        if (!variant.equals("fiber")) {
            return new Workload[0];
        }
        return parallelism == 1 ? new Workload[] {Ring.WORKLOAD, Rendezvous.WORKLOAD} : new Workload[] {Ring.WORKLOAD};
    }
}
