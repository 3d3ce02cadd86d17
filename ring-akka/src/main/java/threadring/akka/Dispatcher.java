package threadring.akka;

import java.util.Map;
import threadring.core.Loom;

/**
 * Where a typed actor workload's actors run: the suffix of an id, the dispatcher's config path
 * (null: the library's default fork-join dispatcher), whether it runs them on virtual threads, and
 * the system properties it needs from JVM start. The paths are defined in akka.conf and pekko.conf.
 */
enum Dispatcher {
    DEFAULT("", null, "default fork-join dispatcher", false, Map.of()),
    ONE_THREAD("-p1", "threadring-one-thread-dispatcher", "one-thread fork-join dispatcher", false, Map.of()),
    /** Pekko's virtual-thread executor (apache/pekko#1299), on the JDK's default virtual-thread scheduler. */
    LOOM("-loom", "threadring-virtual-thread-dispatcher", "Pekko's virtual-thread-executor dispatcher", true, Map.of()),
    /** {@link #LOOM} on one carrier: the executor's pool is the JDK's scheduler, sized by system properties. */
    LOOM_P1("-loom-p1", "threadring-virtual-thread-dispatcher", "Pekko's virtual-thread-executor dispatcher, one "
            + "carrier", true, Loom.ONE_CARRIER);

    final String suffix;
    final String path;
    final String description;
    final boolean virtual;
    final Map<String, String> properties;

    Dispatcher(String suffix, String path, String description, boolean virtual, Map<String, String> properties) {
        this.suffix = suffix;
        this.path = path;
        this.description = description;
        this.virtual = virtual;
        this.properties = properties;
    }

    boolean oneThread() {
        return this == ONE_THREAD || this == LOOM_P1;
    }
}
