package threadring.quasar;

import threadring.core.Ring;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Rings;
import threadring.core.Shape;

/**
 * Runs verified passes of the quasar rings outside JMH: for the instrumentation test (in a JVM
 * with {@code -Dco.paralleluniverse.fibers.verifyInstrumentation=true}, which also checks that
 * each ring tracks its scheduler's threads) and for quick manual runs on another JDK. Usage: {@code QuasarRun [id-regex] [nodes] [hops] [passes] [tokens] [depth]}; prints one line
 * per pass, goes on to the next ring when one fails, and exits with status 1 if any failed.
 */
public final class QuasarRun {

    private QuasarRun() {}

    public static void main(String[] args) {
        String include = args.length > 0 ? args[0] : "^quasar/";
        int nodes = args.length > 1 ? Integer.parseInt(args[1]) : Rings.DEFAULT_NODES;
        int hops = args.length > 2 ? Integer.parseInt(args[2]) : 1000;
        int passes = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        int tokens = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        int depth = args.length > 5 ? Integer.parseInt(args[5]) : 0;
        Shape shape = new Shape(nodes, tokens, depth, 0);
        System.out.println("JDK " + Runtime.version());
        int ran = 0;
        int failed = 0;
        for (RingFactory f : RingFactories.load().matching(include)) {
            if (!f.id().startsWith("quasar/")) {
                continue;
            }
            ran++;
            try {
                Ring ring = f.open(shape);
                try {
                    for (int p = 1; p <= passes; p++) {
                        long t0 = System.nanoTime();
                        long sum = Rings.verify(f.id(), shape, hops, ring.pass(hops));
                        long ns = System.nanoTime() - t0;
                        System.out.printf("%-18s %s hops=%d sum=%d  %.1f ms  %.0f ns/hop%n", f.id(), shape,
                                hops, sum, ns / 1e6, hops == 0 ? 0.0 : (double) ns / hops);
                    }
                } finally {
                    ring.close();
                }
                requireSchedulerThreadsTracked(f.id(), ring);
            } catch (RuntimeException e) {
                failed++;
                System.out.println("FAILED " + f.id() + ":");
                e.printStackTrace(System.out);
            }
        }
        if (ran == 0) {
            throw new IllegalStateException("no quasar ring matches " + include);
        }
        if (failed > 0) {
            System.out.println("FAILED " + failed + " of " + ran + " ring(s)");
            System.exit(1);
        }
        System.out.println("OK " + ran + " ring(s)");
    }

    /**
     * The ring tracked its scheduler's threads (a pool worker and the timer), so that the
     * contract's "close() leaves no thread alive" is about real threads (nodes are fibers), and
     * none of them outlived close().
     */
    private static void requireSchedulerThreadsTracked(String id, Ring ring) {
        var names = ring.threads().stream().map(Thread::getName).toList();
        if (names.stream().noneMatch(n -> n.startsWith("FiberTimedScheduler-"))
                || names.stream().noneMatch(n -> !n.startsWith("FiberTimedScheduler-"))) {
            throw new IllegalStateException(id + ": the ring does not track its scheduler's threads: " + names);
        }
        if (ring.threads().stream().anyMatch(Thread::isAlive)) {
            throw new IllegalStateException(id + ": scheduler threads alive after close(): " + names);
        }
    }
}
