package threadring.coroutines;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import kotlinx.coroutines.Job;
import org.junit.jupiter.api.Test;
import threadring.core.ContractKit;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.echo.EchoClient;
import threadring.core.echo.EchoServer;
import threadring.core.echo.Http1;
import threadring.core.ring.Ring;
import threadring.core.ring.Rings;

class CoroutinesContractTest extends ContractKit {

    @Override
    protected String model() {
        return "coroutines";
    }

    /** Every node is its own coroutine, alive between passes and ended by close(). */
    @Test
    void oneCoroutinePerNode() {
        for (RingFactory f : RingFactories.load().matching("^coroutines/").stream().filter(f -> f.runs(Ring.WORKLOAD))
                .filter(f -> f.unsupportedReason().isEmpty()).toList()) {
            CoroutineRing ring = (CoroutineRing) Rings.open(f, 11);
            try {
                assertEquals(Rings.expectedLast(11, 1000), ring.pass(1000), f.id());
                assertEquals(11, ring.nodeJobs().stream().distinct().count(), f.id());
                assertTrue(ring.nodeJobs().stream().allMatch(Job::isActive), f.id() + ": a node ended early");
            } finally {
                ring.close();
            }
            assertTrue(ring.nodeJobs().stream().allMatch(Job::isCompleted), f.id() + ": a node outlived close()");
            assertTrue(ring.threads().stream().allMatch(Thread::isDaemon), f.id() + ": non-daemon thread");
        }
    }

    /** A request that arrives a few bytes at a time, its head's end split too, is still one request. */
    @Test
    void echoReadsARequestSentInPieces() throws Exception {
        byte[] body = "pieces\r\n\r\nof a body".getBytes(StandardCharsets.US_ASCII);
        byte[] request = Http1.request(body, false);
        for (RingFactory f : RingFactories.load().matching("^coroutines/").stream().filter(f -> f.runs(EchoServer.WORKLOAD)).toList()) {
            try (EchoServer server = EchoServer.open(f);
                    EchoClient.Connection c = new EchoClient.Connection(server.port(), 5_000)) {
                for (int i = 0; i < request.length; i += 3) {
                    c.raw(Arrays.copyOfRange(request, i, Math.min(request.length, i + 3)));
                    Thread.sleep(1);
                }
                assertArrayEquals(body, c.answer(), f.id());
                c.echo(body); // and the connection goes on
            }
        }
    }
}
