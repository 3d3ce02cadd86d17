package threadring.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import threadring.bench.util.Errors;

/** A fork waits while another JMH run holds JMH's lock, and says why when it gives up. */
@Timeout(120)
class JmhLockTest {

    static final String HELD = "ERROR: Another JMH instance might be running. Unable to acquire the JMH lock "
            + "(/tmp/jmh.lock), exiting. Use -Djmh.ignoreLock=true to forcefully continue.";

    @Test
    void aRunWaitsWhileTheLockIsHeldElsewhereAndSaysSoOnce() throws Exception {
        AtomicInteger tries = new AtomicInteger();
        List<String> said = new ArrayList<>();
        String r = JmhLock.waiting(() -> {
            if (tries.incrementAndGet() < 3) {
                throw new RunnerException(HELD);
            }
            return "ran";
        }, Duration.ofMinutes(1), said::add);
        assertEquals("ran", r);
        assertEquals(3, tries.get());
        assertEquals(1, said.size(), said.toString());
    }

    @Test
    void anyOtherFailureAndALockHeldPastTheWaitAreThrownSayingWhy() {
        AtomicInteger tries = new AtomicInteger();
        RunnerException other = assertThrows(RunnerException.class, () -> JmhLock.waiting(() -> {
            tries.incrementAndGet();
            throw new RunnerException("No matching benchmarks.");
        }, Duration.ofMinutes(1), s -> { }));
        assertEquals(1, tries.get());
        assertEquals("No matching benchmarks.", other.getMessage());
        RunnerException held = assertThrows(RunnerException.class,
                () -> JmhLock.waiting(() -> { throw new RunnerException(HELD); }, Duration.ZERO, s -> { }));
        // the line a failed fork prints: JMH's own reason, not an empty one (every fork of a sweep beside a test said nothing)
        assertTrue(Errors.describe(held).contains("Another JMH instance might be running"), Errors.describe(held));
        assertEquals("IllegalStateException: inside", Errors.describe(new RunnerException(new IllegalStateException("inside"))));
    }

    /** JMH's own refusal, while another process holds its lock, is the one this waits on. */
    @Test
    void jmhRefusesToRunWhileAnotherProcessHoldsItsLockAndThatIsWhatIsWaitedOn() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process holder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), LockHolder.class.getName())
                .redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("held", out.readLine(), "the holder took JMH's lock");
            RunnerException e = assertThrows(RunnerException.class,
                    () -> new Runner(new OptionsBuilder().include("^no\\.such\\.Benchmark$").build()).run());
            assertTrue(JmhLock.heldElsewhere(e), e.getMessage());
            assertFalse(JmhLock.heldElsewhere(new RunnerException("No matching benchmarks.")));
        } finally {
            holder.destroyForcibly().waitFor();
        }
    }

    /** Holds JMH's lock (java.io.tmpdir/jmh.lock) until killed, waiting its turn if another run has it. */
    public static final class LockHolder {
        public static void main(String[] args) throws Exception {
            Path file = Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");
            try (FileChannel c = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                FileLock lock = c.lock();
                System.out.println("held");
                System.out.flush();
                Thread.sleep(Long.MAX_VALUE);
                lock.release();
            }
        }
    }
}
