package threadring.bench.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.ring.RingSize;

/** One check's line and verdict: ok with its answer, SKIP past a limit, FAIL on an error or a hang. */
class CheckerTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    /** A minute for what must answer (a busy machine may be slow); a second only where a hang is the point. */
    private final Checker checker = new Checker(60, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    private final Checker impatient = new Checker(1, new PrintStream(bytes, true, StandardCharsets.UTF_8));

    private String line() {
        return bytes.toString(StandardCharsets.UTF_8).strip();
    }

    /** An id that cannot open any ring ({@code limit}: why), or hangs opening one until {@code release}. */
    private static RingFactory fake(String id, String limit, CountDownLatch release) {
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
                return true;
            }

            @Override
            public Optional<String> cannotOpen(int nodes) {
                return Optional.ofNullable(limit);
            }

            @Override
            public <S extends Size, T extends AutoCloseable> T open(Workload<S, T> workload, S size) {
                if (release != null) {
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                throw new IllegalStateException("no ring here");
            }
        };
    }

    @Test
    void theHeadIsTheIdAndWhatItChecks() {
        assertEquals("x/y nodes=503 tokens=3 hops=1000", Checker.head(fake("x/y", null, null), new RingSize(503, 3, 0, 0), 1000));
    }

    @Test
    void aRightAnswerIsOkWithItsSum() {
        RingFactory loop = RingFactories.load().require(RingFactory.LOOP_FLOOR);
        assertTrue(checker.once(loop, RingSize.classic(503), 1000));
        long sum = RingSize.classic(503).expected(1000);
        assertEquals(498, sum);
        assertTrue(line().matches("floor/loop nodes=503 hops=1000 sum=498 ms=\\d+\\.\\d ok"), line());
    }

    @Test
    void aLimitOfTheMachineIsASkipNotAFailure() {
        assertTrue(checker.once(fake("x/big", "more threads than the kernel allows", null), RingSize.classic(503), 10));
        assertEquals("x/big nodes=503 hops=10 SKIP cannot run here: more threads than the kernel allows", line());
    }

    @Test
    void anErrorFails() {
        assertFalse(checker.once(fake("x/broken", null, null), RingSize.classic(503), 10));
        assertTrue(line().startsWith("x/broken nodes=503 hops=10 FAIL "), line());
        assertTrue(line().contains("no ring here"), line());
    }

    @Test
    void noAnswerWithinTheTimeoutFailsAsADeadlock() {
        CountDownLatch release = new CountDownLatch(1);
        try {
            assertFalse(impatient.once(fake("x/hang", null, release), RingSize.classic(503), 10));
            assertEquals("x/hang nodes=503 hops=10 FAIL no answer within 1 s (deadlock?)", line());
        } finally {
            release.countDown();
        }
    }
}
