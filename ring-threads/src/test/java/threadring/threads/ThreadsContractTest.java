package threadring.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import threadring.core.ContractKit;
import threadring.core.RingFactories;
import threadring.core.ring.Ring;
import threadring.core.ring.Rings;

class ThreadsContractTest extends ContractKit {

    @Override
    protected String model() {
        return "threads";
    }

    /** Every node is its own platform thread: no shared loop plays several nodes. */
    @Test
    void oneThreadPerNode() {
        var rings = RingFactories.load().matching("^threads/").stream().filter(f -> f.runs(Ring.WORKLOAD)).toList();
        assertTrue(rings.size() >= 4, "the threads model's rings were found: " + rings);
        for (var f : rings) {
            try (Ring ring = Rings.open(f, 11)) {
                assertEquals(11, ring.threads().stream().distinct().count(), f.id());
                assertEquals(11, ring.threads().stream().filter(t -> t.getName().startsWith(f.id() + "#")).count(), f.id());
            }
        }
    }
}
