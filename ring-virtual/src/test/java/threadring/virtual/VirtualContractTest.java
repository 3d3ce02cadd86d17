package threadring.virtual;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.core.ContractKit;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.ring.Ring;
import threadring.core.ring.Rings;

class VirtualContractTest extends ContractKit {

    @Override
    protected String model() {
        return "virtual";
    }

    /** Every node is its own virtual thread (the -p1 variants need their flags: the kit runs them in a child JVM). */
    @Test
    void oneVirtualThreadPerNode() {
        List<RingFactory> runnable = RingFactories.load().matching("^virtual/").stream()
                .filter(f -> f.runs(Ring.WORKLOAD) && f.unsupportedReason().isEmpty()).toList();
        assertTrue(runnable.size() >= 3, "virtual rings this JVM runs: " + runnable);
        for (RingFactory f : runnable) {
            try (Ring ring = Rings.open(f, 11)) {
                assertEquals(11, ring.threads().stream().filter(Thread::isVirtual).distinct().count(), f.id());
            }
        }
    }
}
