package threadring.core.echo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Collectors;
import threadring.core.ContractKit;
import threadring.core.RingFactory;
import threadring.core.echo.EchoServer;

/**
 * The echo-server half of the contract kit: {@link RingContract} runs these checks, under the
 * same timeouts and in the same child JVMs, for every factory that {@link RingFactory#runs} the
 * echo server.
 */
public final class EchoContract {

    /** Bodies echoed on one connection, in a row (keep-alive): none, one byte, 64 KiB. */
    static final int[] BODIES = {0, 1, 65_536};
    /** Connections held open at once, each with a request waiting for its answer. */
    static final int CONNECTIONS = 100;
    /** A client's wait for one answer. */
    static final int ANSWER_MS = 10_000;
    /** The wait per request of the waiting check, and its connections, each with one request. */
    static final int WAIT_MS = 100;
    static final int WAITERS = 50;

    /** The echo-server checks ({@link EchoContract}), for factories that run it. */
    public static final List<ContractKit.Check> CHECKS = List.of(
            new ContractKit.Check("echo of bodies of 0, 1 and 65,536 bytes and 100 more on one connection (keep-alive)", ContractKit.TIMEOUT,
                    EchoContract::echoesOnOneConnection),
            new ContractKit.Check(String.format(Locale.ROOT, "%d connections open at once, each answered", CONNECTIONS),
                    ContractKit.TIMEOUT, EchoContract::concurrentConnections),
            new ContractKit.Check("pipelined requests answered in order; Connection: close ends the connection", ContractKit.TIMEOUT,
                    EchoContract::closesWhenAsked),
            new ContractKit.Check("clients that leave mid-request or send garbage do not stop the server", ContractKit.TIMEOUT,
                    EchoContract::clientsThatLeaveOrMisbehave),
            new ContractKit.Check("echo close() leaves no thread alive and frees the port", ContractKit.TIMEOUT,
                    EchoContract::closeStopsEverythingAndFreesThePort),
            new ContractKit.Check(String.format(Locale.ROOT, "a wait of %d ms per request, on %d connections at once: "
                    + "none answered sooner, all within half their waits in a row", WAIT_MS, WAITERS), ContractKit.TIMEOUT,
                    EchoContract::waitsWithoutHoldingUpOtherConnections),
            new ContractKit.Check("echo: " + ContractKit.ON_VIRTUAL_THREADS, ContractKit.TIMEOUT,
                    EchoContract::onVirtualThreads, ContractKit::unlessOnVirtualThreads));

    private EchoContract() {}

    /**
     * A server opened to wait {@link #WAIT_MS} per request: {@link #WAITERS} connections each send
     * one request at once. None may be answered sooner than its wait (less a millisecond tick), and
     * all must be answered within half of {@code WAITERS} waits in a row: a server that waits by
     * blocking the one thread that serves every connection answers one per wait, 50 waits in all;
     * one whose connections wait apart answers all of them after about one.
     */
    public static void waitsWithoutHoldingUpOtherConnections(RingFactory f) {
        try (EchoServer server = EchoServer.open(f, WAIT_MS)) {
            List<EchoClient.Connection> open = new ArrayList<>();
            long[] sent = new long[WAITERS];
            try {
                for (int i = 0; i < WAITERS; i++) {
                    open.add(new EchoClient.Connection(server.port(), ANSWER_MS));
                }
                long start = System.nanoTime();
                for (int i = 0; i < WAITERS; i++) {
                    sent[i] = System.nanoTime();
                    open.get(i).send(("waiter " + i).getBytes(StandardCharsets.US_ASCII), false);
                }
                for (int i = 0; i < WAITERS; i++) {
                    byte[] answer = open.get(i).answer();
                    long waitedMs = (System.nanoTime() - sent[i]) / 1_000_000;
                    assertArrayEquals(("waiter " + i).getBytes(StandardCharsets.US_ASCII), answer, f.id() + ": echo " + i);
                    assertTrue(waitedMs >= WAIT_MS - 1, f.id() + ": request " + i + " answered after " + waitedMs
                            + " ms, sooner than its wait of " + WAIT_MS + " ms");
                }
                long allMs = (System.nanoTime() - start) / 1_000_000;
                assertTrue(allMs < (long) WAITERS * WAIT_MS / 2, f.id() + ": " + WAITERS + " requests waiting "
                        + WAIT_MS + " ms each took " + allMs + " ms: their waits held each other up");
            } finally {
                for (EchoClient.Connection c : open) {
                    c.close();
                }
            }
        } catch (IOException e) {
            fail(f.id() + ": " + e.getMessage(), e);
        }
    }

    /** A request is answered on a virtual thread, for a server declared on them (the kit reads its last answer's thread). */
    public static void onVirtualThreads(RingFactory f) {
        try (EchoServer server = EchoServer.open(f);
                EchoClient.Connection c = new EchoClient.Connection(server.port(), ANSWER_MS)) {
            for (int i = 0; i < 10; i++) {
                c.echo(("request " + i).getBytes(StandardCharsets.US_ASCII));
            }
            ContractKit.assertEndedOnVirtualThread(f, server);
        } catch (IOException e) {
            fail(f.id() + ": " + e.getMessage(), e);
        }
    }

    /** Bodies of 0, 1 and 65,536 bytes, then 100 more requests, all on one connection. */
    public static void echoesOnOneConnection(RingFactory f) {
        try (EchoServer server = EchoServer.open(f);
                EchoClient.Connection c = new EchoClient.Connection(server.port(), ANSWER_MS)) {
            Random random = new Random(1);
            for (int size : BODIES) {
                byte[] body = new byte[size];
                random.nextBytes(body);
                c.echo(body);
            }
            for (int i = 0; i < 100; i++) {
                c.echo(("request " + i).getBytes(StandardCharsets.US_ASCII));
            }
        } catch (IOException e) {
            fail(f.id() + ": " + e.getMessage(), e);
        }
    }

    /**
     * {@link #CONNECTIONS} connections open at once, each sends a request before any answer is
     * read: a server that serves one connection at a time answers the first and no other.
     */
    public static void concurrentConnections(RingFactory f) {
        try (EchoServer server = EchoServer.open(f)) {
            List<EchoClient.Connection> open = new ArrayList<>();
            try {
                for (int i = 0; i < CONNECTIONS; i++) {
                    EchoClient.Connection c = new EchoClient.Connection(server.port(), ANSWER_MS);
                    open.add(c);
                    c.send(("connection " + i).getBytes(StandardCharsets.US_ASCII), false);
                }
                for (int i = CONNECTIONS - 1; i >= 0; i--) {
                    byte[] answer;
                    try {
                        answer = open.get(i).answer();
                    } catch (IOException e) {
                        throw new AssertionError(f.id() + ": connection " + i + " of " + CONNECTIONS
                                + " open at once got no answer (" + e.getMessage() + "): connections served one at a time?");
                    }
                    assertArrayEquals(("connection " + i).getBytes(StandardCharsets.US_ASCII), answer,
                            f.id() + ": connection " + i);
                }
            } finally {
                for (EchoClient.Connection c : open) {
                    c.close();
                }
            }
        } catch (IOException e) {
            fail(f.id() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Three requests written at once (pipelined), the last with {@code Connection: close}: each is
     * answered in order, then the server ends the connection instead of waiting for more.
     */
    public static void closesWhenAsked(RingFactory f) {
        try (EchoServer server = EchoServer.open(f);
                EchoClient.Connection c = new EchoClient.Connection(server.port(), ANSWER_MS)) {
            byte[][] bodies = {"first".getBytes(StandardCharsets.US_ASCII), new byte[0],
                "last, then close".getBytes(StandardCharsets.US_ASCII)};
            byte[] all = new byte[0];
            for (int i = 0; i < bodies.length; i++) {
                byte[] r = Http1.request(bodies[i], i == bodies.length - 1);
                byte[] joined = java.util.Arrays.copyOf(all, all.length + r.length);
                System.arraycopy(r, 0, joined, all.length, r.length);
                all = joined;
            }
            c.raw(all);
            for (byte[] body : bodies) {
                assertArrayEquals(body, c.answer(), f.id() + ": pipelined answers in order");
            }
            try {
                assertTrue(c.ended(), f.id() + ": bytes after the answer to Connection: close");
            } catch (java.net.SocketTimeoutException e) {
                throw new AssertionError(f.id() + ": the connection stayed open " + ANSWER_MS
                        + " ms after a request with Connection: close was answered");
            }
        } catch (IOException e) {
            fail(f.id() + ": " + e.getMessage(), e);
        }
    }

    /** Clients that leave mid-head, mid-body or send garbage end their own connection, not the server. */
    public static void clientsThatLeaveOrMisbehave(RingFactory f) {
        try (EchoServer server = EchoServer.open(f)) {
            byte[][] bad = {"POST /echo HTTP/1.1\r\nContent-Le".getBytes(StandardCharsets.US_ASCII),
                "POST /echo HTTP/1.1\r\nContent-Length: 100\r\n\r\nonly part".getBytes(StandardCharsets.US_ASCII),
                "this is not HTTP\r\n\r\n".getBytes(StandardCharsets.US_ASCII)};
            for (byte[] b : bad) {
                try (EchoClient.Connection c = new EchoClient.Connection(server.port(), ANSWER_MS)) {
                    c.raw(b);
                }
            }
            assertEquals(200, EchoClient.run(server.port(), 4, 200, 2048, 7, ANSWER_MS),
                    f.id() + ": requests checked after misbehaving clients");
        } catch (Exception e) {
            fail(f.id() + ": the server stopped serving after clients left mid-request: " + e, e);
        }
    }

    /** close() stops every thread it started and frees its port; a second close() is harmless. */
    public static void closeStopsEverythingAndFreesThePort(RingFactory f) {
        EchoServer server = EchoServer.open(f);
        int port = server.port();
        try {
            assertEquals(100, EchoClient.run(port, 10, 100, 512, 3, ANSWER_MS), f.id() + ": requests checked");
            // a connection still open at close() must not keep the server alive
            EchoClient.Connection idle = new EchoClient.Connection(port, ANSWER_MS);
            idle.echo(new byte[] {42});
            server.close();
            idle.close();
        } catch (Exception e) {
            fail(f.id() + ": " + e, e);
        }
        List<Thread> left = server.threads().stream().filter(Thread::isAlive).collect(Collectors.toList());
        assertTrue(left.isEmpty(), () -> f.id() + ": echo server threads alive after close(): " + left);
        try (ServerSocket again = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertEquals(port, again.getLocalPort());
        } catch (IOException e) {
            fail(f.id() + ": port " + port + " still taken after close(): " + e.getMessage());
        }
        server.close();
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            fail(f.id() + ": still accepting on port " + port + " after close()");
        } catch (IOException expected) {
            // refused: nothing listens
        }
    }
}
