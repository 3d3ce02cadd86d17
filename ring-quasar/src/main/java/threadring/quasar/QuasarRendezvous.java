package threadring.quasar;

import co.paralleluniverse.fibers.Fiber;
import co.paralleluniverse.fibers.FiberScheduler;
import co.paralleluniverse.fibers.Joinable;
import co.paralleluniverse.strands.Strand;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import threadring.core.rendezvous.AbstractRendezvous;

/**
 * What the Quasar rendezvous share with each other and with the rings: a fiber scheduler of
 * their own ({@link OwnedScheduler}), and a party's death failing the exchange. The parties are
 * a sender and a receiver strand of the scheduler. The sender's inbox carries an exchange's size
 * (from start()), {@link #STOP} (from stop()) and the receiver's {@link #ACK}s; the sender sends
 * 1..M, each after the previous one's ACK, then {@link #END}, on which the receiver reports its
 * sum; STOP it forwards to the receiver, and both return.
 */
abstract class QuasarRendezvous extends AbstractRendezvous {

    static final int STOP = -1;
    /** To the receiver after 1..M; ends the exchange. */
    static final int END = 0;
    /** The receiver's reply to each value; the sender waits for one only right after a value, so it is never taken for a size. */
    static final int ACK = 0;

    private final OwnedScheduler owned;
    private volatile Throwable died;

    QuasarRendezvous(String id, int parallelism) {
        super(id);
        owned = new OwnedScheduler(id, parallelism, this::track);
    }

    final FiberScheduler scheduler() {
        return owned.scheduler();
    }

    final OwnedScheduler owned() {
        return owned;
    }

    /** Starts fiber parties, each failing the exchange if it dies, then tracks the scheduler's threads. */
    final void launch(List<? extends Fiber<?>> fibers) {
        for (Fiber<?> party : fibers) {
            party.setUncaughtExceptionHandler(this::partyDied);
            party.start();
        }
        trackSchedulerThreads();
    }

    /** Tracks every live thread that belongs to this rendezvous's scheduler (pool workers, timer). */
    final void trackSchedulerThreads() {
        owned.trackThreads();
    }

    /** Hands the sender an exchange's size or STOP, from a plain thread while the sender waits for it. */
    protected abstract void tellSender(int message) throws Exception;

    /** The sender and the receiver, to wait for in close(). */
    protected abstract List<? extends Joinable<?>> parties();

    @Override
    protected final void start(int values) throws Exception {
        Throwable cause = died;
        if (cause != null) {
            throw new IllegalStateException(id() + ": a party died before exchange(values=" + values + ")", cause);
        }
        tellSender(values);
    }

    /**
     * The uncaught exception handler of both parties: fails the exchange now, or the next one if
     * none is running (a dead party would otherwise hang it).
     */
    final void partyDied(Strand party, Throwable cause) {
        died = cause;
        fail(cause);
    }

    /**
     * Ends both parties (the sender forwards STOP) and waits for them, then stops the scheduler.
     * After a party died STOP would reach no one: the other is left parked, and goes with the
     * scheduler.
     */
    @Override
    protected final void stop() throws Exception {
        try {
            if (died == null) {
                tellSender(STOP);
                for (Joinable<?> p : parties()) {
                    p.join(closeTimeout().toMillis(), TimeUnit.MILLISECONDS);
                }
            }
        } catch (ExecutionException e) {
            // a party died while stopping: partyDied has reported it
        } finally {
            owned.shutdown(closeTimeout());
        }
    }
}
