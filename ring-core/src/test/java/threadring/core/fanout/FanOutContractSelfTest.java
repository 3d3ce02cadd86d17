package threadring.core.fanout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import threadring.core.ContractKit;
import threadring.core.RingFactory;
import threadring.core.Variant;
import threadring.core.fanout.FanOut;

/** The fan-out section of the kit must catch broken fan-outs; these are broken on purpose. */
public class FanOutContractSelfTest {

    /** A stand-in fan-out; {@code mode} breaks it on purpose. */
    public static final class FakeFanOut extends AbstractFanOut {
        public enum Mode {
            /** Tasks on a two-thread ScheduledThreadPoolExecutor: right. */
            RIGHT,
            /** One thread sleeps each task's delay in turn. */
            SERIAL,
            /** Tasks never wait. */
            NO_WAIT,
            /** A thread per task that, once it has completed, never ends. */
            LEAK
        }

        private final Mode mode;
        private final java.util.concurrent.ScheduledThreadPoolExecutor pool;

        public FakeFanOut(Mode mode) {
            super("fake/fanout");
            this.mode = mode;
            pool = new java.util.concurrent.ScheduledThreadPoolExecutor(2, tracked(r -> {
                Thread t = new Thread(r);
                t.setDaemon(true);
                return t;
            }));
        }

        @Override
        protected void start(int tasks, int delayMs, int work) {
            switch (mode) {
                case RIGHT, NO_WAIT -> {
                    for (int i = 1; i <= tasks; i++) {
                        int task = i;
                        pool.schedule(() -> done(task), mode == Mode.RIGHT ? delayMs : 0,
                                java.util.concurrent.TimeUnit.MILLISECONDS);
                    }
                }
                case SERIAL -> pool.execute(() -> {
                    try {
                        for (int i = 1; i <= tasks; i++) {
                            Thread.sleep(delayMs);
                            done(i);
                        }
                    } catch (InterruptedException e) {
                        fail(e);
                    }
                });
                case LEAK -> {
                    for (int i = 1; i <= tasks; i++) {
                        int task = i;
                        Thread t = tracked(Thread::new).newThread(() -> {
                            try {
                                Thread.sleep(delayMs);
                                done(task);
                                Thread.sleep(Long.MAX_VALUE);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        });
                        t.setDaemon(true);
                        t.start();
                    }
                }
            }
        }

        @Override
        protected Duration closeTimeout() {
            return mode == Mode.LEAK ? Duration.ofMillis(500) : super.closeTimeout(); // a correct fake on a busy machine gets the default
        }

        @Override
        protected void stop() {
            pool.shutdownNow();
        }
    }

    static RingFactory fanOut(FakeFanOut.Mode mode) {
        return Variant.of("fake/fanout-" + mode.name().toLowerCase(java.util.Locale.ROOT), "test double")
                .opens(FanOut.WORKLOAD, id -> new FakeFanOut(mode)).build();
    }

    @Test
    void aCorrectFanOutPassesEveryFanOutCheck() {
        RingFactory good = fanOut(FakeFanOut.Mode.RIGHT);
        assertEquals(FanOutContract.CHECKS.stream().map(ContractKit.Check::name).toList(),
                ContractKit.checks(good).stream().map(ContractKit.Check::name).toList());
        for (ContractKit.Check c : ContractKit.checks(good)) {
            if (c.skip().apply(good).isEmpty()) {
                c.run(good);
            }
        }
    }

    @Test
    void aFanOutWhoseTasksWaitOneAfterAnotherFails() {
        RingFactory serial = fanOut(FakeFanOut.Mode.SERIAL);
        FanOutContract.sums(serial); // right sums, and small waits go unnoticed
        ContractKit.Check concurrent = FanOutContract.CHECKS.stream().filter(c -> c.name().contains("at once"))
                .findFirst().orElseThrow();
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> concurrent.run(serial));
        assertTrue(e.getMessage().contains("did not finish") || e.getMessage().contains("serial would take"),
                e.getMessage());
    }

    @Test
    void aFanOutThatNeverWaitsFails() {
        RingFactory eager = fanOut(FakeFanOut.Mode.NO_WAIT);
        FanOutContract.sums(eager);
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> FanOutContract.waits(eager));
        assertTrue(e.getMessage().contains("delay_ms=50 returned after"), e.getMessage());
    }

    @Test
    void aFanOutWhoseTasksOutliveTheirOperationFails() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> FanOutContract.reuseAndCleanUp(fanOut(FakeFanOut.Mode.LEAK)));
        assertTrue(e.getMessage().contains("threads alive after an operation of 1000 tasks"), e.getMessage());
    }
}
