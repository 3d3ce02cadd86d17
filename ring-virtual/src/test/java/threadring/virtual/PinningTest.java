package threadring.virtual;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** On JDK 21-23 a ring of more nodes waiting in synchronized than the scheduler's max pool cannot progress. */
class PinningTest {

    @Test
    void onJdk21MoreWaitingNodesThanTheMaxPoolCannotProgress() {
        String why = Pinning.limit(503, Map.of(), 21).orElseThrow();
        assertEquals("on JDK 21 a virtual thread waiting in synchronized pins its carrier (JEP 491 lifted this in JDK "
                + "24): 503 waiting nodes need 503 carriers, and the scheduler adds carriers only up to "
                + "jdk.virtualThreadScheduler.maxPoolSize = 256", why);
        assertTrue(Pinning.limit(2, VirtualRings.ONE_CARRIER, 21).orElseThrow().endsWith("maxPoolSize = 1"),
                "one carrier: not even two nodes");
        assertEquals(Optional.empty(), Pinning.limit(200, Map.of(), 21));
        assertEquals(Optional.empty(), Pinning.limit(503, Pinning.ROOMY, 21), "virtual/sync-pool has room");
        assertEquals(Optional.empty(), Pinning.limit(503, VirtualRings.ONE_CARRIER, 24), "JDK 24 does not pin");
    }
}
