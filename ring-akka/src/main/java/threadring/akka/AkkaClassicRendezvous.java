package threadring.akka;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * The rendezvous of two classic Akka actors ({@code AbstractActor}) on the dispatcher of the
 * classic ring of the same id: the sender tells each value with itself as sender, and the
 * receiver replies ACK to {@code getSender()}, the classic way to answer a tell.
 */
final class AkkaClassicRendezvous extends ActorSystemRendezvous {

    private final ActorSystem system;
    private final ActorRef sender;

    AkkaClassicRendezvous(String id, String dispatcher) {
        super(id);
        system = ActorSystem.create(owned.name, AkkaClassicRing.CONFIG);
        ActorRef receiver = system.actorOf(Props.create(Receiver.class, () -> new Receiver(this))
                .withDispatcher(dispatcher), "receiver");
        sender = system.actorOf(Props.create(Sender.class, () -> new Sender(this, receiver))
                .withDispatcher(dispatcher), "sender");
        owned.trackThreads();
    }

    /**
     * A party. Classic supervision would restart an actor whose handler threw, its message lost,
     * and the exchange would wait forever: the restart hook ends the exchange instead.
     */
    abstract static class Party extends AbstractActor {
        final AkkaClassicRendezvous rendezvous;

        Party(AkkaClassicRendezvous rendezvous) {
            this.rendezvous = rendezvous;
        }

        @Override
        public void preRestart(Throwable reason, Optional<Object> message) throws Exception {
            rendezvous.partyDied(reason);
            super.preRestart(reason, message);
        }
    }

    static final class Sender extends Party {
        private final ActorRef receiver;

        Sender(AkkaClassicRendezvous rendezvous, ActorRef receiver) {
            super(rendezvous);
            this.receiver = receiver;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Integer.class, m -> receiver.tell(rendezvous.senderNext(m), getSelf()))
                    .build();
        }
    }

    static final class Receiver extends Party {
        Receiver(AkkaClassicRendezvous rendezvous) {
            super(rendezvous);
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(Integer.class, v -> {
                if (rendezvous.receiverTook(v)) {
                    getSender().tell(ACK, getSelf());
                }
            }).build();
        }
    }

    @Override
    protected void tellSender(int values) {
        sender.tell(values, ActorRef.noSender());
    }

    @Override
    protected CompletionStage<?> terminate() {
        return AkkaClassicRing.terminate(system);
    }
}
