package threadring.virtual;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Fork;
import threadring.core.Ring;
import threadring.core.RingContract;
import threadring.core.RingFactories;
import threadring.core.RingFactory;

class VirtualContractTest extends RingContract {

    @Override
    protected String model() {
        return "virtual";
    }

    /** Every node is its own virtual thread. */
    @Test
    void oneVirtualThreadPerNode() {
        for (RingFactory f : RingFactories.load().matching("^virtual/")) {
            if (f.unsupportedReason().isPresent()) {
                continue;
            }
            try (Ring ring = f.open(11)) {
                assertEquals(11, ring.threads().stream().filter(Thread::isVirtual).distinct().count(), f.id());
            }
        }
    }

    /** The benchmark forks with exactly the flags the -p1 factories declare. */
    @Test
    void oneCarrierBenchmarkForksWithTheFactoriesFlags() {
        List<String> forkArgs = Arrays.asList(VirtualOneCarrierBenchmark.class.getAnnotation(Fork.class).jvmArgsAppend());
        for (RingFactory f : RingFactories.load().matching("^virtual/.*-p1$")) {
            for (String arg : f.jvmArgs()) {
                assertTrue(forkArgs.contains(arg), f.id() + " needs " + arg + " in " + forkArgs);
            }
        }
    }
}
