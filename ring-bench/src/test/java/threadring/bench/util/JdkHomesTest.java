package threadring.bench.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --jdk by release: found by its release file in .jdks and the usual places; missing or too old, one line. */
class JdkHomesTest {

    @TempDir
    Path checkout;

    static Path jdk(Path home, String version) throws IOException {
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("bin").resolve("java"), "#!/bin/sh\n",
                java.nio.charset.StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(home.resolve("bin").resolve("java"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"" + version + "\"\n");
        return home;
    }

    @Test
    void aReleaseIsFoundInTheCheckoutsJdksThenTheUsualPlaces() throws IOException {
        Path installed = jdk(checkout.resolve(".jdks").resolve("21"), "21.0.8");
        Path system17 = jdk(checkout.resolve("usr").resolve("jdk-17"), "17.0.15");
        Path system25 = jdk(checkout.resolve("usr").resolve("jdk-25"), "25.0.3");
        List<Path> system = List.of(system17, system25);
        assertEquals(installed, JdkHomes.find("21", checkout, system));
        assertEquals(system17, JdkHomes.find("17", checkout, system));
        assertEquals(system25, JdkHomes.find(" 25 ", checkout, system));
        assertEquals(system25, JdkHomes.find(system25.toString(), checkout, system), "a home as it is");
        assertEquals(8, JdkHomes.release(jdk(checkout.resolve("old"), "1.8.0_402")).orElseThrow());
    }

    @Test
    void aMissingOrTooOldReleaseIsOneLineNamingWhatToDo() {
        assertEquals("no JDK 21 here (looked in .jdks/21, JAVA_HOME, /usr/lib/jvm and the other usual places): "
                + "./install-jdk21.sh installs one", assertThrows(IllegalArgumentException.class,
                        () -> JdkHomes.find("21", checkout, List.of())).getMessage());
        assertEquals("threadring runs on JDK 17 and newer, was '9'", assertThrows(IllegalArgumentException.class,
                () -> JdkHomes.find("9", checkout, List.of())).getMessage());
        assertEquals("must be a release like 21 or a JDK home containing bin/java, was 'nope'",
                assertThrows(IllegalArgumentException.class, () -> JdkHomes.find("nope", checkout, List.of()))
                        .getMessage());
    }
}
