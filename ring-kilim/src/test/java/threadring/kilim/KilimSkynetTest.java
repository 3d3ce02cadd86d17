package threadring.kilim;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import threadring.core.skynet.SkynetForms;

/**
 * Every Kilim Skynet form passes the kit's Skynet section, on woven tasks: an unwoven TreeTask is
 * refused when the Skynet opens ({@link Woven}), so built with {@code -Dkilim.weave.skip=true}
 * every check here fails.
 */
class KilimSkynetTest {

    @TestFactory
    Stream<DynamicTest> everyFormPassesTheSkynetContract() {
        return SkynetForms.contract(KilimSkynets.class, KilimSkynets.variants(), true);
    }

    @Test
    void formsAreWellFormed() {
        SkynetForms.requireWellFormed("kilim", KilimSkynets.variants());
    }

    @Test
    void theTaskIsWoven() {
        assertDoesNotThrow(() -> Woven.require(MailboxSkynet.TreeTask.class));
    }
}
