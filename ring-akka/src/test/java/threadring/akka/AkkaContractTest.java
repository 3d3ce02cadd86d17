package threadring.akka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import threadring.core.ContractKit;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.ring.Ring;
import threadring.core.ring.Rings;

class AkkaContractTest extends ContractKit {

    @Override
    protected String model() {
        return "akka";
    }

    /** Every node is its own actor, named node-1..node-N, and the ring's system has threads. */
    @Test
    void oneActorPerNode() {
        for (RingFactory f : RingFactories.load().matching("^akka/").stream().filter(f -> f.runs(Ring.WORKLOAD))
                .filter(f -> f.unsupportedReason().isEmpty()).toList()) {
            try (Ring ring = Rings.open(f, 11)) {
                assertEquals(Rings.expectedLast(11, 1000), ring.pass(1000), f.id());
                List<String> names = ring instanceof TypedRing typed ? typed.actorNames()
                        : ((AkkaClassicRing) ring).actors().stream().map(a -> a.path().name()).toList();
                Set<String> expected = IntStream.rangeClosed(1, 11).mapToObj(i -> "node-" + i).collect(Collectors.toSet());
                assertEquals(expected, Set.copyOf(names), f.id());
                assertFalse(ring.threads().isEmpty(), f.id() + ": no ActorSystem thread tracked");
                assertTrue(ring.threads().stream().allMatch(Thread::isDaemon), f.id() + ": non-daemon thread");
            }
        }
    }

    /**
     * The rendezvous tracks its ActorSystem's threads, daemons like the rings', so that the
     * contract's "close() leaves no thread alive" is about real threads.
     */
    @Test
    void rendezvousTracksItsSystemsThreads() {
        for (RingFactory f : RingFactories.load().matching("^akka/").stream().filter(f -> f.runs(Ring.WORKLOAD))
                .filter(f -> f.unsupportedReason().isEmpty()).toList()) {
            Rendezvous r = Rendezvous.open(f);
            try {
                assertEquals(Rendezvous.expected(1000), r.exchange(1000), f.id());
                assertFalse(r.threads().isEmpty(), f.id() + ": no ActorSystem thread tracked");
                assertTrue(r.threads().stream().allMatch(Thread::isDaemon), f.id() + ": non-daemon thread");
            } finally {
                r.close();
            }
            assertTrue(r.threads().stream().noneMatch(Thread::isAlive), f.id() + ": alive after close()");
        }
    }
}
