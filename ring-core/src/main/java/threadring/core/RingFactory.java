package threadring.core;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Opens rings of one implementation. Implementations register with
 * {@code META-INF/services/threadring.core.RingFactory} so that tests, {@code check} and the
 * benchmarks enumerate them without a hand-kept list.
 */
public interface RingFactory {

    /** {@code <model>/<variant>}, lowercase, e.g. {@code threads/park} or {@code virtual/park-p1}. */
    String id();

    /** One line: the handoff primitive and scheduler this variant measures. */
    String description();

    /**
     * Opens a ring of {@code nodes} nodes, all started and waiting for the token.
     *
     * @throws IllegalArgumentException if nodes &lt; 2
     * @throws IllegalStateException if this JVM cannot run the variant (see {@link #unsupportedReason()})
     */
    Ring open(int nodes);

    /**
     * System properties the variant needs from JVM start, e.g. a one-carrier virtual thread
     * scheduler. Benchmarks pass them with {@code @Fork(jvmArgsAppend)}.
     */
    default Map<String, String> systemProperties() {
        return Map.of();
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

    /** Lowest Java feature release the variant runs correctly on. */
    default int minimumJavaVersion() {
        return 17;
    }

    /**
     * Every JVM flag the variant needs ({@link #systemProperties()} as {@code -Dkey=value}, plus
     * e.g. {@code --add-opens}); {@code check} starts a child JVM with them when this JVM lacks them.
     */
    default List<String> jvmArgs() {
        return systemProperties().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> "-D" + e.getKey() + "=" + e.getValue())
                .collect(Collectors.toList());
    }

    /**
     * Why a ring of {@code nodes} nodes cannot be opened here, e.g. more OS threads than the
     * kernel allows; empty if nothing is known against it. {@link #open} fails with this reason.
     */
    default Optional<String> cannotOpen(int nodes) {
        return Optional.empty();
    }

    /** Why this JVM cannot run the variant, or empty if it can. */
    default Optional<String> unsupportedReason() {
        int feature = Runtime.version().feature();
        if (feature < minimumJavaVersion()) {
            return Optional.of(id() + " needs JDK " + minimumJavaVersion() + "+, this is JDK " + feature);
        }
        for (Map.Entry<String, String> p : systemProperties().entrySet()) {
            if (!p.getValue().equals(System.getProperty(p.getKey()))) {
                return Optional.of(id() + " needs a JVM started with " + String.join(" ", jvmArgs()));
            }
        }
        return Optional.empty();
    }
}
