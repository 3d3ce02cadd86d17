package threadring.bench.report;

import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import threadring.core.RingFactories;
import threadring.core.RingFactory;

/**
 * What each id's variant declares about itself (one thread, virtual threads, its JDK), from the
 * factories on the class path, loaded once; an id no longer built declares nothing (false).
 */
final class Declared {

    private static Map<String, RingFactory> byId;

    private Declared() {}

    private static synchronized Map<String, RingFactory> byId() {
        if (byId == null) {
            byId = RingFactories.load().all().stream().collect(Collectors.toMap(RingFactory::id, Function.identity()));
        }
        return byId;
    }

    /** Whether {@code id}'s factory says {@code what}; false for an id that is not built any more. */
    static boolean is(String id, Predicate<RingFactory> what) {
        RingFactory f = byId().get(id);
        return f != null && what.test(f);
    }
}
