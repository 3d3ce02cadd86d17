package threadring.quasar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import threadring.core.Ring;
import threadring.core.RingContract;
import threadring.core.RingFactories;
import threadring.core.RingFactory;

class QuasarContractTest extends RingContract {

    @Override
    protected String model() {
        return "quasar";
    }

    /** Surefire runs this JVM with QuasarRings.JVM_ARGS, so no variant may be skipped here. */
    @Test
    void everyVariantRunsInThisJvm() {
        for (RingFactory f : RingFactories.load().matching("^quasar/")) {
            assertEquals("", f.unsupportedReason().orElse(""), f.id());
        }
    }

    /**
     * The ring tracks its scheduler's threads (a pool worker and the timer), so the kit's
     * "close() leaves no thread alive" is about real threads; nodes are fibers, not threads.
     */
    @Test
    void ringTracksItsSchedulerThreads() {
        for (RingFactory f : RingFactories.load().matching("^quasar/")) {
            Ring ring = f.open(7);
            assertEquals(4, ring.pass(10), f.id());
            List<String> names = ring.threads().stream().map(Thread::getName).toList();
            ring.close();
            assertTrue(names.stream().anyMatch(n -> n.startsWith("FiberTimedScheduler-")), f.id() + ": " + names);
            assertTrue(names.stream().anyMatch(n -> !n.startsWith("FiberTimedScheduler-")), f.id() + ": " + names);
            assertTrue(ring.threads().stream().noneMatch(Thread::isAlive), f.id() + ": " + names);
        }
    }

    /** The benchmark forks with the flags Quasar needs and lists every quasar id. */
    @Test
    void benchmarkForksWithQuasarsFlagsAndListsEveryId() throws NoSuchFieldException {
        String forkArgs = String.join(" ", QuasarBenchmark.class.getAnnotation(Fork.class).jvmArgsAppend());
        assertTrue(forkArgs.contains(String.join(" ", QuasarRings.JVM_ARGS)), forkArgs);
        List<String> ids = Arrays.asList(QuasarBenchmark.class.getField("impl").getAnnotation(Param.class).value());
        List<String> registered = RingFactories.load().matching("^quasar/").stream().map(RingFactory::id).sorted().toList();
        assertEquals(registered, ids.stream().sorted().toList());
    }
}
