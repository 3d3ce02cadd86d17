package threadring.quasar;

import java.util.Collection;
import java.util.Random;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.echo.EchoClient;
import threadring.core.echo.EchoServer;
import threadring.core.fanout.FanOut;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;
import threadring.core.ring.Rings;

/**
 * Runs verified passes of the quasar rings, verified exchanges of their rendezvous, fan-outs and
 * checked requests to the echo servers, outside JMH: for the instrumentation test (in a JVM with
 * {@code -Dco.paralleluniverse.fibers.verifyInstrumentation=true}, which also checks that each
 * workload tracks its scheduler's threads) and for quick manual runs on another JDK.
 * Usage: {@code QuasarRun [id-regex] [nodes] [hops] [passes] [tokens] [depth]}; each exchange
 * sends {@code hops} values. Prints one line per pass or exchange, goes on to the next id when
 * one fails, and exits with status 1 if any failed.
 */
public final class QuasarRun {

    /** Each echo request's wait: a connection's fiber then parks in Strand.sleep too, whose frames are checked. */
    private static final int ECHO_WAIT_MS = 1;

    private QuasarRun() {}

    public static void main(String[] args) {
        String include = args.length > 0 ? args[0] : "^quasar/";
        int nodes = args.length > 1 ? Integer.parseInt(args[1]) : Rings.DEFAULT_NODES;
        int hops = args.length > 2 ? Integer.parseInt(args[2]) : 1000;
        int passes = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        int tokens = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        int depth = args.length > 5 ? Integer.parseInt(args[5]) : 0;
        RingSize shape = new RingSize(nodes, tokens, depth, 0);
        System.out.println("JDK " + Runtime.version());
        int ran = 0;
        int rendezvous = 0;
        int fanOuts = 0;
        int echoes = 0;
        int failed = 0;
        for (RingFactory f : RingFactories.load().matching(include)) {
            if (!f.id().startsWith("quasar/")) {
                continue;
            }
            if (f.runs(FanOut.WORKLOAD)) {
                fanOuts++;
                if (!fanOut(f, hops, passes)) {
                    failed++;
                }
            }
            if (f.runs(EchoServer.WORKLOAD)) {
                echoes++;
                if (!echo(f, passes)) {
                    failed++;
                }
            }
            if (!f.runs(Ring.WORKLOAD)) {
                continue;
            }
            ran++;
            try {
                Ring ring = Rings.open(f, shape);
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
                requireSchedulerThreadsTracked(f.id(), ring.threads());
            } catch (RuntimeException e) {
                failed++;
                System.out.println("FAILED " + f.id() + ":");
                e.printStackTrace(System.out);
            }
            if (f.runs(Rendezvous.WORKLOAD)) {
                rendezvous++;
                if (!exchanges(f, hops, passes)) {
                    failed++;
                }
            }
        }
        if (ran + fanOuts + echoes == 0) {
            throw new IllegalStateException("no quasar id matches " + include);
        }
        if (failed > 0) {
            System.out.println("FAILED " + failed + " of " + ran + " ring(s), " + rendezvous + " rendezvous and "
                    + fanOuts + " fan-out(s), " + echoes + " echo server(s)");
            System.exit(1);
        }
        System.out.println("OK " + ran + " ring(s), " + rendezvous + " rendezvous, " + fanOuts + " fan-out(s), "
                + echoes + " echo server(s)");
    }

    /** {@code passes} verified fan-outs of {@code tasks} tasks waiting 2 ms each; false if one failed. */
    private static boolean fanOut(RingFactory f, int tasks, int passes) {
        try (FanOut fanOut = FanOut.open(f)) {
            for (int p = 1; p <= passes; p++) {
                long t0 = System.nanoTime();
                long sum = FanOut.verify(f.id(), tasks, fanOut.run(tasks, 2, 0));
                System.out.printf("%-18s fanout tasks=%d sum=%d  %.1f ms%n", f.id(), tasks, sum,
                        (System.nanoTime() - t0) / 1e6);
            }
            return true;
        } catch (RuntimeException e) {
            System.out.println("FAILED " + f.id() + " fanout:");
            e.printStackTrace(System.out);
            return false;
        }
    }

    /**
     * An echo server of {@code f} that waits {@link #ECHO_WAIT_MS} per request: bodies of 0 B to
     * 64 KiB on one connection, then {@code passes} rounds of checked requests on four connections
     * at once; false if one failed. Its fibers read, wait, write and accept, so under
     * verifyInstrumentation every park checks their frames.
     */
    private static boolean echo(RingFactory f, int passes) {
        try {
            EchoServer server = EchoServer.open(f, ECHO_WAIT_MS);
            try {
                try (EchoClient.Connection c = new EchoClient.Connection(server.port(), 10_000)) {
                    Random random = new Random(1);
                    for (int size : new int[] {0, 1, 65_536}) {
                        byte[] body = new byte[size];
                        random.nextBytes(body);
                        c.echo(body);
                    }
                }
                for (int p = 1; p <= passes; p++) {
                    long t0 = System.nanoTime();
                    int checked = EchoClient.run(server.port(), 4, 200, 4096, p, 10_000);
                    System.out.printf("%-18s echo requests=%d  %.1f ms%n", f.id(), checked,
                            (System.nanoTime() - t0) / 1e6);
                }
            } finally {
                server.close();
            }
            var names = server.threads().stream().map(Thread::getName).toList();
            if (names.stream().noneMatch(n -> n.endsWith("-io"))
                    || names.stream().noneMatch(n -> n.contains("-worker-"))) {
                throw new IllegalStateException(f.id() + ": the channel group's thread or a carrier is not tracked: "
                        + names);
            }
            requireSchedulerThreadsTracked(f.id(), server.threads());
            return true;
        } catch (Exception e) {
            System.out.println("FAILED " + f.id() + " echo:");
            e.printStackTrace(System.out);
            return false;
        }
    }

    /** {@code passes} verified exchanges of {@code values} values on one rendezvous of {@code f}; false if one failed. */
    private static boolean exchanges(RingFactory f, int values, int passes) {
        try {
            Rendezvous r = Rendezvous.open(f);
            try {
                for (int p = 1; p <= passes; p++) {
                    long t0 = System.nanoTime();
                    long sum = Rendezvous.verify(f.id(), values, r.exchange(values));
                    long ns = System.nanoTime() - t0;
                    System.out.printf("%-18s rendezvous values=%d sum=%d  %.1f ms  %.0f ns/exchange%n", f.id(), values,
                            sum, ns / 1e6, values == 0 ? 0.0 : (double) ns / values);
                }
            } finally {
                r.close();
            }
            requireSchedulerThreadsTracked(f.id(), r.threads());
            return true;
        } catch (RuntimeException e) {
            System.out.println("FAILED " + f.id() + " rendezvous:");
            e.printStackTrace(System.out);
            return false;
        }
    }

    /**
     * The ring or rendezvous tracked its scheduler's threads (a pool worker and the timer), so
     * that the contract's "close() leaves no thread alive" is about real threads (nodes and
     * parties are fibers), and none of them outlived close().
     */
    private static void requireSchedulerThreadsTracked(String id, Collection<Thread> threads) {
        var names = threads.stream().map(Thread::getName).toList();
        if (names.stream().noneMatch(n -> n.startsWith("FiberTimedScheduler-"))
                || names.stream().noneMatch(n -> !n.startsWith("FiberTimedScheduler-"))) {
            throw new IllegalStateException(id + ": the scheduler's threads are not tracked: " + names);
        }
        if (threads.stream().anyMatch(Thread::isAlive)) {
            throw new IllegalStateException(id + ": scheduler threads alive after close(): " + names);
        }
    }
}
