package threadring.threads;

import java.util.concurrent.ThreadFactory;
import threadring.core.Ring;
import threadring.core.RingFactory;
import threadring.core.Rings;

/** A {@link ThreadRing} variant: a model's thread builder plus one {@link Handoff}. */
public abstract class ThreadRingFactory implements RingFactory {

    private final String id;
    private final String description;
    private final Handoff handoff;

    protected ThreadRingFactory(String id, String threads, Handoff handoff) {
        this.id = id;
        this.description = threads + ", " + handoff.description();
        this.handoff = handoff;
    }

    /** Makes the node threads of one ring; {@code id} is for their names. */
    protected abstract ThreadFactory threads(String id);

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
        return new ThreadRing(id, nodes, threads(id), handoff);
    }
}
