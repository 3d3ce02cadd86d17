package threadring.core.skynet;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A Skynet form of a model, as data, until the workload is registered like the others: its id
 * ({@code <model>/<form>}), one line of what it is, how it opens, the JVM flags it needs, the
 * lowest JDK, whether its tasks run on virtual threads, whether it is the model's fastest form
 * (the default sweep's: {@code defaultSweep}), and why it cannot hold a tree of some number of tasks here (an OS limit).
 */
public record SkynetVariant(String id, String description, Function<String, ? extends Skynet> opener,
        Map<String, String> systemProperties, List<String> jvmArgs, int minimumJava, boolean virtualThreads,
        boolean defaultSweep, Function<Long, Optional<String>> limit) {

    /** A form with no flags, on JDK 17, not on virtual threads, not the fastest, no limit. */
    public static SkynetVariant of(String id, String description, Function<String, ? extends Skynet> opener) {
        return new SkynetVariant(id, description, opener, Map.of(), List.of(), 17, false, false, tasks -> Optional.empty());
    }

    /** Its tasks run on virtual threads (JDK 21 at least). */
    public SkynetVariant onVirtualThreads() {
        return new SkynetVariant(id, description, opener, systemProperties, jvmArgs, Math.max(21, minimumJava), true,
                defaultSweep, limit);
    }

    /** The model's fastest form: the default sweep measures it. */
    public SkynetVariant fastest() {
        return new SkynetVariant(id, description, opener, systemProperties, jvmArgs, minimumJava, virtualThreads,
                true, limit);
    }

    public SkynetVariant minimumJava(int feature) {
        return new SkynetVariant(id, description, opener, systemProperties, jvmArgs, feature, virtualThreads, defaultSweep,
                limit);
    }

    public SkynetVariant flags(Map<String, String> properties, List<String> args) {
        return new SkynetVariant(id, description, opener, properties, args, minimumJava, virtualThreads, defaultSweep, limit);
    }

    /** Why a tree of this many tasks (all of them, {@link Skynet#tasks}) cannot run here, or empty. */
    public SkynetVariant limit(Function<Long, Optional<String>> why) {
        return new SkynetVariant(id, description, opener, systemProperties, jvmArgs, minimumJava, virtualThreads,
                defaultSweep, why);
    }
}
