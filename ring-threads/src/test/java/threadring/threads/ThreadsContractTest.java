package threadring.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import threadring.core.Ring;
import threadring.core.RingContract;
import threadring.core.RingFactories;

class ThreadsContractTest extends RingContract {

    @Override
    protected String model() {
        return "threads";
    }

    /** Every node is its own platform thread: no shared loop plays several nodes. */
    @Test
    void oneThreadPerNode() {
        for (var f : RingFactories.load().matching("^threads/").stream().filter(f -> f.runs(threadring.core.Workload.RING)).toList()) {
            try (Ring ring = f.open(11)) {
                assertEquals(11, ring.threads().stream().distinct().count(), f.id());
                assertEquals(11, ring.threads().stream().filter(t -> t.getName().startsWith(f.id() + "#")).count(), f.id());
            }
        }
    }
}
