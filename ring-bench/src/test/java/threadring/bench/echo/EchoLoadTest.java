package threadring.bench.echo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import threadring.bench.data.Configuration;
import threadring.bench.data.Env;
import threadring.bench.data.Measured;
import threadring.core.RingFactories;
import threadring.core.echo.EchoSize;

/**
 * The echo load with the real wrk: a correct server measured end to end in fresh JVMs, and
 * servers that echo wrongly, answer 500 or never answer failing their row. Skipped, saying so,
 * where wrk is not installed (.ci/run installs it).
 */
@Timeout(120)
class EchoLoadTest {

    @TempDir
    Path dir;

    private Path wrk;
    private Path script;

    @BeforeEach
    void needsWrk() throws IOException {
        Optional<Path> found = Wrk.find();
        Assumptions.assumeTrue(found.isPresent(), "skipped: " + Wrk.MISSING);
        wrk = found.get();
        script = Wrk.script(dir);
    }

    @Test
    void aRealServerIsMeasuredInFreshJvmsAndClosesCleanly() throws Exception {
        List<String> log = new ArrayList<>();
        EchoLoad load = load(new EchoLoad.Timing(1, 1, 2, true), log);
        Measured m = load.measure(RingFactories.load().require("threads/socket"), new EchoSize(20));
        assertNull(m.error(), m.error() + " " + log);
        EchoScore e = m.score(EchoScore.class).orElseThrow(() -> new AssertionError(m.limit() + " " + log));
        assertEquals(2, e.repetitions().size());
        for (EchoScore.EchoRepetition r : e.repetitions()) {
            assertTrue(r.requests() > 100, "requests: " + r.requests());
            assertEquals(128, r.bodyBytes());
            assertTrue(r.latencyUs().p99() >= r.latencyUs().p50(), r.latencyUs().toString());
            assertNotNull(r.idle());
            assertNotNull(r.load(), "no sample under load");
            assertTrue(r.load().serverThreads() >= 20, "a thread per connection: " + r.load());
            assertTrue(r.load().heapUsedBytes() > 0);
            assertTrue(r.load().openFiles() - r.idle().openFiles() >= 20, "a socket per connection: " + r.idle()
                    + " then " + r.load());
            // then the open-model generator: its own 20 connections held, the lowest rate sustained, its CPU read
            assertNotNull(r.held().burst(), "no burst recorded");
            assertTrue(!r.held().burst().paced() && new EchoScore.Held(20, r.held().burst().held(), 0).all(),
                    "held in the burst: " + r.held());
            assertNotNull(r.ladder(), "no offered rates");
            assertEquals(20, r.ladder().held().held(), r.ladder().toString());
            assertNull(r.ladder().errors(), r.ladder().errors());
            EchoScore.Rung first = r.ladder().rungs().get(0);
            assertEquals(Ladder.RATES.get(0), first.offered());
            assertEquals(first.requests(), first.answered(), first.toString());
            assertTrue(first.latencyUs().p99() >= first.latencyUs().p50() && first.latencyUs().p50() > 0, first.toString());
            assertTrue(first.generatorCores() > 0, first.toString());
        }
        assertTrue(e.requestsPerSecond().median() > 0);
        assertEquals(2, e.requestsPerSecond().forks());
    }

    @Test
    void aServerThatWaitsAnswersNoSoonerThanItsWaitAndNoFasterThanLittlesLaw() throws Exception {
        List<String> log = new ArrayList<>();
        EchoLoad load = load(new EchoLoad.Timing(1, 1, 1, true), log);
        EchoSize size = new EchoSize(20, 50);
        Measured m = load.measure(RingFactories.load().require("threads/socket"), size);
        assertNull(m.error(), m.error() + " " + log);
        EchoScore.EchoRepetition r = m.score(EchoScore.class).orElseThrow().repetitions().get(0);
        assertNull(r.ladder(), "a waiting handler's latency is its wait: no offered rates");
        assertTrue(r.latencyUs().p50() >= 50_000, "answered sooner than its wait: " + r.latencyUs());
        // 20 connections each waiting 50 ms: at most 20 / 0.05 = 400 requests/s (Little's law), whatever the machine
        assertTrue(r.requestsPerSecond() <= 400 * 1.05, "more than C / D: " + r.requestsPerSecond());
    }

    @Test
    void aWrongEchoFailsTheLoad() throws Exception {
        String failure = loadHttp(200, body -> body.toUpperCase(Locale.ROOT));
        assertTrue(failure.contains("responses were not 200 with the request's body (first: status 200 with 128 "
                + "bytes)"), failure);
    }

    @Test
    void aStatusOtherThan200FailsTheLoad() throws Exception {
        String failure = loadHttp(500, UnaryOperator.identity());
        assertTrue(failure.contains("(first: status 500 with 128 bytes)"), failure);
    }

    @Test
    void aServerThatNeverAnswersFailsTheLoadInsteadOfHanging() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            List<Socket> held = new ArrayList<>();
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        held.add(server.accept()); // read nothing, answer nothing
                    }
                } catch (IOException e) {
                    // closed
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            Wrk.Summary s = run(server.getLocalPort(), 1);
            assertEquals(0, s.requests());
            assertTrue(s.failure().startsWith("no response in 1 s"), s.failure());
        }
    }

    @Test
    void aServerThatHoldsFewerThanItsConnectionsIsNotMeasuredAtFewer() throws Exception {
        threadring.bench.util.LinuxProc self = threadring.bench.util.LinuxProc.self();
        Assumptions.assumeTrue(self.openFiles() >= 0, "skipped: no /proc/self/fd here");
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int idle = self.openFiles();
            List<Socket> held = new ArrayList<>();
            Thread acceptor = new Thread(() -> {
                try {
                    for (int i = 0; i < 5; i++) {
                        held.add(server.accept()); // five, then no more: the rest wait in the backlog
                    }
                } catch (IOException e) {
                    // closed
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            Path out = dir.resolve("held.json");
            boolean[] opened = {false};
            HeldWindow.Outcome o = HeldWindow.run(heldLoad(server.getLocalPort(), 20, out), 1, HeldWindow.Pace.DEFAULT,
                    null, out, 1, 20, self, server.getLocalPort(), idle, 2, () -> opened[0] = true);
            assertNull(o.summary(), "measured at fewer connections than asked");
            assertEquals(20, o.held().asked());
            // the five it accepted, not those in its backlog; wrk's first connection only checks the address
            // and closes, so one of the five may be gone
            assertTrue(o.held().held() == 4 || o.held().held() == 5, "held: " + o.held());
            assertTrue(!o.held().all() && !opened[0], "the clock never started");
            for (Socket s : held) {
                s.close();
            }
        }
    }

    @Test
    void aBurstThatOverflowsTheListenQueueIsOpenedAgainAtAPaceAndMeasuredOnAllConnections() throws Exception {
        threadring.bench.util.LinuxProc self = threadring.bench.util.LinuxProc.self();
        Assumptions.assumeTrue(self.openFiles() >= 0 && self.listenOverflows() >= 0, "skipped: no /proc here");
        // a queue of one and no accept until wrk is started again at a pace: the burst overflows it,
        // however late a busy machine lets the runner read the burst's result
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int idle = self.openFiles();
            List<Socket> held = java.util.Collections.synchronizedList(new ArrayList<>());
            java.util.concurrent.CountDownLatch paced = new java.util.concurrent.CountDownLatch(1);
            HeldWindow.Load burstThenPaced = (threads, paceMs) -> {
                if (paceMs > 0) {
                    paced.countDown();
                }
                return heldLoad(server.getLocalPort(), 20, dir.resolve("paced.json")).command(threads, paceMs);
            };
            Thread acceptor = new Thread(() -> {
                try {
                    paced.await();
                    while (true) {
                        held.add(server.accept()); // then every connection at once, answering none
                    }
                } catch (IOException | InterruptedException e) {
                    // closed
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            Path out = dir.resolve("paced.json");
            boolean[] opened = {false};
            HeldWindow.Outcome o = HeldWindow.run(burstThenPaced, 1,
                    new HeldWindow.Pace(1, java.time.Duration.ofMillis(50)), null, out, 1, 20, self,
                    server.getLocalPort(), idle, 10, () -> opened[0] = true);
            EchoScore.Burst burst = o.held().burst();
            assertNotNull(burst, o.held().toString());
            assertTrue(burst.held() < 20 && burst.overflows() > 0, "the burst overflowed: " + burst);
            assertEquals(new EchoScore.Burst(burst.held(), burst.overflows(), 20, 1, 50), burst);
            assertTrue(o.held().all() && opened[0], "the paced connections were held and measured: " + o.held());
            assertNotNull(o.summary());
            synchronized (held) {
                for (Socket s : held) {
                    s.close();
                }
            }
        }
    }

    @Test
    void wrkIsPacedWithThreadsThatDivideItsConnections() {
        HeldWindow.Pace pace = HeldWindow.Pace.DEFAULT;
        assertEquals(40, pace.threads(1_000));
        assertEquals(120, pace.threads(3_000));
        assertEquals(1, pace.threads(20));
        assertEquals(4, pace.threads(100));
        assertEquals(173, pace.threads(173), "a prime count: a thread per connection");
        assertEquals(java.time.Duration.ofMillis(4_000), pace.opening(1_000));
    }

    @Test
    void whatCannotBeLoadedIsSaidInOneLine() {
        assertEquals(Optional.of(Wrk.MISSING), EchoLoad.cannotLoad(100, Optional.empty(), 65536));
        assertEquals(Optional.of("10000 connections need ulimit -n of at least 11024 (the server and wrk each hold "
                + "a file per connection), it is 1024: raise it (ulimit -n 11024)"),
                EchoLoad.cannotLoad(10_000, Optional.of(wrk), 1024));
        assertEquals(Optional.empty(), EchoLoad.cannotLoad(10_000, Optional.of(wrk), 20_000));
        assertEquals(Optional.empty(), EchoLoad.cannotLoad(10_000, Optional.of(wrk), -1));
        assertEquals(Optional.empty(), Wrk.find(dir.toString()).map(Path::toString));
    }

    @Test
    void serverAndWrkGetSeparateCpusWhenThereAreTwo() {
        assertEquals(new EchoLoad.Placement("0", "1", 1), EchoLoad.Placement.of("0-1"));
        assertEquals(new EchoLoad.Placement("0,1,2", "3", 1), EchoLoad.Placement.of("0-3"));
        assertEquals(new EchoLoad.Placement("2", "2", 1), EchoLoad.Placement.of("2"));
    }

    /** wrk's held load on {@code port}: {@code connections}, a 1 s window behind the gate, paced as asked. */
    private HeldWindow.Load heldLoad(int port, int connections, Path out) {
        return (threads, paceMs) -> Wrk.command(wrk, threads, connections, 20, script, port, out,
                HeldWindow.gate(out).toString(), "1000", String.valueOf(paceMs));
    }

    /** The failure wrk's check reports against the JDK's own HTTP server answering {@code status} with {@code echo(body)}. */
    private String loadHttp(int status, UnaryOperator<String> echo) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.createContext("/", x -> {
            try (InputStream in = x.getRequestBody()) {
                byte[] out = echo.apply(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                        .getBytes(StandardCharsets.UTF_8);
                x.sendResponseHeaders(status, out.length);
                x.getResponseBody().write(out);
            }
            x.close();
        });
        server.start();
        try {
            Wrk.Summary s = run(server.getAddress().getPort(), 1);
            assertTrue(s.requests() > 0, "wrk got no response: " + s);
            assertNotNull(s.failure(), s.toString());
            return s.failure();
        } finally {
            server.stop(0);
        }
    }

    /** A load of servers started from this test's class path and JDK, its lines into {@code log}. */
    private EchoLoad load(EchoLoad.Timing timing, List<String> log) {
        Configuration config = Configuration.local("test", System.getProperty("java.home"), null,
                new Env.Jvm("v", Runtime.version().toString(), Runtime.version().feature(), "vm", "", "", List.of(),
                        Runtime.getRuntime().availableProcessors(), 0));
        return new EchoLoad(System.getProperty("java.class.path"), config, wrk, script, dir, timing, log::add);
    }

    private Wrk.Summary run(int port, int seconds) throws Exception {
        Path out = dir.resolve("summary.json");
        Wrk.Summary s = Wrk.run(null, Wrk.command(wrk, 1, 4, seconds, script, port, out), out, seconds);
        assertTrue(Files.exists(out));
        return s;
    }
}
