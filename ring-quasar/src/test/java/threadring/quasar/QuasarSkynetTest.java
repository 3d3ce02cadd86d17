package threadring.quasar;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import threadring.core.skynet.SkynetContract;
import threadring.core.skynet.SkynetForms;
import threadring.core.skynet.SkynetVariant;

/**
 * Every Quasar Skynet form passes the kit's Skynet section in a child JVM started with its flags
 * ({@link QuasarRings#JVM_ARGS}), and passes it again, on the small trees, with Quasar's run-time
 * check on ({@code verifyInstrumentation}), which complains of every uninstrumented frame a fiber
 * parks in: a right answer alone proves nothing, since an uninstrumented fiber restarts its run()
 * from the top. (The check walks the stack at every park, which makes 10^6 leaves take minutes.)
 * That every suspendable method is marked instrumented, {@link QuasarInstrumentationTest} checks.
 */
class QuasarSkynetTest {

    @TestFactory
    Stream<DynamicTest> everyFormPassesTheSkynetContract() {
        return SkynetForms.contract(QuasarSkynets.class, QuasarSkynets.variants(), true);
    }

    @TestFactory
    Stream<DynamicTest> everyFormPassesQuasarsVerifyInstrumentation() {
        return QuasarSkynets.variants().stream().map(v -> DynamicTest.dynamicTest(v.id(), () -> verified(v)));
    }

    @Test
    void formsAreWellFormed() {
        SkynetForms.requireWellFormed("quasar", QuasarSkynets.variants());
    }

    private static void verified(SkynetVariant v) {
        String out = SkynetForms.inChildJvm(QuasarSkynets.class, v, new SkynetContract.Traits(true, false, false),
                List.of("-Dco.paralleluniverse.fibers.verifyInstrumentation=true"));
        List<String> complaints = QuasarInstrumentationTest.complaints(out);
        assertTrue(complaints.isEmpty(), () -> v.id() + ": Quasar reports uninstrumented code:\n" + out);
    }
}
