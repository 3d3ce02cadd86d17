package threadring.go;

import threadring.core.rendezvous.Rendezvous;

/** The rendezvous in Go: a sender and a receiver goroutine meeting on one unbuffered channel. */
final class GoRendezvous extends GoWorkload implements Rendezvous {

    GoRendezvous(String id) {
        super(id, "rendezvous", "rendezvous");
    }

    @Override
    public long exchange(int values) {
        Rendezvous.requireValues(values);
        return ask("exchange(values=" + values + ")", String.valueOf(values))[0];
    }
}
