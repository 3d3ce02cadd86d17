package threadring.virtual;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Before JDK 24 (JEP 491), a virtual thread that waits inside {@code synchronized}
 * ({@code Object.wait}) pins its carrier: the scheduler makes up for each pinned carrier with a new
 * one, but only up to {@code jdk.virtualThreadScheduler.maxPoolSize}. A ring of more waiting nodes
 * than that cannot make progress: it never finishes opening. Such a ring is refused at once with
 * the reason, which the runner reports as a limit of the JDK, not as a hang.
 */
final class Pinning {

    /** JEP 491: synchronized no longer pins from this release on. */
    static final int UNPINNED_FROM = 24;
    /** The carriers {@code virtual/sync-pool} may add: room for a 503-node ring and the JVM's own threads. */
    static final int POOL = 1024;
    static final Map<String, String> ROOMY = Map.of("jdk.virtualThreadScheduler.maxPoolSize", String.valueOf(POOL));

    private Pinning() {}

    /** Why {@code waiting} nodes cannot all wait on this JDK with the scheduler {@code properties} set up, or empty. */
    static Optional<String> limit(int waiting, Map<String, String> properties) {
        return limit(waiting, properties, Runtime.version().feature());
    }

    static Optional<String> limit(int waiting, Map<String, String> properties, int feature) {
        if (feature >= UNPINNED_FROM) {
            return Optional.empty();
        }
        int maxPool = maxPoolSize(properties);
        if (waiting <= maxPool) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "on JDK %d a virtual thread waiting in synchronized "
                + "pins its carrier (JEP 491 lifted this in JDK %d): %,d waiting nodes need %,d carriers, and the "
                + "scheduler adds carriers only up to jdk.virtualThreadScheduler.maxPoolSize = %,d", feature,
                UNPINNED_FROM, waiting, waiting, maxPool));
    }

    /** The scheduler's max pool: the variant's setting, else the JDK's default, max(parallelism, 256). */
    static int maxPoolSize(Map<String, String> properties) {
        String set = properties.get("jdk.virtualThreadScheduler.maxPoolSize");
        if (set != null) {
            return Integer.parseInt(set);
        }
        String parallelism = properties.getOrDefault("jdk.virtualThreadScheduler.parallelism",
                String.valueOf(Runtime.getRuntime().availableProcessors()));
        return Math.max(Integer.parseInt(parallelism), DEFAULT_MAX_POOL);
    }

    /** The JDK's own floor of the max pool. */
    static final int DEFAULT_MAX_POOL = 256;
}
