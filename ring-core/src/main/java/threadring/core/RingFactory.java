package threadring.core;

import java.util.List;
import java.util.Optional;

/**
 * One implementation: opens its part in each workload it runs (its ring, its rendezvous, its
 * fan-out, its echo server, its Skynet); the same id names the same primitive and scheduler in
 * every workload it runs. Modules
 * list theirs in a {@link RingProvider}, usually as {@link Variant}s, so that tests, {@code check}
 * and the runner enumerate them without a hand-kept list.
 */
public interface RingFactory {

    /** {@code <model>/<variant>}, lowercase, e.g. {@code threads/park} or {@code virtual/park-p1}. */
    String id();

    /** One line: the handoff primitive and scheduler this variant measures. */
    String description();

    /** Whether this variant runs {@code workload}: what {@link #open} opens. */
    default boolean runs(Workload<?, ?> workload) {
        return false;
    }

    /**
     * Opens this variant's part in {@code workload} for series of {@code size} (a ring's nodes,
     * tokens, depth and work; an echo server's wait; the others need nothing of it): started,
     * waiting for its first run. Each workload's package opens it in its own words
     * ({@code Rings.open(f, shape)}, {@code Rendezvous.open(f)}, ...).
     *
     * @throws UnsupportedOperationException if it has none ({@link #runs})
     * @throws IllegalStateException if this JVM cannot run the variant, or hold the size's population
     */
    default <S extends Size, T extends AutoCloseable> T open(Workload<S, T> workload, S size) {
        throw new UnsupportedOperationException(id() + " has no " + workload.label());
    }

    /**
     * Why this variant is known to hang or fail in {@code workload} for a reason outside this
     * project (an open bug upstream, with its link), or empty. The soak does not draw that workload
     * for it and says so; the default sweep leaves it out; {@code check}, {@code --all} and
     * {@code --include} still run it, under their timeouts.
     */
    default Optional<String> knownIssue(Workload<?, ?> workload) {
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
    default boolean inDefaultSweep(Workload<?, ?> workload) {
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

    /**
     * The least warm-up, in milliseconds, that every scored fork of this variant gets in
     * {@code workload}, as JMH's {@code @Warmup} on a benchmark: its time to steady state where a
     * long run measured one that a single fork's evidence does not show reliably (0: the evidence
     * alone decides).
     */
    default int warmupMs(Workload<?, ?> workload) {
        return 0;
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
