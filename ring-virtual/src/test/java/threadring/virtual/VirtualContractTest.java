package threadring.virtual;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import threadring.core.Ring;
import threadring.core.RingContract;
import threadring.core.RingFactories;
import threadring.core.RingFactory;

class VirtualContractTest extends RingContract {

    @Override
    protected String model() {
        return "virtual";
    }

    /** Every node is its own virtual thread (the -p1 variants need their flags: the kit runs them in a child JVM). */
    @Test
    void oneVirtualThreadPerNode() {
        for (RingFactory f : RingFactories.load().matching("^virtual/").stream().filter(f -> f.runs(threadring.core.Workload.RING)).toList()) {
            if (f.unsupportedReason().isPresent()) {
                continue;
            }
            try (Ring ring = f.open(11)) {
                assertEquals(11, ring.threads().stream().filter(Thread::isVirtual).distinct().count(), f.id());
            }
        }
    }
}
