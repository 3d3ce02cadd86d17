package threadring.quasar;

import co.paralleluniverse.fibers.SuspendExecution;
import co.paralleluniverse.strands.Strand;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * The fiber rows' handoff: one int in a volatile field of a cell that one strand (its owner)
 * takes from, handed over with {@link Strand#unpark} and waited for with {@link Strand#park()}.
 * It is each node's inbox in {@link FiberRing} and both parties' inbox in {@link FiberRendezvous}.
 *
 * <p>The owner waits in its own frame: {@code while ((v = cell.poll()) == EMPTY) Strand.park();}.
 * A suspendable take() here would add a frame to every wait, which Quasar saves and restores at
 * every park.
 */
final class ParkCell {

    /** What {@link #poll} returns from an empty cell; never a value. */
    static final int EMPTY = Integer.MIN_VALUE;

    private static final AtomicIntegerFieldUpdater<ParkCell> VALUE =
            AtomicIntegerFieldUpdater.newUpdater(ParkCell.class, "value");

    private final Strand owner;
    private volatile int value = EMPTY;
    private volatile Strand waitingSender;

    ParkCell(Strand owner) {
        this.owner = owner;
    }

    /** By the owner: takes the value, or returns EMPTY; a sender waiting for room may go on. */
    int poll() {
        int v = value;
        if (v != EMPTY) {
            value = EMPTY;
            Strand sender = waitingSender;
            if (sender != null) {
                Strand.unpark(sender);
            }
        }
        return v;
    }

    /**
     * Puts {@code v} and wakes the owner. A sender that finds a value still waiting (only with
     * several tokens in a ring) waits for the slot: a fiber registers and parks until the owner
     * empties it; a plain thread (one injecting a pass's tokens) retries with Thread.yield, which
     * holds up no fiber.
     */
    void put(int v) throws SuspendExecution {
        if (!offer(v)) {
            putWhenEmptied(v);
        }
    }

    /**
     * Puts {@code v} and wakes the owner if the cell is empty (always, with one token). Not
     * suspendable, so a hot loop that tries it first, and calls {@link #put} only when it fails,
     * keeps its suspendable call off the common path (an instrumented call site costs on every hop).
     */
    boolean offer(int v) {
        if (!claim(v)) {
            return false;
        }
        Strand.unpark(owner);
        return true;
    }

    private void putWhenEmptied(int v) throws SuspendExecution {
        if (!claim(v)) {
            if (Strand.isCurrentFiber()) {
                waitingSender = Strand.currentStrand();
                while (!claim(v)) {
                    Strand.park();
                }
                waitingSender = null;
            } else {
                while (!claim(v)) {
                    Thread.yield();
                }
            }
        }
        Strand.unpark(owner);
    }

    /** Not suspendable: Quasar's instrumentor cannot tell a VarHandle call from a suspendable one. */
    private boolean claim(int v) {
        return VALUE.compareAndSet(this, EMPTY, v);
    }
}
