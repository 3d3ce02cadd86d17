package threadring.ox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import threadring.core.skynet.SkynetContract;
import threadring.core.skynet.SkynetVariant;

/**
 * Every Skynet form of the module passes the kit's Skynet section, the full tree of 10^6 leaves
 * included, under a deadline, so that a tree that never answers fails instead of hanging the build.
 */
class OxSkynetTest {

    static final Duration DEADLINE = Duration.ofSeconds(120);

    @TestFactory
    Stream<DynamicTest> contract() {
        return OxSkynets.variants().stream().map(v -> DynamicTest.dynamicTest(v.id(), () -> {
            Assumptions.assumeTrue(Runtime.version().feature() >= v.minimumJava(),
                    () -> v.id() + " needs JDK " + v.minimumJava() + "+, this is JDK " + Runtime.version().feature());
            Assumptions.assumeTrue(v.systemProperties().entrySet().stream()
                            .allMatch(p -> p.getValue().equals(System.getProperty(p.getKey()))) && v.jvmArgs().isEmpty(),
                    () -> v.id() + " needs a JVM started with " + v.systemProperties() + " " + v.jvmArgs());
            assertTimeoutPreemptively(DEADLINE, () -> SkynetContract.all(v.id(), () -> v.opener().apply(v.id()),
                    new SkynetContract.Traits(true, v.virtualThreads(), true)));
        }));
    }

    /** Ids are the model's and distinct; exactly one form is the model's fastest. */
    @Test
    void oneFastestForm() {
        List<SkynetVariant> variants = OxSkynets.variants();
        assertTrue(variants.stream().allMatch(v -> v.id().startsWith("ox/")), variants::toString);
        assertEquals(variants.size(), variants.stream().map(SkynetVariant::id).distinct().count(), variants::toString);
        assertEquals(1, variants.stream().filter(SkynetVariant::defaultSweep).count(), variants::toString);
    }
}
