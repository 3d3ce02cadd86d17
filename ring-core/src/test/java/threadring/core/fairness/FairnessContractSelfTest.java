package threadring.core.fairness;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import threadring.core.RingFactory;
import threadring.core.Variant;

/**
 * The fairness section proves it can fail: platform threads pass it, and fakes whose hog skips a
 * chunk, whose probe never wakes, or whose probe says it woke before it was due each fail it.
 */
class FairnessContractSelfTest {

    /** Hogs and a probe on platform threads of its own; {@code fault} breaks it on purpose. */
    static final class Threads extends AbstractFairness {
        enum Fault { NONE, SKIPS_A_CHUNK, NEVER_WAKES, EARLY }

        private final Fault fault;
        private final ExecutorService pool = Executors.newCachedThreadPool(tracked(Thread::new));

        Threads(Fault fault) {
            super("selftest/" + fault.name().toLowerCase());
            this.fault = fault;
        }

        @Override
        protected void start(int hogs, int chunks, int chunkWork, int periodUs) {
            for (int h = 0; h < hogs; h++) {
                int mine = fault == Fault.SKIPS_A_CHUNK && h == 0 && chunks > 0 ? chunks - 1 : chunks;
                pool.execute(() -> {
                    for (int c = 0; c < mine; c++) {
                        chunk(chunkWork);
                    }
                    hogDone(mine);
                });
            }
            pool.execute(() -> {
                try {
                    if (fault != Fault.NEVER_WAKES) {
                        do {
                            long due = due(periodUs);
                            TimeUnit.MICROSECONDS.sleep(periodUs);
                            woke(fault == Fault.EARLY ? due + 1_000_000_000L : due);
                        } while (hogsRunning());
                    }
                    probeDone();
                } catch (InterruptedException e) {
                    fail(e);
                }
            });
        }

        @Override
        protected void stop() throws InterruptedException {
            pool.shutdown();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    static RingFactory factory(Threads.Fault fault) {
        return Variant.of("selftest/" + fault.name().toLowerCase(), "a fairness on platform threads, " + fault)
                .opens(Fairness.WORKLOAD, (id, size) -> new Threads(fault)).build();
    }

    @Test
    void platformThreadsPass() {
        FairnessContract.CHECKS.forEach(c -> c.run(factory(Threads.Fault.NONE)));
    }

    @Test
    void aHogThatSkipsAChunkFails() {
        assertThrows(AssertionError.class, () -> FairnessContract.answers(factory(Threads.Fault.SKIPS_A_CHUNK)));
    }

    @Test
    void aProbeThatNeverWakesFails() {
        assertThrows(AssertionError.class, () -> FairnessContract.answers(factory(Threads.Fault.NEVER_WAKES)));
    }

    @Test
    void aProbeThatWakesBeforeItIsDueFails() {
        assertThrows(AssertionError.class, () -> FairnessContract.answers(factory(Threads.Fault.EARLY)));
    }
}
