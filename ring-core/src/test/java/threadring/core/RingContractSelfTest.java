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
                return workload != Workload.FANOUT;
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

    /**
     * A stand-in ring on one worker thread whose every hop is a handoff that, about once in 10^5
     * hops, loses its wake-up: the next node never runs and the pass never ends, the way a race in
     * a real primitive hangs (quasar/channel-p2 did, once in about 10^6 hops with several tokens).
     */
    static final class LossyRing extends AbstractRing {
        static final int ONE_IN = 100_000;
        private final java.util.concurrent.BlockingQueue<int[]> tokens = new java.util.concurrent.LinkedBlockingQueue<>();
        private final java.util.Random random = new java.util.Random(42);

        LossyRing(Shape shape) {
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

    static RingFactory lossy() {
        return new RingFactory() {
            @Override
            public String id() {
                return "fake/lossy";
            }

            @Override
            public String description() {
                return "test double that loses a wake-up once in about 10^5 hops";
            }

            @Override
            public Ring open(Shape shape) {
                return new LossyRing(shape);
            }
        };
    }

    @Test
    void theSoakCatchesAWakeUpLostOnceInAHundredThousandHops() {
        RingFactory f = lossy();
        try (Ring ring = f.open(503)) {
            assertEquals(498, ring.pass(1000), "small passes mostly answer right: the kit's answers miss it");
        }
        // sized by hand: sizing it (Soak.scale) would itself hang, which the soak reports as a failure too
        java.util.List<Soak.Outcome> failures = Soak.run(f, 7, Duration.ofSeconds(30), Duration.ofSeconds(2),
                Soak.Scale.flat(100_000, 0), o -> {});
        assertEquals(1, failures.size(), "the soak must catch the lost wake-up");
        assertTrue(failures.get(0).failure().startsWith("no answer within 2 s"), failures.get(0).toString());
        assertTrue(failures.get(0).draw().describe().startsWith("workload=ring nodes="), failures.get(0).toString());
    }

    @Test
    void sizingASoakThatHangsFailsInsteadOfHanging() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Soak.scale(lossy(), Duration.ofSeconds(3)));
        assertTrue(e.getMessage().startsWith("no answer within 3 s while sizing the soak"), e.getMessage());
    }

    @Test
    void aCorrectRingSurvivesTheSoakAndTheSameSeedDrawsTheSameShapes() {
        java.util.List<Soak.Outcome> passes = new java.util.ArrayList<>();
        assertTrue(Soak.run(factory(0, false), 11, Duration.ofSeconds(2), Duration.ofSeconds(10),
                Soak.Scale.flat(100_000, 100_000), passes::add).isEmpty());
        assertTrue(passes.size() > 5, "passes: " + passes.size());
        java.util.Random again = new java.util.Random(Soak.seed(11, "fake/ring"));
        for (Soak.Outcome o : passes) {
            assertEquals(o.draw(), Soak.draw(again, o.draw().index(), Soak.Scale.flat(100_000, 100_000), false));
        }
        assertTrue(passes.stream().anyMatch(o -> o.draw().workload() == Workload.RENDEZVOUS),
                "some draws are rendezvous");
        assertTrue(passes.stream().anyMatch(o -> o.draw().shape() != null && o.draw().shape().tokens() > 1));
    }

    /** A stand-in fan-out; {@code mode} breaks it on purpose. */
    static final class FakeFanOut extends AbstractFanOut {
        enum Mode {
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

        FakeFanOut(Mode mode) {
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
            return Duration.ofMillis(500);
        }

        @Override
        protected void stop() {
            pool.shutdownNow();
        }
    }

    static RingFactory fanOut(FakeFanOut.Mode mode) {
        return Variant.of("fake/fanout-" + mode.name().toLowerCase(java.util.Locale.ROOT), "test double")
                .fanOut(id -> new FakeFanOut(mode)).build();
    }

    @Test
    void aCorrectFanOutPassesEveryFanOutCheck() {
        RingFactory good = fanOut(FakeFanOut.Mode.RIGHT);
        assertEquals(RingContract.FANOUT_CHECKS.stream().map(RingContract.Check::name).toList(),
                RingContract.checks(good).stream().map(RingContract.Check::name).toList());
        for (RingContract.Check c : RingContract.checks(good)) {
            c.run(good);
        }
    }

    /** A workload with a known upstream hang has every check of it skipped, with the reason. */
    @Test
    void aKnownIssueSkipsThatWorkloadsChecksAndSaysWhy() {
        RingFactory known = Variant.of("fake/known", "test double").fanOut(id -> new FakeFanOut(FakeFanOut.Mode.RIGHT))
                .knownIssue(Workload.FANOUT, "spins for ever upstream (example#1)").build();
        assertTrue(RingContract.checks(known).stream().allMatch(c -> c.skip().apply(known)
                .equals(java.util.Optional.of("skipped, a known issue: spins for ever upstream (example#1)"))));
    }

    @Test
    void aFanOutWhoseTasksWaitOneAfterAnotherFails() {
        RingFactory serial = fanOut(FakeFanOut.Mode.SERIAL);
        FanOutContract.sums(serial); // right sums, and small waits go unnoticed
        RingContract.Check concurrent = RingContract.FANOUT_CHECKS.stream().filter(c -> c.name().contains("at once"))
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

    @Test
    void aLeakedThreadFails() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> RingContract.closeStopsEverything(factory(0, true)));
        assertTrue(e.getMessage().contains("still alive"), e.getMessage());
    }

    /** A stand-in echo server on blocking sockets; {@code mode} breaks it on purpose. */
    static final class FakeEchoServer extends AbstractWorkload implements EchoServer {
        enum Mode {
            /** A thread per connection: right. */
            RIGHT,
            /** Echoes every body with its first byte changed. */
            WRONG,
            /** One thread serves the connections one after another, each until it closes. */
            SERIAL,
            /** Keeps every connection open, Connection: close or not. */
            KEEPS_OPEN
        }

        private final Mode mode;
        private final java.net.ServerSocket server;
        private final java.util.Set<java.net.Socket> open = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private final java.util.concurrent.ThreadFactory threads = tracked(r -> {
            Thread t = new Thread(r);
            t.setDaemon(true);
            return t;
        });

        FakeEchoServer(Mode mode) {
            super("fake/echo", "echo server");
            this.mode = mode;
            try {
                server = new java.net.ServerSocket(0, 200, java.net.InetAddress.getLoopbackAddress());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            threads.newThread(this::accept).start();
        }

        private void accept() {
            while (!server.isClosed()) {
                try {
                    java.net.Socket s = server.accept();
                    open.add(s);
                    if (mode == Mode.SERIAL) {
                        serve(s);
                    } else {
                        threads.newThread(() -> serve(s)).start();
                    }
                } catch (java.io.IOException e) {
                    // closed
                }
            }
        }

        private void serve(java.net.Socket s) {
            try (s) {
                java.io.InputStream in = new java.io.BufferedInputStream(s.getInputStream());
                java.io.OutputStream out = s.getOutputStream();
                for (Http1.Request r = Http1.read(in); r != null; r = Http1.read(in)) {
                    byte[] body = r.body().clone();
                    if (mode == Mode.WRONG && body.length > 0) {
                        body[0]++;
                    }
                    Http1.answer(out, new Http1.Request(body, r.close()));
                    if (r.close() && mode != Mode.KEEPS_OPEN) {
                        break;
                    }
                }
            } catch (java.io.IOException e) {
                // the client left
            } finally {
                open.remove(s);
            }
        }

        @Override
        public int port() {
            return server.getLocalPort();
        }

        @Override
        protected void stop() throws java.io.IOException {
            server.close();
            for (java.net.Socket s : open) {
                s.close();
            }
        }
    }

    static RingFactory echo(FakeEchoServer.Mode mode) {
        return Variant.of("fake/echo-" + mode.name().toLowerCase(java.util.Locale.ROOT), "test double")
                .echo(id -> new FakeEchoServer(mode)).build();
    }

    @Test
    void aCorrectEchoServerPassesEveryEchoCheck() {
        RingFactory good = echo(FakeEchoServer.Mode.RIGHT);
        assertEquals(RingContract.ECHO_CHECKS.stream().map(RingContract.Check::name).toList(),
                RingContract.checks(good).stream().map(RingContract.Check::name).toList());
        for (RingContract.Check c : RingContract.checks(good)) {
            c.run(good);
        }
    }

    @Test
    void anEchoServerThatEchoesWronglyFails() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> EchoContract.echoesOnOneConnection(echo(FakeEchoServer.Mode.WRONG)));
        assertTrue(e.getMessage().contains("wrong echo"), e.getMessage());
    }

    @Test
    void anEchoServerThatServesOneConnectionAtATimeFails() {
        RingFactory serial = echo(FakeEchoServer.Mode.SERIAL);
        EchoContract.echoesOnOneConnection(serial); // one client at a time is served right
        AssertionError e = assertThrows(AssertionError.class, () -> EchoContract.concurrentConnections(serial));
        assertTrue(e.getMessage().contains("served one at a time?"), e.getMessage());
    }

    @Test
    void anEchoServerThatKeepsAConnectionOpenAfterConnectionCloseFails() {
        AssertionError e = assertThrows(AssertionError.class,
                () -> EchoContract.closesWhenAsked(echo(FakeEchoServer.Mode.KEEPS_OPEN)));
        assertTrue(e.getMessage().contains("stayed open"), e.getMessage());
    }
}
