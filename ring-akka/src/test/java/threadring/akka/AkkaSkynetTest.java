package threadring.akka;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import threadring.core.skynet.SkynetForms;

/** Every typed-actor Skynet form, Akka's and Pekko's, passes the kit's Skynet section. */
class AkkaSkynetTest {

    @TestFactory
    Stream<DynamicTest> everyFormPassesTheSkynetContract() {
        return SkynetForms.contract(AkkaSkynets.class, AkkaSkynets.variants(), true);
    }

    @Test
    void formsAreWellFormed() {
        SkynetForms.requireWellFormed("akka", AkkaSkynets.variants());
    }
}
