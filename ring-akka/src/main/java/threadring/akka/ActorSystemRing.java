package threadring.akka;

import threadring.core.Shape;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import threadring.core.AbstractRing;

/**
 * A ring whose nodes are actors of one ActorSystem of its own, started in the constructor and
 * terminated by {@link #close()}.
 *
 * <p>Akka and Pekko start their threads themselves (dispatchers, the scheduler), so they are
 * tracked by name: every thread an ActorSystem starts is named after the system, and each ring's
 * system has a unique name. They are collected once the nodes exist, again before termination
 * and once more after it, so that {@link #threads()} holds every thread that could still be
 * alive and close() waits for each of them to end.
 */
abstract class ActorSystemRing extends AbstractRing {

    private static final AtomicInteger SYSTEMS = new AtomicInteger();

    /** The ActorSystem's name, unique in this JVM: {@code akka/typed-p1} -> {@code akka-typed-p1-7}. */
    protected final String systemName;

    protected ActorSystemRing(String id, Shape shape) {
        super(id, shape);
        systemName = id.replace('/', '-') + "-" + SYSTEMS.incrementAndGet();
    }

    /** The ring's config: {@code threadring/akka/<file>} over the library's reference.conf. */
    static Config config(String file) {
        return ConfigFactory.load(ConfigFactory.parseResources(ActorSystemRing.class, file + ".conf"));
    }

    /** Starts terminating the ActorSystem; the stage completes once it has terminated. */
    protected abstract CompletionStage<?> terminate();

    /** Adds the live threads of this ring's ActorSystem to {@link #threads()}. */
    protected final void trackSystemThreads() {
        String prefix = systemName + "-";
        var known = new java.util.HashSet<>(threads());
        Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith(prefix) && !known.contains(t))
                .forEach(this::track);
    }

    @Override
    protected final void stop() throws Exception {
        trackSystemThreads();
        Duration timeout = closeTimeout();
        terminate().toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        trackSystemThreads();
    }
}
