package threadring.core.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class AbstractRingTest {

    /** A ring whose node died before any pass: inject() hands the token to nobody. */
    static final class DeadBeforeFirstPass extends AbstractRing {
        DeadBeforeFirstPass() {
            super("test/dead", 3);
            fail(new IllegalStateException("node 2 could not start"));
        }

        @Override
        protected void inject(int node, int hops) {}

        @Override
        protected void stop() {}
    }

    @Test
    void aFailureBeforeAnyPassFailsThePassInsteadOfHangingIt() {
        try (Ring ring = new DeadBeforeFirstPass()) {
            IllegalStateException e = assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> assertThrows(IllegalStateException.class, () -> ring.pass(5)));
            assertEquals("node 2 could not start", e.getCause().getMessage());
        }
    }
}
