package threadring.core;

import java.util.List;

/**
 * One model's ring implementations, found with {@code ServiceLoader}: each module registers one
 * provider ({@code META-INF/services/threadring.core.RingProvider}), which lists its variants as
 * data, so tests, {@code check} and the runner enumerate them without a hand-kept list.
 */
public interface RingProvider {

    /** The model's variants, e.g. every handoff on every scheduler. */
    List<RingFactory> factories();
}
