package threadring.core.rendezvous;

import java.util.Collection;
import threadring.core.Operation;
import threadring.core.RingFactory;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.WrongAnswerException;

/**
 * The second workload: two parties of the model under test, a sender and a receiver, meet once
 * per value. The sender hands 1..M to the receiver one at a time and may not hand on the next
 * value before the receiver has taken the last; the receiver sums them. This is the experiment
 * of "Limits of Loom's performance" and the Kyo rendezvous analysis, where the partner is always
 * about to arrive, so spinning before parking pays (in the ring it never does).
 *
 * <p>Both parties are created when the rendezvous is opened and reused by every exchange;
 * {@link #close()} stops them. One exchange runs at a time.
 */
public interface Rendezvous extends AutoCloseable {

    /** The two-party rendezvous: a sender and a receiver meet M times; timed per exchanged value. */
    Workload<RendezvousSize, Rendezvous> WORKLOAD = new Workload<>("RENDEZVOUS", "rendezvous", "rendezvous",
            "exchange", Size.Scale.NS_PER_STEP, RendezvousSize.class, Rendezvous.class, new RendezvousDraws());

    /** The experiment's size: ten million meetings (JMH's default when run by hand). */
    int DEFAULT_VALUES = 10_000_000;

    /**
     * One exchange: the sender sends 1..values, each taken by the receiver before the next is sent,
     * and the receiver's sum {@code values(values+1)/2} is returned ({@link #expected}).
     *
     * @throws IllegalArgumentException if values &lt; 0
     * @throws IllegalStateException if it is closed, or a party failed
     */
    long exchange(int values);

    /** Every thread (platform or virtual) it started, including pool or carrier threads it owns. */
    Collection<Thread> threads();

    /** Stops both parties and waits for what it started to end. Idempotent. */
    @Override
    void close();

    /** {@code f}'s rendezvous, both parties started and waiting. */
    static Rendezvous open(RingFactory f) {
        return f.open(WORKLOAD, new RendezvousSize());
    }

    /** The receiver's sum after {@code values} values: 1 + 2 + ... + values. */
    static long expected(int values) {
        requireValues(values);
        return (long) values * (values + 1) / 2;
    }

    static int requireValues(int values) {
        if (values < 0) {
            throw new IllegalArgumentException("values must be >= 0, was " + values);
        }
        return values;
    }

    /** {@code f}'s rendezvous opened: each run is an exchange of its steps in values, verified. */
    static Operation operation(RingFactory f) {
        Rendezvous r = open(f);
        return Operation.of(r, r::threads, values -> verify(f.id(), values, r.exchange(values)));
    }

    /** Throws unless {@code sum} is the receiver's sum after {@code values} values; returns it. */
    static long verify(String id, int values, long sum) {
        long expected = expected(values);
        if (sum != expected) {
            throw new WrongAnswerException(id + ": rendezvous values=" + values + " summed to " + sum
                    + ", expected " + expected);
        }
        return sum;
    }
}
