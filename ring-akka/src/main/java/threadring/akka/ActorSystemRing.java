package threadring.akka;

import java.util.concurrent.CompletionStage;
import threadring.core.ring.AbstractRing;
import threadring.core.ring.RingSize;

/**
 * A ring whose nodes are actors of one ActorSystem of its own ({@link OwnedSystem}), started in
 * the constructor and terminated by {@link #close()}.
 */
abstract class ActorSystemRing extends AbstractRing {

    /** The ring's ActorSystem: its name and threads. */
    protected final OwnedSystem owned;

    protected ActorSystemRing(String id, RingSize shape) {
        super(id, shape);
        owned = new OwnedSystem(id, this::track);
    }

    /** Starts terminating the ActorSystem; the stage completes once it has terminated. */
    protected abstract CompletionStage<?> terminate();

    @Override
    protected final void stop() throws Exception {
        owned.terminate(this::terminate, closeTimeout());
    }
}
