package threadring.akka;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The ActorSystem that one ring or rendezvous owns for its lifetime: its unique name, its threads
 * and its shutdown, written once for both workloads.
 *
 * <p>Akka and Pekko start their threads themselves (dispatchers, the scheduler), so they are
 * tracked by name: every thread an ActorSystem starts is named after the system, and each
 * owner's system has a unique name. They are collected once the actors exist, again before
 * termination and once more after it, so that the owner's {@code threads()} holds every thread
 * that could still be alive and its close() waits for each of them to end.
 */
final class OwnedSystem {

    private static final AtomicInteger SYSTEMS = new AtomicInteger();

    /** The ActorSystem's name, unique in this JVM: {@code akka/typed-p1} -> {@code akka-typed-p1-7}. */
    final String name;
    /** The owner's thread tracking (AbstractWorkload.track). */
    private final Consumer<Thread> track;
    private final Set<Thread> seen = new HashSet<>();

    OwnedSystem(String id, Consumer<Thread> track) {
        name = id.replace('/', '-') + "-" + SYSTEMS.incrementAndGet();
        this.track = track;
    }

    /** The owner's config: {@code threadring/akka/<file>} over the library's reference.conf. */
    static Config config(String file) {
        return ConfigFactory.load(ConfigFactory.parseResources(OwnedSystem.class, file + ".conf"));
    }

    /**
     * {@link #config(String)} with every stream materialized on {@code streams}'s dispatcher
     * ({@code <file>.stream.materializer.dispatcher}); the library's default where it names none.
     */
    static Config config(String file, Dispatcher streams) {
        Config config = config(file);
        return streams.path == null ? config
                : ConfigFactory.parseMap(Map.of(file + ".stream.materializer.dispatcher", streams.path)).withFallback(config);
    }

    /** Hands every live thread of this system not seen before to the owner's tracking. */
    synchronized void trackThreads() {
        String prefix = name + "-";
        Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith(prefix) && seen.add(t))
                .forEach(track);
    }

    /** Terminates the system ({@code terminate} starts it and completes once it is done) within {@code timeout}. */
    void terminate(Supplier<? extends CompletionStage<?>> terminate, Duration timeout) throws Exception {
        trackThreads();
        terminate.get().toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        trackThreads();
    }
}
