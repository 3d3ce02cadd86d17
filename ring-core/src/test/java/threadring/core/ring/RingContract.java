package threadring.core.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import threadring.core.ContractKit;
import threadring.core.ContractKit.Check;
import threadring.core.RingFactory;

/**
 * The ring's section of the contract kit ({@link ContractKit}): the Benchmarks Game answers,
 * reuse, clean close, bad arguments, several tokens with depth and work, a long multi-token pass
 * and a large ring, for every factory that {@link RingFactory#runs} the ring.
 */
public final class RingContract {

    static final Duration TIMEOUT = ContractKit.TIMEOUT;

    /**
     * A ring this large must open, pass once around and close within {@link #SCALE_TIMEOUT}: linear
     * code needs 1-15 s here, one quadratic step minutes. Measured with `footprint` on the 2-core
     * machine: a CopyOnWriteArrayList of the ring's threads (one copy per thread started) made a
     * virtual-thread ring open in 4.2 s at 10^5 nodes, when a linear Akka ring needs 2 s, but in
     * 97 s at 2x10^5; so 10^5 nodes cannot tell the two apart and 2x10^5 can.
     */
    static final int SCALE_NODES = 200_000;
    public static final Duration SCALE_TIMEOUT = Duration.ofSeconds(60);

    /** N=503 answers from the Benchmarks Game's thread-ring (H=1000 -> 498 is its expected output). */
    static final int[][] ANSWERS_503 = {{0, 1}, {1, 2}, {502, 503}, {503, 1}, {1000, 498}, {100_000, 407}};

    /** The long multi-token pass ({@link #longPass}): shape, hops and deadline. */
    static final RingSize LONG_SHAPE = new RingSize(97, 5, 9, 17);
    static final int LONG_HOPS = 1_000_003;
    static final Duration LONG_TIMEOUT = Duration.ofSeconds(120);

    /** The ring's checks, in order. */
    public static final List<Check> CHECKS = List.of(
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
                    f -> f.cannotOpen(SCALE_NODES).map(why -> "skipped: " + why)),
            new Check(ContractKit.ON_VIRTUAL_THREADS, TIMEOUT, RingContract::onVirtualThreads,
                    ContractKit::unlessOnVirtualThreads));

    private RingContract() {}

    /**
     * Several tokens in flight with nodes waiting deep in their stacks and working per hop, for a
     * million hops: a lost wake-up that needs a race between two scheduler threads (as in Quasar's
     * channels, where a receiver's freed slot and a blocked sender missed each other once in about
     * 10^6 hops) hangs here instead of in a user's sweep. The kit's other shapes are too short.
     */

    public static void longPass(RingFactory f) {
        try (Ring ring = Rings.open(f, LONG_SHAPE)) {
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
        Ring ring = Rings.open(f, nodes);
        try {
            int hops = nodes + 7;
            assertEquals(Rings.expectedLast(nodes, hops), ring.pass(hops), f.id() + ": nodes=" + nodes);
        } finally {
            ring.close();
        }
        assertTrue(ring.threads().stream().noneMatch(Thread::isAlive), () -> f.id() + ": alive after close()");
    }

    /** A pass ends on the node that receives 0: a virtual thread, for a variant declared on them. */
    public static void onVirtualThreads(RingFactory f) {
        try (Ring ring = Rings.open(f, 503)) {
            assertEquals(498, ring.pass(1000), f.id() + ": nodes=503 hops=1000");
            ContractKit.assertEndedOnVirtualThread(f, ring);
        }
    }

    public static void answers(RingFactory f) {
        try (Ring ring = Rings.open(f, 503)) {
            assertEquals(503, ring.nodes());
            for (int[] a : ANSWERS_503) {
                assertEquals(a[1], ring.pass(a[0]), f.id() + ": nodes=503 hops=" + a[0]);
            }
        }
        for (int n : new int[] {2, 3}) {
            try (Ring ring = Rings.open(f, n)) {
                for (int hops : new int[] {0, 1, 2, 3, 4, 5, 6, 7, 1000, 1001}) {
                    assertEquals(hops % n + 1, ring.pass(hops), f.id() + ": nodes=" + n + " hops=" + hops);
                }
            }
        }
    }

    /**
     * Rings with several tokens in flight (up to N-1, where every inbox but one is busy), nodes
     * waiting deep in their stacks and work per hop, each over several passes: {@link
     * RingSize#expected} is the answer.
     */
    static final RingSize[] SHAPES = {new RingSize(3, 2, 1, 1), new RingSize(11, 10, 0, 0), new RingSize(37, 5, 3, 10),
        new RingSize(101, 7, 16, 50), new RingSize(503, 64, 0, 0)};
    static final int[] SHAPE_HOPS = {0, 1, 6, 7, 1000, 12_345};

    public static void shapes(RingFactory f) {
        for (RingSize shape : SHAPES) {
            try (Ring ring = Rings.open(f, shape)) {
                assertEquals(shape, ring.shape());
                for (int hops : SHAPE_HOPS) {
                    assertEquals(shape.expected(hops), ring.pass(hops), f.id() + ": " + shape + " hops=" + hops);
                }
            }
        }
    }

    public static void reuse(RingFactory f) {
        try (Ring ring = Rings.open(f, 37)) {
            for (int hops : new int[] {1000, 0, 37, 12_345, 1}) {
                assertEquals(Rings.expectedLast(37, hops), ring.pass(hops), f.id() + ": nodes=37 hops=" + hops);
            }
        }
    }

    public static void closeStopsEverything(RingFactory f) {
        Ring ring = Rings.open(f, 50);
        assertEquals(Rings.expectedLast(50, 777), ring.pass(777));
        ring.close();
        List<Thread> alive = ring.threads().stream().filter(Thread::isAlive).collect(Collectors.toList());
        assertTrue(alive.isEmpty(), () -> f.id() + ": alive after close(): " + alive);
        ring.close(); // idempotent
    }

    public static void badArguments(RingFactory f) {
        for (int nodes : new int[] {1, 0, -5}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Rings.open(f, nodes).close(),
                    f.id() + ": open(" + nodes + ")");
            assertMentions(e, "nodes", String.valueOf(nodes));
        }
        Ring ring = Rings.open(f, 5);
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
