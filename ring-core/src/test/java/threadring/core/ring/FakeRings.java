package threadring.core.ring;

import java.util.List;
import java.util.Map;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.ring.Ring;

/**
 * Test doubles that need a JVM flag, registered for ring-core's own tests only (the test-jar
 * leaves the services file out): the kit must run them in a child JVM with the flag, and must
 * see the broken one fail there.
 */
public final class FakeRings implements RingProvider {

    static final Map<String, String> FLAG = Map.of("threadring.fake", "on");

    @Override
    public List<RingFactory> factories() {
        return List.of(
                Variant.of("fake/flagged", "a correct ring that needs a flag").opens(Ring.WORKLOAD,
                        (id, shape) -> new RingContractSelfTest.FakeRing(shape, 0, false, false)).systemProperties(FLAG).build(),
                Variant.of("fake/flagged-wrong", "a ring that needs a flag and answers wrong").opens(Ring.WORKLOAD,
                        (id, shape) -> new RingContractSelfTest.FakeRing(shape, 1, false, false)).systemProperties(FLAG).build());
    }
}
