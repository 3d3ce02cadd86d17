package threadring.core.rendezvous;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import threadring.core.ContractKit;
import threadring.core.RingFactory;
import threadring.core.Variant;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.ring.Ring;
import threadring.core.ring.RingContractSelfTest;

/** The rendezvous section of the kit must catch broken rendezvous; these are broken on purpose. */
public class RendezvousContractSelfTest {

    /**
     * A one-thread stand-in rendezvous that sums 1..values itself; {@code offset} shifts its sum
     * ({@link Integer#MAX_VALUE}: it never answers), {@code leak} keeps its thread alive.
     */
    static final class FakeRendezvous extends AbstractRendezvous {
        private final java.util.concurrent.SynchronousQueue<Integer> commands = new java.util.concurrent.SynchronousQueue<>();

        private final boolean leak;

        FakeRendezvous(int offset, boolean leak) {
            super("fake/rendezvous");
            this.leak = leak;
            Thread t = tracked(Thread::new).newThread(() -> {
                try {
                    for (int values = commands.take(); values >= 0; values = commands.take()) {
                        long sum = 0;
                        for (int v = 1; v <= values; v++) {
                            sum += v;
                        }
                        if (offset != Integer.MAX_VALUE) {
                            finish(sum + offset);
                        }
                    }
                    if (leak) {
                        Thread.sleep(Long.MAX_VALUE);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            t.setDaemon(true);
            t.start();
        }

        @Override
        protected void start(int values) throws InterruptedException {
            commands.put(values);
        }

        @Override
        protected Duration closeTimeout() {
            return leak ? Duration.ofMillis(200) : super.closeTimeout(); // a correct fake on a busy machine gets the default
        }

        @Override
        protected void stop() throws InterruptedException {
            commands.put(-1);
        }
    }

    static RingFactory factory(int offset, boolean leak) {
        return Variant.of("fake/rendezvous", "test double").opens(Rendezvous.WORKLOAD, id -> new FakeRendezvous(offset, leak)).build();
    }

    /** A correct ring with a correct rendezvous (the soak draws both). */
    public static RingFactory ringAndRendezvous() {
        return Variant.of("fake/ring", "test double").opens(Ring.WORKLOAD,
                (id, shape) -> new RingContractSelfTest.FakeRing(shape, 0, false, false))
                .opens(Rendezvous.WORKLOAD, id -> new FakeRendezvous(0, false)).build();
    }

    @Test
    void aCorrectRendezvousPasses() {
        RingFactory good = factory(0, false);
        for (ContractKit.Check c : ContractKit.checks(good)) {
            if (c.skip().apply(good).isEmpty()) {
                c.run(good);
            }
        }
    }

    @Test
    void aWrongRendezvousSumFails() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> RendezvousContract.sums(factory(1, false)));
        assertTrue(e.getMessage().contains("rendezvous values=0"), e.getMessage());
        assertThrows(AssertionFailedError.class, () -> RendezvousContract.reuse(factory(-1, false)));
    }

    @Test
    void aRendezvousThatNeverAnswersFailsByTimeoutInsteadOfHanging() {
        ContractKit.Check check = new ContractKit.Check("five exchanges", Duration.ofMillis(500),
                RendezvousContract::reuse);
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> check.run(factory(Integer.MAX_VALUE, false)));
        assertTrue(e.getMessage().contains("deadlock?"), e.getMessage());
    }

    @Test
    void aRendezvousThatLeaksAThreadFails() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> RendezvousContract.closeStopsEverything(factory(0, true)));
        assertTrue(e.getMessage().contains("still alive"), e.getMessage());
    }

}
