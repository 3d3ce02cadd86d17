package threadring.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The contract every ring implementation must pass, run by each model module against each of its
 * factories (found with ServiceLoader): extend it and name the model. Every check runs under a
 * preemptive timeout, so a deadlocked ring fails the build instead of hanging it.
 *
 * <p>A variant that needs JVM flags this JVM was not started with (a one-carrier scheduler,
 * Quasar's open java.lang) runs the same checks in a child JVM started with its own
 * {@link RingFactory#jvmArgs}; one that needs a newer JDK is skipped with the reason.
 * {@code -Dthreadring.include=REGEX} narrows a run to some ids.
 */
public abstract class RingContract {

    /** Per check; generous because platform-thread rings run ~10 us per hop on a busy 2-core box. */
    static final Duration TIMEOUT = Duration.ofSeconds(90);

    /**
     * A ring this large must open, pass once around and close within {@link #SCALE_TIMEOUT}: linear
     * code needs 1-15 s here, one quadratic step minutes. Measured with `footprint` on the 2-core
     * machine: a CopyOnWriteArrayList of the ring's threads (one copy per thread started) made a
     * virtual-thread ring open in 4.2 s at 10^5 nodes, when a linear Akka ring needs 2 s, but in
     * 97 s at 2x10^5; so 10^5 nodes cannot tell the two apart and 2x10^5 can.
     */
    static final int SCALE_NODES = 200_000;
    static final Duration SCALE_TIMEOUT = Duration.ofSeconds(60);

    /** N=503 answers from the Benchmarks Game's thread-ring (H=1000 -> 498 is its expected output). */
    static final int[][] ANSWERS_503 = {{0, 1}, {1, 2}, {502, 503}, {503, 1}, {1000, 498}, {100_000, 407}};

    /** The long multi-token pass ({@link #longPass}): shape, hops and deadline. */
    static final Shape LONG_SHAPE = new Shape(97, 5, 9, 17);
    static final int LONG_HOPS = 1_000_003;
    static final Duration LONG_TIMEOUT = Duration.ofSeconds(120);

    /**
     * One check of the kit: a name, a deadline (a deadlock fails instead of hanging), a body, and
     * why it does not apply to a factory (empty: it does).
     */
    record Check(String name, Duration timeout, Consumer<RingFactory> body, Function<RingFactory, Optional<String>> skip) {
        Check(String name, Duration timeout, Consumer<RingFactory> body) {
            this(name, timeout, body, f -> Optional.empty());
        }

        void run(RingFactory f) {
            assertTimeoutPreemptively(timeout, () -> body.accept(f), () -> f.id() + ": " + name + " did not finish in "
                    + timeout.toSeconds() + " s" + (timeout.equals(SCALE_TIMEOUT)
                            ? ": a step that grows faster than the ring (quadratic?)" : " (deadlock?)"));
        }
    }

    /** Every check, in order; a variant whose JVM flags this JVM lacks runs them in a child JVM. */
    static final List<Check> CHECKS = List.of(
            new Check("Benchmarks Game answers for N=503, N=2, N=3", TIMEOUT, RingContract::answers),
            new Check("five passes on one ring", TIMEOUT, RingContract::reuse),
            new Check("close() leaves no thread alive", TIMEOUT, RingContract::closeStopsEverything),
            new Check("bad arguments fail at once, naming the value", TIMEOUT, RingContract::badArguments),
            new Check("several tokens, stack depth and work per hop give the right sums", TIMEOUT,
                    RingContract::shapes),
            new Check(String.format(Locale.ROOT, "a pass of %,d hops with %d tokens, depth %d and work %d "
                    + "(multi-thread schedulers)", LONG_HOPS, LONG_SHAPE.tokens(), LONG_SHAPE.depth(),
                    LONG_SHAPE.work()), LONG_TIMEOUT, RingContract::longPass,
                    f -> f.oneThread() ? Optional.of("skipped: one thread runs every node, so no two handoffs race")
                            : Optional.empty()),
            new Check(String.format(Locale.ROOT, "a ring of %,d nodes opens, passes and closes in %d s", SCALE_NODES,
                    SCALE_TIMEOUT.toSeconds()), SCALE_TIMEOUT, f -> scale(f, SCALE_NODES),
                    f -> f.cannotOpen(SCALE_NODES).map(why -> "skipped: " + why)));

    /** The rendezvous checks ({@link RendezvousContract}), for factories that run it. */
    static final List<Check> RENDEZVOUS_CHECKS = List.of(
            new Check("rendezvous sums for values 0, 1, 2, 3, 1000, 123457", TIMEOUT, RendezvousContract::sums),
            new Check("five exchanges on one rendezvous", TIMEOUT, RendezvousContract::reuse),
            new Check("rendezvous close() leaves no thread alive", TIMEOUT, RendezvousContract::closeStopsEverything),
            new Check("rendezvous bad values fail at once, naming the value", TIMEOUT,
                    RendezvousContract::badArguments));

    /** The fan-out checks ({@link FanOutContract}), for factories that run it. */
    static final List<Check> FANOUT_CHECKS = List.of(
            new Check("fan-out sums for tasks 0, 1, 2, 1000 (delay 0 and 5 ms)", TIMEOUT, FanOutContract::sums),
            new Check(String.format(Locale.ROOT, "one fan-out of %,d tasks", FanOutContract.MANY), TIMEOUT,
                    FanOutContract::many, f -> f.cannotOpen(FanOutContract.MANY).or(() -> f.knownIssue(Workload.FANOUT))
                            .map(why -> "skipped: " + why)),
            new Check("a fan-out never returns before its delay", TIMEOUT, FanOutContract::waits),
            new Check(String.format(Locale.ROOT, "%,d tasks waiting %d ms end within %d ms (they wait at once)",
                    FanOutContract.CONCURRENT, FanOutContract.CONCURRENT_DELAY_MS,
                    FanOutContract.CONCURRENT_LIMIT.toMillis()), FanOutContract.CONCURRENT_LIMIT.plusSeconds(1),
                    FanOutContract::concurrent),
            new Check("operations in a row leave nothing alive, close() stops the rest", TIMEOUT,
                    FanOutContract::reuseAndCleanUp),
            new Check("fan-out bad arguments fail at once, naming the value", TIMEOUT, FanOutContract::badArguments));

    /** The echo-server checks ({@link EchoContract}), for factories that run it. */
    static final List<Check> ECHO_CHECKS = List.of(
            new Check("echo of bodies of 0, 1 and 65,536 bytes and 100 more on one connection (keep-alive)", TIMEOUT,
                    EchoContract::echoesOnOneConnection),
            new Check(String.format(Locale.ROOT, "%d connections open at once, each answered", EchoContract.CONNECTIONS),
                    TIMEOUT, EchoContract::concurrentConnections),
            new Check("pipelined requests answered in order; Connection: close ends the connection", TIMEOUT,
                    EchoContract::closesWhenAsked),
            new Check("clients that leave mid-request or send garbage do not stop the server", TIMEOUT,
                    EchoContract::clientsThatLeaveOrMisbehave),
            new Check("echo close() leaves no thread alive and frees the port", TIMEOUT,
                    EchoContract::closeStopsEverythingAndFreesThePort));

    /**
     * The checks of {@code f}: those of each workload it runs. A workload with a known upstream
     * hang ({@link RingFactory#knownIssue}) has its checks skipped, with the reason: they would
     * hang at random, and the same code runs its checks on the model's other schedulers.
     */
    static List<Check> checks(RingFactory f) {
        return Stream.of(f.runs(Workload.RING) ? knowing(CHECKS, Workload.RING) : List.<Check>of(),
                        f.runs(Workload.RENDEZVOUS) ? knowing(RENDEZVOUS_CHECKS, Workload.RENDEZVOUS) : List.<Check>of(),
                        f.runs(Workload.FANOUT) ? knowing(FANOUT_CHECKS, Workload.FANOUT) : List.<Check>of(),
                        f.runs(Workload.ECHO) ? knowing(ECHO_CHECKS, Workload.ECHO) : List.<Check>of())
                .flatMap(List::stream).collect(Collectors.toList());
    }

    private static List<Check> knowing(List<Check> checks, Workload w) {
        return checks.stream().map(c -> new Check(c.name(), c.timeout(), c.body(), f -> f.knownIssue(w)
                .map(why -> "skipped, a known issue: " + why).or(() -> c.skip().apply(f)))).toList();
    }

    /** The model under test: factories whose id starts with {@code model() + "/"}. */
    protected abstract String model();

    /** Results of the checks run in a child JVM, by factory id (each child runs once). */
    private final Map<String, Properties> childResults = new ConcurrentHashMap<>();

    @TestFactory
    Stream<DynamicNode> contract() {
        List<RingFactory> factories = factories(model());
        return factories.stream().map(f -> DynamicContainer.dynamicContainer(f.id(),
                checks(f).stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(f, c)))));
    }

    static List<RingFactory> factories(String model) {
        Pattern include = Pattern.compile(System.getProperty("threadring.include", ""));
        List<RingFactory> found = RingFactories.load().all().stream()
                .filter(f -> f.id().startsWith(model + "/"))
                .filter(f -> include.matcher(f.id()).find())
                .collect(Collectors.toList());
        assertFalse(found.isEmpty(), "no RingFactory registered for model " + model
                + " (META-INF/services/threadring.core.RingProvider)");
        return found;
    }

    void check(RingFactory f, Check c) {
        Assumptions.assumeTrue(Runtime.version().feature() >= f.minimumJavaVersion(),
                () -> "skipped: " + f.unsupportedReason().orElse(""));
        Optional<String> skip = c.skip().apply(f);
        Assumptions.assumeTrue(skip.isEmpty(), () -> skip.orElse(""));
        if (f.unsupportedReason().isEmpty()) {
            c.run(f);
            return;
        }
        // This JVM lacks the variant's flags: the flags come from the factory, the only place they are written.
        Properties results = childResults.computeIfAbsent(f.id(), id -> RingContractChild.run(f));
        String result = results.getProperty(c.name());
        if (result == null) {
            fail(f.id() + ": the child JVM (" + String.join(" ", f.jvmArgs()) + ") did not run '" + c.name() + "': "
                    + results.getProperty(RingContractChild.OUTPUT, "no output"));
        }
        if (!result.equals(RingContractChild.OK)) {
            fail(f.id() + " in a JVM started with " + String.join(" ", f.jvmArgs()) + ": " + result);
        }
    }

    /**
     * Several tokens in flight with nodes waiting deep in their stacks and working per hop, for a
     * million hops: a lost wake-up that needs a race between two scheduler threads (as in Quasar's
     * channels, where a receiver's freed slot and a blocked sender missed each other once in about
     * 10^6 hops) hangs here instead of in a user's sweep. The kit's other shapes are too short.
     */

    public static void longPass(RingFactory f) {
        try (Ring ring = f.open(LONG_SHAPE)) {
            assertEquals(LONG_SHAPE.expected(LONG_HOPS), ring.pass(LONG_HOPS), f.id() + ": " + LONG_SHAPE + " hops="
                    + LONG_HOPS);
        }
    }

    public static void scaleWithin(RingFactory f, int nodes, Duration timeout) {
        assertTimeoutPreemptively(timeout, () -> scale(f, nodes), () -> f.id() + ": " + nodes
                + " nodes did not open, pass and close in " + timeout.toSeconds()
                + " s: a step that grows faster than the ring (quadratic?)");
    }

    /** A lap and a bit around a large ring, then nothing it started is left alive. */
    public static void scale(RingFactory f, int nodes) {
        Ring ring = f.open(nodes);
        try {
            int hops = nodes + 7;
            assertEquals(Rings.expectedLast(nodes, hops), ring.pass(hops), f.id() + ": nodes=" + nodes);
        } finally {
            ring.close();
        }
        assertTrue(ring.threads().stream().noneMatch(Thread::isAlive), () -> f.id() + ": alive after close()");
    }

    public static void answers(RingFactory f) {
        try (Ring ring = f.open(503)) {
            assertEquals(503, ring.nodes());
            for (int[] a : ANSWERS_503) {
                assertEquals(a[1], ring.pass(a[0]), f.id() + ": nodes=503 hops=" + a[0]);
            }
        }
        for (int n : new int[] {2, 3}) {
            try (Ring ring = f.open(n)) {
                for (int hops : new int[] {0, 1, 2, 3, 4, 5, 6, 7, 1000, 1001}) {
                    assertEquals(hops % n + 1, ring.pass(hops), f.id() + ": nodes=" + n + " hops=" + hops);
                }
            }
        }
    }

    /**
     * Rings with several tokens in flight (up to N-1, where every inbox but one is busy), nodes
     * waiting deep in their stacks and work per hop, each over several passes: {@link
     * Shape#expected} is the answer.
     */
    static final Shape[] SHAPES = {new Shape(3, 2, 1, 1), new Shape(11, 10, 0, 0), new Shape(37, 5, 3, 10),
        new Shape(101, 7, 16, 50), new Shape(503, 64, 0, 0)};
    static final int[] SHAPE_HOPS = {0, 1, 6, 7, 1000, 12_345};

    public static void shapes(RingFactory f) {
        for (Shape shape : SHAPES) {
            try (Ring ring = f.open(shape)) {
                assertEquals(shape, ring.shape());
                for (int hops : SHAPE_HOPS) {
                    assertEquals(shape.expected(hops), ring.pass(hops), f.id() + ": " + shape + " hops=" + hops);
                }
            }
        }
    }

    public static void reuse(RingFactory f) {
        try (Ring ring = f.open(37)) {
            for (int hops : new int[] {1000, 0, 37, 12_345, 1}) {
                assertEquals(Rings.expectedLast(37, hops), ring.pass(hops), f.id() + ": nodes=37 hops=" + hops);
            }
        }
    }

    public static void closeStopsEverything(RingFactory f) {
        Ring ring = f.open(50);
        assertEquals(Rings.expectedLast(50, 777), ring.pass(777));
        ring.close();
        List<Thread> alive = ring.threads().stream().filter(Thread::isAlive).collect(Collectors.toList());
        assertTrue(alive.isEmpty(), () -> f.id() + ": alive after close(): " + alive);
        ring.close(); // idempotent
    }

    public static void badArguments(RingFactory f) {
        for (int nodes : new int[] {1, 0, -5}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> f.open(nodes).close(),
                    f.id() + ": open(" + nodes + ")");
            assertMentions(e, "nodes", String.valueOf(nodes));
        }
        Ring ring = f.open(5);
        try {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ring.pass(-1));
            assertMentions(e, "hops", "-1");
            assertEquals(3, ring.pass(7), f.id() + ": a rejected pass must leave the ring usable");
        } finally {
            ring.close();
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ring.pass(7),
                f.id() + ": pass after close()");
        assertMentions(e, "closed", "hops=7");
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
