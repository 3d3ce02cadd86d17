package threadring.virtual;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import threadring.core.skynet.SkynetForms;

/**
 * Every virtual-thread Skynet form passes the kit's Skynet section; {@code virtual/scope} in a
 * child JVM with {@code --enable-preview} (JDK 25+), and it refuses to open in a JVM without it.
 */
class VirtualSkynetTest {

    @TestFactory
    Stream<DynamicTest> everyFormPassesTheSkynetContract() {
        return SkynetForms.contract(VirtualSkynets.class, VirtualSkynets.variants(), true);
    }

    @Test
    void formsAreWellFormed() {
        SkynetForms.requireWellFormed("virtual", VirtualSkynets.variants());
    }

    /** A preview API runs only where the JDK was asked to accept it. */
    @Test
    void theScopeFormRefusesAJvmWithoutEnablePreview() {
        Assumptions.assumeFalse(ManagementFactory.getRuntimeMXBean().getInputArguments()
                .contains(ScopeSkynet.ENABLE_PREVIEW), "this JVM runs with --enable-preview");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new ScopeSkynet("virtual/scope"));
        assertTrue(e.getMessage().contains(Runtime.version().feature() >= 25 ? "needs a JVM started with --enable-preview"
                : "has no StructuredTaskScope.open()"), e.getMessage());
    }
}
