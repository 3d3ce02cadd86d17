package threadring.core.rendezvous;

import threadring.core.AbstractWorkload;

/**
 * What every rendezvous shares ({@link AbstractWorkload}): argument checks, the closed state, one
 * exchange at a time, completion and thread tracking. Subclasses tell their sender how many values
 * to send ({@link #start}), stop both parties ({@link #stop}), and the receiver reports its sum
 * ({@link #finish}) when the sender says it is done.
 */
public abstract class AbstractRendezvous extends AbstractWorkload implements Rendezvous {

    protected AbstractRendezvous(String id) {
        super(id, "rendezvous");
    }

    /** Tells the sender to send 1..values; called once per exchange from the thread calling exchange(). */
    protected abstract void start(int values) throws Exception;

    /** Called by the receiver once it has taken every value of the exchange: ends the exchange. */
    protected final void finish(long sum) {
        endPart(sum);
    }

    @Override
    public final long exchange(int values) {
        String what = "exchange(values=" + values + ")";
        if (closed()) {
            throw new IllegalStateException(id() + ": " + what + " on a closed rendezvous");
        }
        Rendezvous.requireValues(values);
        return run(what, 1, () -> start(values));
    }

    @Override
    public String toString() {
        return id() + "[rendezvous" + (closed() ? ", closed" : "") + "]";
    }
}
