package threadring.core;

import java.util.List;
import java.util.Optional;

/**
 * Opens rings of one implementation, and its {@link Rendezvous} if it has one: the same id names
 * the same handoff primitive and scheduler in both workloads. Modules list theirs in a {@link RingProvider}, usually as
 * {@link Variant}s, so that tests, {@code check} and the runner enumerate them without a
 * hand-kept list.
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
     */
    Ring open(Shape shape);

    /**
     * Opens the classic ring of {@code nodes} nodes: one token, no extra depth, no work.
     *
     * @throws IllegalArgumentException if nodes &lt; 2
     */
    default Ring open(int nodes) {
        return open(Shape.classic(nodes));
    }

    /** Whether {@link #openRendezvous} works: the workloads this variant runs. */
    default boolean runs(Workload workload) {
        return workload == Workload.RING;
    }

    /**
     * Opens this variant's rendezvous, both parties started and waiting.
     *
     * @throws UnsupportedOperationException if it has none ({@link #runs})
     * @throws IllegalStateException if this JVM cannot run the variant
     */
    default Rendezvous openRendezvous() {
        throw new UnsupportedOperationException(id() + " has no rendezvous");
    }

    /**
     * Values per exchange in the default sweep: {@link Rendezvous#SWEEP_VALUES}, fewer where one
     * meeting costs microseconds. {@code --values} fixes them for all.
     */
    default int defaultValues() {
        return Rendezvous.SWEEP_VALUES;
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
     * Hops per pass in the default sweep: {@link Rings#SWEEP_HOPS}, fewer where one hop costs
     * microseconds (OS threads, spinning, monitors on virtual threads), so that every pass takes
     * about 0.1-5 s and several forks of every row fit in the sweep. Rows are compared by ns per
     * hop. JMH run by hand uses the mission's 10^7, and {@code --hops} fixes the hops for all.
     */
    default int defaultHops() {
        return Rings.SWEEP_HOPS;
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
     * Why a ring of {@code nodes} nodes cannot be opened here, e.g. more OS threads than the
     * kernel allows; empty if nothing is known against it. {@link #open} fails with this reason.
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
