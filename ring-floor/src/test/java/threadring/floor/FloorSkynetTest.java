package threadring.floor;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import threadring.core.skynet.SkynetForms;

/** The Skynet floor passes the kit's Skynet section as a form without tasks. */
class FloorSkynetTest {

    @TestFactory
    Stream<DynamicTest> everyFormPassesTheSkynetContract() {
        return SkynetForms.contract(FloorSkynets.class, FloorSkynets.variants(), false);
    }

    @Test
    void formsAreWellFormed() {
        SkynetForms.requireWellFormed("floor", FloorSkynets.variants());
    }
}
