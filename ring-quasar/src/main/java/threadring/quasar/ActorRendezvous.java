package threadring.quasar;

import co.paralleluniverse.actors.ActorRef;
import co.paralleluniverse.actors.BasicActor;
import co.paralleluniverse.fibers.SuspendExecution;
import java.util.List;

/**
 * The rendezvous of two Quasar actors ({@link BasicActor}s on fibers, default unbounded
 * mailboxes, as in the actor ring): the sender sends a value to the receiver's {@link ActorRef}
 * and waits in receive() for the reply, which the receiver sends to the sender's ref. The
 * sender's mailbox also carries each exchange's size from exchange().
 */
final class ActorRendezvous extends QuasarRendezvous {

    private final Sender sender;
    private final Receiver receiver;
    private final ActorRef<Integer> senderRef;

    ActorRendezvous(String id, int parallelism) {
        super(id, parallelism);
        sender = new Sender();
        receiver = new Receiver();
        // A ref exists once its actor is spawned. The sender's is set after the receiver started,
        // but the receiver reads it only after a value, sent after exchange() was called: the
        // write is visible to it.
        ActorRef<Integer> receiverRef = receiver.spawn(owned().fibers(this::partyDied));
        sender.out = receiverRef;
        senderRef = sender.spawn(owned().fibers(this::partyDied));
        receiver.replyTo = senderRef;
        trackSchedulerThreads();
    }

    final class Sender extends BasicActor<Integer, Void> {
        private static final long serialVersionUID = 1L;

        private transient ActorRef<Integer> out;

        Sender() {
            super(id() + "/sender");
        }

        @Override
        protected Void doRun() throws InterruptedException, SuspendExecution {
            while (true) {
                int values = receive();
                if (values == STOP) {
                    out.send(STOP);
                    return null;
                }
                for (int sent = 0; sent < values; sent++) {
                    out.send(sent + 1);
                    receive(); // the ACK
                }
                out.send(END);
            }
        }
    }

    final class Receiver extends BasicActor<Integer, Void> {
        private static final long serialVersionUID = 1L;

        private transient ActorRef<Integer> replyTo;

        Receiver() {
            super(id() + "/receiver");
        }

        @Override
        protected Void doRun() throws InterruptedException, SuspendExecution {
            long sum = 0;
            while (true) {
                int v = receive();
                if (v == STOP) {
                    return null;
                } else if (v == END) {
                    finish(sum);
                    sum = 0;
                } else {
                    sum += v;
                    replyTo.send(ACK);
                }
            }
        }
    }

    /** From a plain thread; mailboxes are unbounded, so this never waits. */
    @Override
    protected void tellSender(int message) {
        if (!senderRef.trySend(message)) {
            throw new IllegalStateException(id() + ": the sender's mailbox refused a message");
        }
    }

    @Override
    protected List<BasicActor<Integer, Void>> parties() {
        return List.of(sender, receiver);
    }
}
