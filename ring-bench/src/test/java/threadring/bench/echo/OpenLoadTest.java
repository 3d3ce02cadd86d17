package threadring.bench.echo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import threadring.core.RingFactories;
import threadring.core.echo.EchoServer;

/**
 * The open-model generator against a real server in this JVM: it holds its connections, and it
 * times each request from when it was due, so that a server slower than the offered rate shows the
 * queue it builds (a closed loop would report the server's own time per request).
 */
@Timeout(60)
class OpenLoadTest {

    @Test
    void aRequestIsTimedFromWhenItWasDueSoAQueueCounts() throws Exception {
        // one connection, every answer 50 ms late: at most 20 answers a second, offered 40 a second for 1 s
        try (EchoServer server = EchoServer.open(RingFactories.load().require("threads/socket"), 50);
                OpenLoad load = new OpenLoad()) {
            EchoScore.Held held = load.connect(server.port(), 1, 10);
            assertEquals(1, held.held(), held.toString());
            EchoScore.Rung r = load.rung(40, 1);
            assertEquals(40, r.requests());
            assertEquals(40, r.answered(), r.toString());
            assertNull(load.errors());
            // request i is due at i / 40 s and answered no sooner than (i + 1) x 50 ms: waits of 0.05 + 0.025 i s
            assertTrue(r.latencyUs().p50() >= 500_000, "the queue left out: " + r.latencyUs());
            assertTrue(r.latencyUs().max() >= 1_000_000, "the queue left out: " + r.latencyUs());
            assertTrue(r.seconds() >= 2.0, "40 answers 50 ms apart took " + r.seconds() + " s");
        }
    }

    @Test
    void aServerThatKeepsUpIsTimedByItsOwnAnswers() throws Exception {
        // twenty connections, every answer 50 ms late, 100 offered a second: each connection has one due every 200 ms
        try (EchoServer server = EchoServer.open(RingFactories.load().require("threads/socket"), 50);
                OpenLoad load = new OpenLoad()) {
            assertEquals(20, load.connect(server.port(), 20, 10).held());
            EchoScore.Rung r = load.rung(100, 1);
            assertEquals(r.requests(), r.answered(), r.toString());
            assertTrue(r.latencyUs().p50() >= 50_000, "answered sooner than the wait: " + r.latencyUs());
            assertTrue(r.sustained(10_000), r.toString());
            assertTrue(!r.sustained(10), "a 50 ms wait within a 10 ms target: " + r);
        }
    }
}
