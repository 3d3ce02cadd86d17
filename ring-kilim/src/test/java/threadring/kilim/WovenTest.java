package threadring.kilim;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kilim.Pausable;
import kilim.Task;
import org.junit.jupiter.api.Test;

/**
 * The rings' pausable classes are woven, and the check that guards them refuses a pausable class
 * that is not (test classes are never woven). Built with -Dkilim.weave.skip=true, the first test
 * and every contract check fail.
 */
class WovenTest {

    @Test
    void ringClassesAreWoven() {
        assertDoesNotThrow(() -> Woven.require(NodeTask.class));
        assertDoesNotThrow(() -> Woven.require(Hop.class));
    }

    @Test
    void anUnwovenTaskIsRefused() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Woven.require(Unwoven.class));
        assertTrue(e.getMessage().contains("not woven"), e.getMessage());
    }

    static final class Unwoven extends Task<Void> {
        @Override
        public void execute() throws Pausable {
            Task.sleep(1);
        }
    }
}
