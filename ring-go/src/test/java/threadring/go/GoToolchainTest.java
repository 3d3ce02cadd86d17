package threadring.go;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which go builds the program: THREADRING_GO's alone where it is set (none where it names none), else PATH's. */
class GoToolchainTest {

    @Test
    void theNamedToolchainIsTheOnlyOneTried(@TempDir Path dir) throws IOException {
        Path go = Files.createFile(dir.resolve("go"));
        assertTrue(go.toFile().setExecutable(true));
        assertEquals(Optional.of(go), GoProgram.toolchain(go.toString(), ""));
        assertEquals(Optional.empty(), GoProgram.toolchain(dir.resolve("absent").toString(), dir.toString()),
                "a named toolchain that is not there is none, whatever PATH holds");
        assertEquals(Optional.empty(), GoProgram.toolchain("", dir.toString()));
    }

    @Test
    void withoutANameThePathIsSearched(@TempDir Path dir) throws IOException {
        Path go = Files.createFile(dir.resolve("go"));
        assertTrue(go.toFile().setExecutable(true));
        assertEquals(Optional.of(go), GoProgram.toolchain(null, dir + java.io.File.pathSeparator + "/nowhere"));
    }

    @Test
    void noToolchainSaysWhyAndHow() {
        assertEquals("no Go toolchain: THREADRING_GO names /nowhere/go, which is not an executable go",
                GoProgram.noToolchain("/nowhere/go"));
        assertTrue(GoProgram.noToolchain(null).startsWith("no Go toolchain: go is not on PATH nor in /usr/local/go/bin/go"));
        assertTrue(GoProgram.noToolchain(null).endsWith("(install one: apt-get install golang-go)"));
    }
}
