package threadring.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Every {@link RingFactory} of every {@link RingProvider} on the class path, sorted by id. A
 * provider that cannot load in this JVM (a Loom module on JDK 17 throws
 * UnsupportedClassVersionError) is recorded in {@link #unloadable()} instead of breaking discovery
 * of the others.
 */
public final class RingFactories {

    private final List<RingFactory> factories;
    private final List<String> unloadable;

    private RingFactories(List<RingFactory> factories, List<String> unloadable) {
        this.factories = Collections.unmodifiableList(factories);
        this.unloadable = Collections.unmodifiableList(unloadable);
    }

    public static RingFactories load() {
        List<RingFactory> found = new ArrayList<>();
        List<String> unloadable = new ArrayList<>();
        Iterator<RingProvider> it = ServiceLoader.load(RingProvider.class).iterator();
        while (true) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                found.addAll(it.next().factories());
            } catch (ServiceConfigurationError | LinkageError e) {
                // e.g. UnsupportedClassVersionError: a release-21 class on JDK 17
                unloadable.add(e.getMessage());
            }
        }
        found.sort(Comparator.comparing(RingFactory::id));
        List<String> shared = new ArrayList<>();
        for (int i = 1; i < found.size(); i++) {
            if (found.get(i).id().equals(found.get(i - 1).id())) {
                shared.add(found.get(i).id());
            }
        }
        if (!shared.isEmpty()) {
            throw new IllegalStateException("two factories share each of the ids " + shared
                    + " (one variant opens every workload of its id)");
        }
        return new RingFactories(found, unloadable);
    }

    public List<RingFactory> all() {
        return factories;
    }

    /** Providers that failed to load in this JVM, with the loader's reason. */
    public List<String> unloadable() {
        return unloadable;
    }

    /** Factories whose id contains a match for {@code regex} (like JMH's include filter). */
    public List<RingFactory> matching(String regex) {
        Pattern p = Pattern.compile(regex);
        return factories.stream().filter(f -> p.matcher(f.id()).find()).collect(Collectors.toList());
    }

    /** The factory of {@code id}, if there is one. */
    public Optional<RingFactory> find(String id) {
        return factories.stream().filter(f -> f.id().equals(id)).findFirst();
    }

    public RingFactory require(String id) {
        return factories.stream().filter(f -> f.id().equals(id)).findFirst()
                .orElseThrow(() -> new NoSuchElementException("no ring implementation with id " + id
                        + (unloadable.isEmpty() ? "" : " (unloadable here: " + unloadable + ")")));
    }
}
