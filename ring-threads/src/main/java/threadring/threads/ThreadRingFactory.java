package threadring.threads;

import java.util.concurrent.ThreadFactory;
import threadring.core.AbstractRingFactory;
import threadring.core.Ring;

/** A {@link ThreadRing} variant: a model's thread builder plus one {@link Handoff}. */
public abstract class ThreadRingFactory extends AbstractRingFactory {

    private final Handoff handoff;

    protected ThreadRingFactory(String id, String threads, Handoff handoff) {
        super(id, threads + ", " + handoff.description());
        this.handoff = handoff;
    }

    /** Makes the node threads of one ring; {@code id} is for their names. */
    protected abstract ThreadFactory threads(String id);

    @Override
    protected final Ring newRing(int nodes) {
        return new ThreadRing(id(), nodes, threads(id()), handoff);
    }
}
