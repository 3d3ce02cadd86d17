package threadring.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The kit must catch broken rings; these rings are broken on purpose. */
class RingContractSelfTest {

    /**
     * A one-thread stand-in ring; {@code offset} shifts its answer, {@code leak} keeps its thread
     * alive, {@code fromNodeOne} ends every token as if it had started at node 1.
     */
    static final class FakeRing extends AbstractRing {
        private final int offset;
        private final boolean leak;
        private final boolean fromNodeOne;
        private final CountDownLatch stopped = new CountDownLatch(1);

        FakeRing(int nodes, int offset, boolean leak) {
            this(Shape.classic(nodes), offset, leak, false);
        }

        FakeRing(Shape shape, int offset, boolean leak, boolean fromNodeOne) {
            super("fake/ring", shape);
            this.fromNodeOne = fromNodeOne;
            this.offset = offset;
            this.leak = leak;
            Thread t = tracked(Thread::new).newThread(() -> {
                try {
                    stopped.await();
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
        protected void inject(int node, int hops) {
            if (offset == Integer.MIN_VALUE) {
                fail(new ArithmeticException("node blew up"));
            } else {
                int from = fromNodeOne ? 0 : node - 1;
                finish((int) ((from + (long) hops + offset) % nodes()) + 1);
            }
        }

        @Override
        protected Duration closeTimeout() {
            return Duration.ofMillis(200);
        }

        @Override
        protected void stop() {
            stopped.countDown();
        }
    }

    /**
     * A one-thread stand-in rendezvous that sums 1..values itself; {@code offset} shifts its sum
     * ({@link Integer#MAX_VALUE}: it never answers), {@code leak} keeps its thread alive.
     */
    static final class FakeRendezvous extends AbstractRendezvous {
        private final java.util.concurrent.SynchronousQueue<Integer> commands = new java.util.concurrent.SynchronousQueue<>();

        FakeRendezvous(int offset, boolean leak) {
            super("fake/ring");
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
            return Duration.ofMillis(200);
        }

        @Override
        protected void stop() throws InterruptedException {
            commands.put(-1);
        }
    }

    static RingFactory factory(int offset, boolean leak) {
        return factory(offset, leak, false);
    }

    static RingFactory factory(int offset, boolean leak, boolean fromNodeOne) {
        return new RingFactory() {
            @Override
            public String id() {
                return "fake/ring";
            }

            @Override
            public String description() {
                return "test double";
            }

            @Override
            public Ring open(Shape shape) {
                return new FakeRing(shape, offset, leak, fromNodeOne);
            }

            @Override
            public boolean runs(Workload workload) {
                return true;
            }

            @Override
            public Rendezvous openRendezvous() {
                return new FakeRendezvous(offset, leak);
            }
        };
    }

    @Test
    void aCorrectRingPasses() {
        RingFactory good = factory(0, false);
        RingContract.answers(good);
        RingContract.reuse(good);
        RingContract.closeStopsEverything(good);
        RingContract.badArguments(good);
        RingContract.shapes(good);
        RendezvousContract.sums(good);
        RendezvousContract.reuse(good);
        RendezvousContract.closeStopsEverything(good);
        RendezvousContract.badArguments(good);
    }

    @Test
    void aWrongRendezvousSumFails() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> RendezvousContract.sums(factory(1, false)));
        assertTrue(e.getMessage().contains("rendezvous values=0"), e.getMessage());
        assertThrows(AssertionFailedError.class, () -> RendezvousContract.reuse(factory(-1, false)));
    }

    @Test
    void aRendezvousThatNeverAnswersFailsByTimeoutInsteadOfHanging() {
        RingContract.Check check = new RingContract.Check("five exchanges", Duration.ofMillis(500),
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

    @Test
    void aRingThatStartsEveryTokenAtNodeOneFailsTheShapesCheck() {
        RingFactory fromNodeOne = factory(0, false, true);
        RingContract.answers(fromNodeOne); // right for one token
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> RingContract.shapes(fromNodeOne));
        assertTrue(e.getMessage().contains("tokens="), e.getMessage());
    }

    @Test
    void aWrongAnswerFails() {
        assertThrows(AssertionFailedError.class, () -> RingContract.answers(factory(1, false)));
        assertThrows(AssertionFailedError.class, () -> RingContract.reuse(factory(1, false)));
    }

    @Test
    void aNodeErrorFailsThePassInsteadOfHanging() {
        try (Ring ring = new FakeRing(3, Integer.MIN_VALUE, false)) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> ring.pass(5));
            assertEquals(ArithmeticException.class, e.getCause().getClass());
        }
    }

    /** A ring that copies a growing list once per node, as a CopyOnWriteArrayList of threads would. */
    static RingFactory quadratic() {
        return new RingFactory() {
            @Override
            public String id() {
                return "fake/quadratic";
            }

            @Override
            public String description() {
                return "test double";
            }

            @Override
            public Ring open(Shape shape) {
                int nodes = shape.nodes();
                Object[] tracked = new Object[0];
                for (int i = 0; i < nodes && !Thread.currentThread().isInterrupted(); i++) {
                    tracked = java.util.Arrays.copyOf(tracked, i + 1);
                    tracked[i] = Integer.valueOf(i);
                }
                return new FakeRing(nodes, 0, false);
            }
        };
    }

    @Test
    void aQuadraticStepFailsTheScaleCheckAndALinearRingPassesIt() {
        RingContract.scaleWithin(factory(0, false), RingContract.SCALE_NODES, Duration.ofSeconds(10));
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> RingContract.scaleWithin(quadratic(), 400_000, Duration.ofSeconds(2)));
        assertTrue(e.getMessage().contains("quadratic?"), e.getMessage());
    }

    /** The kit itself, on the fake model: flagged variants run in a child JVM with their flag. */
    static final class FakeContract extends RingContract {
        @Override
        protected String model() {
            return "fake";
        }
    }

    @Test
    void aVariantThatNeedsAFlagIsCheckedInAChildJvmStartedWithIt() {
        RingFactory good = RingFactories.load().require("fake/flagged");
        RingFactory wrong = RingFactories.load().require("fake/flagged-wrong");
        assertTrue(good.unsupportedReason().isPresent(), "this JVM must lack the flag");
        FakeContract kit = new FakeContract();
        for (RingContract.Check c : RingContract.CHECKS) {
            kit.check(good, c);
        }
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> kit.check(wrong, RingContract.CHECKS.get(0)));
        assertTrue(e.getMessage().startsWith("fake/flagged-wrong in a JVM started with -Dthreadring.fake=on: "),
                e.getMessage());
    }

    @Test
    void aLeakedThreadFails() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> RingContract.closeStopsEverything(factory(0, true)));
        assertTrue(e.getMessage().contains("still alive"), e.getMessage());
    }
}
