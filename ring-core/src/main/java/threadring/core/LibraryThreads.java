package threadring.core;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The platform threads a library starts for a workload when it takes no thread factory (Helidon's
 * listener, Vert.x's event loops and timer): found by name among the JVM's live threads, leaving
 * out those alive before the library started, so that the workload can track them like threads
 * it made itself and its close() is checked on them too. Virtual threads are not listed by the
 * JVM; a server records those as they serve.
 */
public final class LibraryThreads {

    private final Predicate<String> named;
    /** Threads of that name that were alive before: another server's, never this one's. */
    private final Set<Thread> before;
    private final Set<Thread> found = ConcurrentHashMap.newKeySet();

    private LibraryThreads(Predicate<String> named) {
        this.named = named;
        this.before = Set.copyOf(alive(named));
    }

    /** To be called before the library starts: threads whose name {@code named} accepts. */
    public static LibraryThreads named(Predicate<String> named) {
        return new LibraryThreads(named);
    }

    /** The threads of that name started since, that no earlier call returned. */
    public List<Thread> startedSince() {
        return alive(named).stream().filter(t -> !before.contains(t) && found.add(t)).toList();
    }

    private static List<Thread> alive(Predicate<String> named) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> named.test(t.getName())).toList();
    }
}
