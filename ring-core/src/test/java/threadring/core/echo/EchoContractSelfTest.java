package threadring.core.echo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import threadring.core.AbstractWorkload;
import threadring.core.ContractKit;
import threadring.core.RingFactory;
import threadring.core.Variant;
import threadring.core.echo.EchoServer;

/** The echo section of the kit must catch broken echo servers; these are broken on purpose. */
class EchoContractSelfTest {

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
            KEEPS_OPEN,
            /** Answers at once whatever it was opened to wait. */
            EARLY,
            /** Waits holding one lock that every connection's wait takes: the waits run one after another. */
            WAITS_IN_A_ROW
        }

        private static final Object ONE_WAIT_AT_A_TIME = new Object();
        private final Mode mode;
        private final int waitMs;
        private final java.net.ServerSocket server;
        private final java.util.Set<java.net.Socket> open = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private final java.util.concurrent.ThreadFactory threads = tracked(r -> {
            Thread t = new Thread(r);
            t.setDaemon(true);
            return t;
        });

        FakeEchoServer(Mode mode, int waitMs) {
            super("fake/echo", "echo server");
            this.mode = mode;
            this.waitMs = mode == Mode.EARLY ? 0 : waitMs;
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
                    if (waitMs > 0) {
                        if (mode == Mode.WAITS_IN_A_ROW) {
                            synchronized (ONE_WAIT_AT_A_TIME) {
                                Thread.sleep(waitMs);
                            }
                        } else {
                            Thread.sleep(waitMs);
                        }
                    }
                    answering();
                    Http1.answer(out, new Http1.Request(body, r.close()));
                    if (r.close() && mode != Mode.KEEPS_OPEN) {
                        break;
                    }
                }
            } catch (java.io.IOException | InterruptedException e) {
                // the client left, or the server closed
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
                .opens(EchoServer.WORKLOAD, (id, size) -> new FakeEchoServer(mode, size.waitMs())).build();
    }

    /** A server declared on virtual threads that answers on platform threads (a fall-back) fails; undeclared, the check skips. */
    @Test
    void anEchoServerOnVirtualThreadsThatAnswersOnPlatformThreadsFails() {
        RingFactory fallsBack = Variant.of("fake/echo-loom", "test double")
                .opens(EchoServer.WORKLOAD, (id, size) -> new FakeEchoServer(FakeEchoServer.Mode.RIGHT, size.waitMs())).onVirtualThreads(true).build();
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> EchoContract.onVirtualThreads(fallsBack));
        assertTrue(e.getMessage().contains("ended on the platform thread"), e.getMessage());
        assertTrue(ContractKit.unlessOnVirtualThreads(echo(FakeEchoServer.Mode.RIGHT)).isPresent());
    }

    @Test
    void anEchoServerThatAnswersBeforeItsWaitFails() {
        AssertionError e = assertThrows(AssertionError.class,
                () -> EchoContract.waitsWithoutHoldingUpOtherConnections(echo(FakeEchoServer.Mode.EARLY)));
        assertTrue(e.getMessage().contains("sooner than its wait"), e.getMessage());
    }

    @Test
    void anEchoServerWhoseWaitsHoldEachOtherUpFails() {
        AssertionError e = assertThrows(AssertionError.class,
                () -> EchoContract.waitsWithoutHoldingUpOtherConnections(echo(FakeEchoServer.Mode.WAITS_IN_A_ROW)));
        assertTrue(e.getMessage().contains("held each other up"), e.getMessage());
    }

    @Test
    void aCorrectEchoServerPassesEveryEchoCheck() {
        RingFactory good = echo(FakeEchoServer.Mode.RIGHT);
        assertEquals(EchoContract.CHECKS.stream().map(ContractKit.Check::name).toList(),
                ContractKit.checks(good).stream().map(ContractKit.Check::name).toList());
        for (ContractKit.Check c : ContractKit.checks(good)) {
            if (c.skip().apply(good).isEmpty()) { // the virtual-thread check: not declared on them
                c.run(good);
            }
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
