package threadring.coroutines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kotlinx.coroutines.Job;
import org.junit.jupiter.api.Test;
import threadring.core.RingContract;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Rings;

class CoroutinesContractTest extends RingContract {

    @Override
    protected String model() {
        return "coroutines";
    }

    /** Every node is its own coroutine, alive between passes and ended by close(). */
    @Test
    void oneCoroutinePerNode() {
        for (RingFactory f : RingFactories.load().matching("^coroutines/").stream().filter(f -> f.runs(threadring.core.Workload.RING)).toList()) {
            CoroutineRing ring = (CoroutineRing) f.open(11);
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
}
