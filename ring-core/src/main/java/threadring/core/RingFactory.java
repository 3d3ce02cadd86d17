package threadring.core;

import threadring.core.Workload.Size;
import java.util.List;
import java.util.Optional;

/**
 * One implementation: opens its rings, and its {@link Rendezvous} and {@link FanOut} if it has
 * them; the same id names the same primitive and scheduler in every workload it runs. Modules
 * list theirs in a {@link RingProvider}, usually as {@link Variant}s, so that tests, {@code check}
 * and the runner enumerate them without a hand-kept list.
 */
public interface RingFactory {

    /** {@code <model>/<variant>}, lowercase, e.g. {@code threads/park} or {@code virtual/park-p1}. */
    String id();

    /** One line: the handoff primitive and scheduler this variant measures. */
    String description();

    /**
     * Opens a ring of {@code shape.nodes()} nodes, all started and waiting for a token, that passes
     * {@code shape.tokens()} tokens with the shape's stack depth and work per hop.
     *
     * @throws IllegalStateException if this JVM cannot run the variant (see {@link #unsupportedReason()})
     *     or cannot hold that many nodes (see {@link #cannotOpen})
     * @throws UnsupportedOperationException if it runs no ring ({@link #runs})
     */
    Ring open(Size.Ring shape);

    /**
     * Opens the classic ring of {@code nodes} nodes: one token, no extra depth, no work.
     *
     * @throws IllegalArgumentException if nodes &lt; 2
     */
    default Ring open(int nodes) {
        return open(Size.Ring.classic(nodes));
    }

    /** The workloads this variant runs: what {@link #open(Size.Ring)} and {@link #open(Workload.Opened)} open. */
    default boolean runs(Workload workload) {
        return workload == Workload.RING;
    }

    /**
     * Opens this variant's part in a workload other than the ring ({@link Workload.Opened#RENDEZVOUS},
     * {@link Workload.Opened#FANOUT}): started, waiting for its first run.
     *
     * @throws UnsupportedOperationException if it has none ({@link #runs})
     * @throws IllegalStateException if this JVM cannot run the variant
     */
    default <T extends AutoCloseable> T open(Workload.Opened<T> kind) {
        throw new UnsupportedOperationException(id() + " has no " + kind.workload().label());
    }

    /** This variant's rendezvous, both parties started and waiting ({@link #open(Workload.Opened)}). */
    default Rendezvous openRendezvous() {
        return open(Workload.Opened.RENDEZVOUS);
    }

    /** This variant's fan-out, ready for its first operation ({@link #open(Workload.Opened)}). */
    default FanOut openFanOut() {
        return open(Workload.Opened.FANOUT);
    }

    /** This variant's echo server, listening on 127.0.0.1 ({@link #open(Workload.Opened)}). */
    default EchoServer openEcho() {
        return openEcho(0);
    }

    /**
     * This variant's echo server, answering each request after {@code waitMs} ms of waiting the
     * way its model waits (a virtual thread's sleep, a coroutine's delay, a scheduled reply, an
     * effect's sleep); 0 answers at once.
     *
     * @throws UnsupportedOperationException if it has no echo server, or none that waits
     */
    default EchoServer openEcho(int waitMs) {
        if (waitMs != 0) {
            throw new UnsupportedOperationException(id() + " has no echo server that waits");
        }
        return open(Workload.Opened.ECHO);
    }

    /**
     * Why this variant is known to hang or fail in {@code workload} for a reason outside this
     * project (an open bug upstream, with its link), or empty. The soak does not draw that workload
     * for it and says so; the default sweep leaves it out; {@code check}, {@code --all} and
     * {@code --include} still run it, under their timeouts.
     */
    default Optional<String> knownIssue(Workload workload) {
        return Optional.empty();
    }

    /**
     * Whether one thread runs every node (a one-thread scheduler, dispatcher or driver), so that no
     * two handoffs race each other; the contract kit's long multi-token pass is for the others.
     */
    default boolean oneThread() {
        return false;
    }

    /**
     * Whether the model's code runs on virtual threads (a {@code -loom} variant: a library's own
     * scheduler replaced by virtual threads, or Loom itself): the contract kit checks the thread
     * each run ends on, so a variant that falls back to platform threads fails.
     */
    default boolean onVirtualThreads() {
        return false;
    }

    /**
     * Whether the default sweep (no {@code --include}, no {@code --all}) measures this variant in
     * {@code workload}: every model's fastest variant, and the variants the README's claims rest on.
     */
    default boolean inDefaultSweep(Workload workload) {
        return false;
    }

    /**
     * Every JVM flag the variant needs from JVM start (e.g. a one-carrier scheduler's system
     * properties, Quasar's {@code --add-opens}). The runner appends them to JMH's forks; {@code
     * check} and the contract kit start a child JVM with them when this JVM lacks them.
     */
    default List<String> jvmArgs() {
        return List.of();
    }

    /**
     * The floor row (model {@code floor}) nearest to this variant's machinery: what is left of a
     * hop with no scheduler and no handoff primitive. The report shows each model's overhead over
     * it. Plain code ({@link #LOOP_FLOOR}) unless the variant suspends continuations of a kind a
     * floor row measures alone.
     */
    default String floor() {
        return LOOP_FLOOR;
    }

    /** One thread walking an int[] ring: no concurrency at all. */
    String LOOP_FLOOR = "floor/loop";

    /** Lowest Java feature release the variant runs correctly on. */
    default int minimumJavaVersion() {
        return 17;
    }

    /**
     * Why a ring of {@code nodes} nodes (or a fan-out of that many tasks) cannot run here, e.g. more
     * OS threads than the kernel allows; empty if nothing is known against it. {@link #open} fails
     * with this reason.
     */
    default Optional<String> cannotOpen(int nodes) {
        return Optional.empty();
    }

    /** Why this JVM cannot run the variant (too old a JDK, or started without its flags), or empty. */
    default Optional<String> unsupportedReason() {
        int feature = Runtime.version().feature();
        if (feature < minimumJavaVersion()) {
            return Optional.of(id() + " needs JDK " + minimumJavaVersion() + "+, this is JDK " + feature);
        }
        return Optional.empty();
    }
}
