package threadring.quasar;

import co.paralleluniverse.fibers.Fiber;
import co.paralleluniverse.fibers.SuspendExecution;
import co.paralleluniverse.strands.channels.IntChannel;
import co.paralleluniverse.strands.channels.ReceivePort;
import java.util.List;

/**
 * The rendezvous of two fibers on the channel ring's handoff, an {@link IntChannel} inbox each
 * ({@link ChannelRing#newInbox}): the sender sends a value to the receiver's channel and waits
 * in its own for the receiver's ACK; its channel also carries each exchange's size from exchange().
 */
final class ChannelRendezvous extends QuasarRendezvous {

    private final IntChannel toSender = ChannelRing.newInbox();
    private final IntChannel toReceiver = ChannelRing.newInbox();
    private final Sender sender;
    private final Receiver receiver;

    ChannelRendezvous(String id, int parallelism) {
        super(id, parallelism);
        sender = new Sender();
        receiver = new Receiver();
        launch(parties());
    }

    final class Sender extends Fiber<Void> {
        private static final long serialVersionUID = 1L;

        Sender() {
            super(id() + "/sender", scheduler());
        }

        @Override
        protected Void run() throws SuspendExecution, InterruptedException {
            IntChannel in = toSender;
            IntChannel out = toReceiver;
            try {
                while (true) {
                    int values = in.receiveInt();
                    if (values == STOP) {
                        out.send(STOP);
                        return null;
                    }
                    for (int sent = 0; sent < values; sent++) {
                        out.send(sent + 1);
                        in.receiveInt(); // the ACK
                    }
                    out.send(END);
                }
            } catch (ReceivePort.EOFException e) {
                throw ChannelRing.closed(getName(), e);
            }
        }
    }

    final class Receiver extends Fiber<Void> {
        private static final long serialVersionUID = 1L;

        Receiver() {
            super(id() + "/receiver", scheduler());
        }

        @Override
        protected Void run() throws SuspendExecution, InterruptedException {
            IntChannel in = toReceiver;
            IntChannel ack = toSender;
            long sum = 0;
            try {
                while (true) {
                    int v = in.receiveInt();
                    if (v == STOP) {
                        return null;
                    } else if (v == END) {
                        finish(sum);
                        sum = 0;
                    } else {
                        sum += v;
                        ack.send(ACK);
                    }
                }
            } catch (ReceivePort.EOFException e) {
                throw ChannelRing.closed(getName(), e);
            }
        }
    }

    /** From a plain thread, while the sender waits: its channel is empty, so this never waits. */
    @Override
    protected void tellSender(int message) {
        if (!toSender.trySend(message)) {
            throw new IllegalStateException(id() + ": the sender's channel is full");
        }
    }

    @Override
    protected List<Fiber<?>> parties() {
        return List.of(sender, receiver);
    }
}
