package threadring.quasar;

import co.paralleluniverse.fibers.Fiber;
import co.paralleluniverse.fibers.SuspendExecution;
import co.paralleluniverse.strands.Strand;
import java.util.List;

/**
 * The rendezvous of two fibers on the fiber ring's handoff, a {@link ParkCell} each: the sender
 * puts a value into the receiver's cell and parks until the receiver puts its ACK into the
 * sender's, which also carries each exchange's size from exchange().
 */
final class FiberRendezvous extends QuasarRendezvous {

    private final Sender sender;
    private final Receiver receiver;

    FiberRendezvous(String id, int parallelism) {
        super(id, parallelism);
        sender = new Sender();
        receiver = new Receiver();
        launch(parties());
    }

    /** A party: a fiber of the rendezvous's scheduler and the cell it takes from. */
    abstract class Party extends Fiber<Void> {
        private static final long serialVersionUID = 1L;

        final transient ParkCell inbox = new ParkCell(this);

        Party(String name) {
            super(id() + "/" + name, scheduler());
        }
    }

    final class Sender extends Party {
        private static final long serialVersionUID = 1L;

        Sender() {
            super("sender");
        }

        @Override
        protected Void run() throws SuspendExecution {
            ParkCell out = receiver.inbox;
            while (true) {
                int values;
                while ((values = inbox.poll()) == ParkCell.EMPTY) {
                    Strand.park();
                }
                if (values == STOP) {
                    out.put(STOP);
                    return null;
                }
                for (int sent = 0; sent < values; sent++) {
                    if (!out.offer(sent + 1)) { // never full: the last value is acknowledged
                        out.put(sent + 1);
                    }
                    while (inbox.poll() == ParkCell.EMPTY) { // the ACK
                        Strand.park();
                    }
                }
                out.put(END);
            }
        }
    }

    final class Receiver extends Party {
        private static final long serialVersionUID = 1L;

        Receiver() {
            super("receiver");
        }

        @Override
        protected Void run() throws SuspendExecution {
            ParkCell ack = sender.inbox;
            long sum = 0;
            while (true) {
                int v;
                while ((v = inbox.poll()) == ParkCell.EMPTY) {
                    Strand.park();
                }
                if (v == STOP) {
                    return null;
                } else if (v == END) {
                    finish(sum);
                    sum = 0;
                } else {
                    sum += v;
                    if (!ack.offer(ACK)) {
                        ack.put(ACK);
                    }
                }
            }
        }
    }

    /** From a plain thread, while the sender waits: its cell is empty, so this never waits. */
    @Override
    protected void tellSender(int message) throws SuspendExecution {
        sender.inbox.put(message);
    }

    @Override
    protected List<Fiber<?>> parties() {
        return List.of(sender, receiver);
    }
}
