package threadring.akka;

import java.util.concurrent.CompletionStage;

/**
 * The rendezvous of two typed actors, on Akka or Pekko (a {@link TypedActors}) and on the
 * dispatcher of the typed ring of the same id; the message is the int itself, as in the ring.
 */
final class TypedRendezvous extends ActorSystemRendezvous {

    private static final int SENDER = 0;
    private static final int RECEIVER = 1;

    private final TypedActors.Nodes parties;

    TypedRendezvous(String id, TypedActors actors, Dispatcher on) {
        super(id);
        try {
            parties = actors.start(owned.name, 2, i -> i == SENDER ? "sender" : "receiver", on,
                    closeTimeout(), this::receive);
        } catch (Exception e) {
            throw new IllegalStateException(id + ": could not spawn the sender and the receiver", e);
        }
        owned.trackThreads();
    }

    /** Party {@code party} received {@code message}; a failure ends the exchange instead of hanging it. */
    private void receive(int party, int message) {
        try {
            if (party == SENDER) {
                parties.tell(RECEIVER, senderNext(message));
            } else if (receiverTook(message)) {
                parties.tell(SENDER, ACK);
            }
        } catch (Throwable e) {
            partyDied(e);
        }
    }

    @Override
    protected void tellSender(int values) {
        parties.tell(SENDER, values);
    }

    @Override
    protected CompletionStage<?> terminate() {
        return parties.terminate();
    }
}
