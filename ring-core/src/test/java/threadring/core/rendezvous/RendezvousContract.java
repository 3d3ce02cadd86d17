package threadring.core.rendezvous;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.stream.Collectors;
import threadring.core.ContractKit;
import threadring.core.RingFactory;

/**
 * The rendezvous half of the contract kit: {@link RingContract} runs these checks, under the same
 * timeouts and in the same child JVMs, for every factory that {@link RingFactory#runs} the
 * rendezvous.
 */
public final class RendezvousContract {

    /** Values per exchange, each on a fresh rendezvous: none, one, a few, and many. */
    static final int[] VALUES = {0, 1, 2, 3, 1000, 123_457};

    /** The rendezvous checks ({@link RendezvousContract}), for factories that run it. */
    public static final List<ContractKit.Check> CHECKS = List.of(
            new ContractKit.Check("rendezvous sums for values 0, 1, 2, 3, 1000, 123457", ContractKit.TIMEOUT, RendezvousContract::sums),
            new ContractKit.Check("five exchanges on one rendezvous", ContractKit.TIMEOUT, RendezvousContract::reuse),
            new ContractKit.Check("rendezvous close() leaves no thread alive", ContractKit.TIMEOUT, RendezvousContract::closeStopsEverything),
            new ContractKit.Check("rendezvous bad values fail at once, naming the value", ContractKit.TIMEOUT,
                    RendezvousContract::badArguments),
            new ContractKit.Check("rendezvous: " + ContractKit.ON_VIRTUAL_THREADS, ContractKit.TIMEOUT,
                    RendezvousContract::onVirtualThreads, ContractKit::unlessOnVirtualThreads));

    private RendezvousContract() {}

    /** An exchange ends on the receiving party: a virtual thread, for a variant declared on them. */
    public static void onVirtualThreads(RingFactory f) {
        try (Rendezvous r = Rendezvous.open(f)) {
            assertEquals(Rendezvous.expected(1000), r.exchange(1000), f.id() + ": rendezvous values=1000");
            ContractKit.assertEndedOnVirtualThread(f, r);
        }
    }

    public static void sums(RingFactory f) {
        for (int values : VALUES) {
            try (Rendezvous r = Rendezvous.open(f)) {
                assertEquals(Rendezvous.expected(values), r.exchange(values), f.id() + ": rendezvous values=" + values);
            }
        }
    }

    public static void reuse(RingFactory f) {
        try (Rendezvous r = Rendezvous.open(f)) {
            for (int values : new int[] {1000, 0, 1, 54_321, 7}) {
                assertEquals(Rendezvous.expected(values), r.exchange(values), f.id() + ": rendezvous values=" + values);
            }
        }
    }

    public static void closeStopsEverything(RingFactory f) {
        Rendezvous r = Rendezvous.open(f);
        assertEquals(Rendezvous.expected(777), r.exchange(777));
        r.close();
        List<Thread> alive = r.threads().stream().filter(Thread::isAlive).collect(Collectors.toList());
        assertTrue(alive.isEmpty(), () -> f.id() + ": rendezvous alive after close(): " + alive);
        r.close(); // idempotent
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> r.exchange(7),
                f.id() + ": exchange after close()");
        assertMentions(e, "closed", "values=7");
    }

    public static void badArguments(RingFactory f) {
        try (Rendezvous r = Rendezvous.open(f)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.exchange(-1),
                    f.id() + ": exchange(-1)");
            assertMentions(e, "values", "-1");
            assertEquals(28, r.exchange(7), f.id() + ": a rejected exchange must leave the rendezvous usable");
        }
    }

    private static void assertMentions(Exception e, String... words) {
        String message = String.valueOf(e.getMessage());
        for (String w : words) {
            if (!message.contains(w)) {
                fail("message should name '" + w + "': " + message);
            }
        }
    }
}
