package threadring.core.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import threadring.core.ContractKit;
import threadring.core.RingFactory;
import threadring.core.Soak;
import threadring.core.Variant;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.rendezvous.RendezvousContractSelfTest;
import threadring.core.ring.Ring;

/** The ring section of the kit must catch broken rings; these rings are broken on purpose. */
public class RingContractSelfTest {

    /**
     * A one-thread stand-in ring; {@code offset} shifts its answer, {@code leak} keeps its thread
     * alive, {@code fromNodeOne} ends every token as if it had started at node 1.
     */
    public static final class FakeRing extends AbstractRing {
        private final int offset;
        private final boolean leak;
        private final boolean fromNodeOne;
        private final CountDownLatch stopped = new CountDownLatch(1);

        FakeRing(int nodes, int offset, boolean leak) {
            this(RingSize.classic(nodes), offset, leak, false);
        }

        public FakeRing(RingSize shape, int offset, boolean leak, boolean fromNodeOne) {
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
            return leak ? Duration.ofMillis(200) : super.closeTimeout(); // a correct fake on a busy machine gets the default
        }

        @Override
        protected void stop() {
            stopped.countDown();
        }
    }

    static RingFactory factory(int offset, boolean leak) {
        return factory(offset, leak, false);
    }

    static RingFactory factory(int offset, boolean leak, boolean fromNodeOne) {
        return Variant.of("fake/ring", "test double").opens(Ring.WORKLOAD, (id, shape) -> new FakeRing(shape, offset, leak, fromNodeOne))
                .build();
    }

    @Test
    void aCorrectRingPasses() {
        RingFactory good = factory(0, false);
        RingContract.answers(good);
        RingContract.reuse(good);
        RingContract.closeStopsEverything(good);
        RingContract.badArguments(good);
        RingContract.shapes(good);
    }

    @Test
    void aRingThatStartsEveryTokenAtNodeOneFailsTheShapesCheck() {
        RingFactory fromNodeOne = factory(0, false, true);
        RingContract.answers(fromNodeOne); // right for one token
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> RingContract.shapes(fromNodeOne));
        assertTrue(e.getMessage().contains("tokens="), e.getMessage());
    }

    /**
     * A variant declared on virtual threads whose run ends on a platform thread (here: the caller's,
     * as a library falling back to its own scheduler would) fails; one not declared skips the check.
     */
    @Test
    void aVariantOnVirtualThreadsThatRunsOnPlatformThreadsFails() {
        RingFactory fallsBack = Variant.of("fake/ring-loom", "test double").opens(Ring.WORKLOAD, (id, shape) -> new FakeRing(shape, 0, false,
                false)).onVirtualThreads(true).build();
        assertTrue(fallsBack.minimumJavaVersion() >= 21, "declared on virtual threads: JDK 21+");
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> RingContract.onVirtualThreads(fallsBack));
        assertTrue(e.getMessage().contains("ended on the platform thread"), e.getMessage());
        assertTrue(ContractKit.unlessOnVirtualThreads(factory(0, false)).isPresent());
        assertTrue(ContractKit.unlessOnVirtualThreads(fallsBack).isEmpty());
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
        return Variant.of("fake/quadratic", "test double").opens(Ring.WORKLOAD, (id, shape) -> {
            int nodes = shape.nodes();
            Object[] tracked = new Object[0];
            for (int i = 0; i < nodes && !Thread.currentThread().isInterrupted(); i++) {
                tracked = java.util.Arrays.copyOf(tracked, i + 1);
                tracked[i] = Integer.valueOf(i);
            }
            return new FakeRing(nodes, 0, false);
        }).build();
    }

    @Test
    void aQuadraticStepFailsTheScaleCheckAndALinearRingPassesIt() {
        RingContract.scaleWithin(factory(0, false), RingContract.SCALE_NODES, Duration.ofSeconds(10));
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> RingContract.scaleWithin(quadratic(), 400_000, Duration.ofSeconds(2)));
        assertTrue(e.getMessage().contains("quadratic?"), e.getMessage());
    }

    @Test
    void aLeakedThreadFails() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> RingContract.closeStopsEverything(factory(0, true)));
        assertTrue(e.getMessage().contains("still alive"), e.getMessage());
        // the message says where the leaked thread stands: in its endless sleep
        assertTrue(e.getMessage().contains("java.lang.Thread.sleep"), e.getMessage());
    }

    /**
     * A stand-in ring on one worker thread whose every hop is a handoff that, about once in 10^5
     * hops, loses its wake-up: the next node never runs and the pass never ends, the way a race in
     * a real primitive hangs (quasar/channel-p2 did, once in about 10^6 hops with several tokens).
     */
    static final class LossyRing extends AbstractRing {
        static final int ONE_IN = 100_000;
        private final java.util.concurrent.BlockingQueue<int[]> tokens = new java.util.concurrent.LinkedBlockingQueue<>();
        private final java.util.Random random = new java.util.Random(42);

        LossyRing(RingSize shape) {
            super("fake/lossy", shape);
            Thread t = tracked(Thread::new).newThread(() -> {
                try {
                    for (int[] token = tokens.take(); token[0] >= 0; token = tokens.take()) {
                        int node = token[0];
                        for (int v = token[1]; v > 0; v--) {
                            if (random.nextInt(ONE_IN) == 0) {
                                java.util.concurrent.locks.LockSupport.park(); // nobody will unpark it
                            }
                            node = node % nodes() + 1;
                        }
                        finish(node);
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
            tokens.add(new int[] {node, hops});
        }

        @Override
        protected Duration closeTimeout() {
            return Duration.ofMillis(200);
        }

        @Override
        protected void stop() {
            tokens.add(new int[] {-1, 0});
        }
    }

    /** A soak of rings and rendezvous as fast with depth and work as without, of {@code steps} each. */
    static Soak.Scale flat(int steps) {
        return new Soak.Scale(java.util.List.of(RingDraws.Sized.flat(steps),
                new threadring.core.rendezvous.RendezvousDraws.Sized(steps)));
    }

    static RingFactory lossy() {
        return Variant.of("fake/lossy", "test double that loses a wake-up once in about 10^5 hops")
                .opens(Ring.WORKLOAD, (id, shape) -> new LossyRing(shape)).build();
    }

    @Test
    void theSoakCatchesAWakeUpLostOnceInAHundredThousandHops() {
        RingFactory f = lossy();
        try (Ring ring = Rings.open(f, 503)) {
            assertEquals(498, ring.pass(1000), "small passes mostly answer right: the kit's answers miss it");
        }
        // sized by hand: sizing it (Soak.scale) would itself hang, which the soak reports as a failure too
        java.util.List<Soak.Outcome> failures = Soak.run(f, 7, Duration.ofSeconds(30), Duration.ofSeconds(2),
                new Soak.Scale(java.util.List.of(RingDraws.Sized.flat(100_000))), o -> {});
        assertEquals(1, failures.size(), "the soak must catch the lost wake-up");
        assertTrue(failures.get(0).failure().startsWith("no answer within 2 s"), failures.get(0).toString());
        assertTrue(failures.get(0).draw().describe().startsWith("nodes="), failures.get(0).toString());
    }

    @Test
    void sizingASoakThatHangsFailsInsteadOfHanging() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Soak.scale(lossy(), threadring.core.workloads.Workloads.ALL, Duration.ofSeconds(3)));
        assertTrue(e.getMessage().startsWith("no answer within 3 s while sizing the soak"), e.getMessage());
    }

    @Test
    void aCorrectRingSurvivesTheSoakAndTheSameSeedDrawsTheSameShapes() {
        java.util.List<Soak.Outcome> passes = new java.util.ArrayList<>();
        assertTrue(Soak.run(RendezvousContractSelfTest.ringAndRendezvous(), 11, Duration.ofSeconds(2), Duration.ofSeconds(10),
                flat(100_000), passes::add).isEmpty());
        assertTrue(passes.size() > 5, "passes: " + passes.size());
        java.util.Random again = new java.util.Random(Soak.seed(11, "fake/ring"));
        for (Soak.Outcome o : passes) {
            assertEquals(o.draw(), Soak.draw(again, o.draw().index(), flat(100_000)));
        }
        assertTrue(passes.stream().anyMatch(o -> o.draw().size().workload() == Rendezvous.WORKLOAD),
                "some draws are rendezvous");
        assertTrue(passes.stream().anyMatch(o -> o.draw().size() instanceof RingSize r && r.tokens() > 1));
    }

}
