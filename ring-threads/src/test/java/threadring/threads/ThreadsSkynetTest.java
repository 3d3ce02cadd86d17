package threadring.threads;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import threadring.core.skynet.Skynet;
import threadring.core.skynet.SkynetForms;

/** Every platform-thread Skynet form passes the kit's Skynet section; an OS thread per task says why 10^6 leaves cannot run. */
class ThreadsSkynetTest {

    @TestFactory
    Stream<DynamicTest> everyFormPassesTheSkynetContract() {
        return SkynetForms.contract(ThreadsSkynets.class, ThreadsSkynets.variants(), true);
    }

    @Test
    void formsAreWellFormed() {
        SkynetForms.requireWellFormed("threads", ThreadsSkynets.variants());
    }

    /** Past the limit a run fails at once with the kernel's reason (here, a limit of 2 tasks). */
    @Test
    void aTreePastTheLimitFailsAtOnceNamingIt() {
        try (Skynet s = new ThreadPerTaskSkynet("threads/thread", PlatformRings.platformThreads("threads/thread"),
                tasks -> tasks > 2 ? Optional.of(tasks + " tasks need " + tasks + " OS threads") : Optional.empty())) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.run(2, 1));
            assertTrue(e.getMessage().contains("3 tasks need 3 OS threads"), e.getMessage());
        }
    }

    /** A million OS threads do not fit a default box: the form says so by the kernel's limits. */
    @Test
    void aMillionOsThreadsAreRefusedWithTheReason() {
        long tasks = Skynet.tasks(Skynet.DEFAULT_BRANCHING, Skynet.DEFAULT_DEPTH);
        Optional<String> why = ThreadPerTaskSkynet.osLimit(tasks);
        // holds wherever a limit is below 1.1 million threads (vm.max_map_count is 65,530 by default)
        Assumptions.assumeTrue(why.isPresent(), "this kernel allows 1,111,111 threads");
        assertTrue(why.get().startsWith("1,111,111 tasks need 1,111,111 OS threads, but "), why.get());
    }
}
