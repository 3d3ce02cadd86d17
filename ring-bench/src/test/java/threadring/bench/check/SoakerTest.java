package threadring.bench.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import threadring.core.RingFactory;
import threadring.core.Workload;
import threadring.core.echo.EchoServer;
import threadring.core.ring.Ring;

/** The soak's decisions that start no pass and no child JVM: what it leaves out, skips and fails at once. */
class SoakerTest {

    private static final int FEATURE = Runtime.version().feature();

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private List<String> lines() {
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    /** An id that runs {@code workload}, needs JDK {@code minimum}, and says why it cannot run in this JVM ({@code flags}). */
    private static RingFactory fake(String id, Workload<?, ?> workload, int minimum, String flags) {
        return new RingFactory() {
            @Override
            public String id() {
                return id;
            }

            @Override
            public String description() {
                return id;
            }

            @Override
            public boolean runs(Workload<?, ?> w) {
                return w == workload;
            }

            @Override
            public int minimumJavaVersion() {
                return minimum;
            }

            @Override
            public Optional<String> unsupportedReason() {
                Optional<String> jdk = RingFactory.super.unsupportedReason();
                return jdk.isPresent() ? jdk : Optional.ofNullable(flags);
            }
        };
    }

    @Test
    void anEchoServerOnlyIsNotSoakedAndAnIdForALaterJdkIsSkipped() throws Exception {
        Soaker soaker = new Soaker(42, 2, null, false, 120, out);
        int status = soaker.run(List.of(fake("x/echo", EchoServer.WORKLOAD, 17, null),
                fake("x/future", Ring.WORKLOAD, 99, null)));
        assertEquals(0, status);
        List<String> lines = lines();
        assertEquals(4, lines.size(), lines.toString());
        // no id can run here: the whole soak is one id's share
        assertTrue(lines.get(0).startsWith("soak: seed=42 (replay with --seed 42), 0 ids, about 120 s each"), lines.get(0));
        assertTrue(lines.get(0).endsWith(", 120 s per pass before it counts as hung"), lines.get(0));
        assertEquals("x/future soak SKIP x/future needs JDK 99+, this is JDK " + FEATURE, lines.get(1));
        assertEquals("not soaked: 1 echo server id(s), which the soak does not draw (x/echo; 'check --workload echo' "
                + "checks them)", lines.get(2));
        assertEquals("soak: seed=42, 0 ids, 0 failed", lines.get(3));
    }

    @Test
    void aChildJvmWithoutTheIdsFlagsFailsIt() throws Exception {
        Soaker soaker = new Soaker(7, null, 5, true, 30, out);
        int status = soaker.run(List.of(fake("x/flags", Ring.WORKLOAD, 17, "x/flags needs a JVM started with -Dx=1")));
        assertEquals(1, status);
        assertEquals(List.of("x/flags soak seed=7 FAIL x/flags needs a JVM started with -Dx=1"), lines());
    }
}
