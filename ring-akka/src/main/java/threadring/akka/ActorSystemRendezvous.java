package threadring.akka;

import java.util.concurrent.CompletionStage;
import threadring.core.rendezvous.AbstractRendezvous;

/**
 * The rendezvous of two actors, a sender and a receiver, of one ActorSystem of its own
 * ({@link OwnedSystem}), started in the constructor and terminated by {@link #close()}. They
 * talk in the actor style of the rings: tell only, one int per message, each knowing the other's
 * ref. The sender tells the receiver a value; the receiver adds it and tells the sender
 * {@link #ACK}, which lets the next value go: two messages per value. After the last value the
 * sender tells the receiver {@link #END}, on which the receiver reports its sum. start() tells
 * the sender an exchange's size.
 *
 * <p>The protocol is written here once; subclasses are the actors of one API. Each party's state
 * is a pair of fields here that only its own actor touches: an actor sees what it wrote while
 * handling earlier messages, whichever dispatcher thread runs it.
 */
abstract class ActorSystemRendezvous extends AbstractRendezvous {

    /** The receiver's acknowledgement to the sender, whose other messages are exchange sizes (>= 0). */
    static final int ACK = -1;
    /** To the receiver, after values 1..M: the exchange is over. */
    static final int END = 0;

    /** The rendezvous's ActorSystem: its name and threads. */
    protected final OwnedSystem owned;
    private volatile Throwable died;

    /** The sender's state: values sent so far in this exchange, and how many it has. */
    private int sent;
    private int values;
    /** The receiver's state: the sum of this exchange so far. */
    private long sum;

    protected ActorSystemRendezvous(String id) {
        super(id);
        owned = new OwnedSystem(id, this::track);
    }

    /**
     * The sender's step on {@code message}, an exchange's size (from start()) or the receiver's
     * ACK: returns what it tells the receiver next, the next value or, once every value is sent, END.
     */
    protected final int senderNext(int message) {
        if (message != ACK) {
            sent = 0;
            values = message;
        }
        return sent < values ? ++sent : END;
    }

    /**
     * The receiver's step on {@code value}: adds it and returns true (acknowledge it), or on END
     * reports the sum, which ends the exchange, and returns false.
     */
    protected final boolean receiverTook(int value) {
        if (value == END) {
            long total = sum;
            sum = 0;
            finish(total);
            return false;
        }
        sum += value;
        return true;
    }

    /**
     * A party's handler threw: fails the exchange now, and every later one, as the party lost
     * its message (or is gone) and an exchange would otherwise wait for it forever.
     */
    protected final void partyDied(Throwable cause) {
        died = cause;
        fail(cause);
    }

    /** Tells the sender (from the thread calling exchange()) to send {@code values} values. */
    protected abstract void tellSender(int values);

    /** Starts terminating the ActorSystem; the stage completes once it has terminated. */
    protected abstract CompletionStage<?> terminate();

    @Override
    protected final void start(int values) {
        Throwable cause = died;
        if (cause != null) {
            throw new IllegalStateException(id() + ": a party died before exchange(values=" + values + ")", cause);
        }
        tellSender(values);
    }

    @Override
    protected final void stop() throws Exception {
        owned.terminate(this::terminate, closeTimeout());
    }
}
