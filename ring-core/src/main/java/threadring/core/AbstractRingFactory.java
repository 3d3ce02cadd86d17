package threadring.core;

/**
 * A factory with a fixed id and description whose {@link #open} checks the arguments and that
 * this JVM can run the variant before it builds the ring.
 */
public abstract class AbstractRingFactory implements RingFactory {

    private final String id;
    private final String description;

    protected AbstractRingFactory(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /** Builds a ring of {@code nodes} (already checked) nodes. */
    protected abstract Ring newRing(int nodes);

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Ring open(int nodes) {
        Rings.requireNodes(nodes);
        unsupportedReason().ifPresent(reason -> {
            throw new IllegalStateException(reason);
        });
        cannotOpen(nodes).ifPresent(reason -> {
            throw new IllegalStateException(id + ": " + reason);
        });
        return newRing(nodes);
    }
}
