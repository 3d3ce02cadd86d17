package threadring.bench.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kernel's listen-queue overflows read from a /proc of files written here, and from none. */
class LinuxProcTest {

    @TempDir
    Path proc;

    @Test
    void listenOverflowsAreReadFromTcpExtByName() throws Exception {
        Files.createDirectories(proc.resolve("net"));
        Files.writeString(proc.resolve("net").resolve("netstat"), """
                TcpExt: SyncookiesSent ListenOverflows ListenDrops
                TcpExt: 5 1234 1240
                IpExt: InNoRoutes ListenOverflows
                IpExt: 0 99
                """);
        assertEquals(1234, new LinuxProc(proc, "self").listenOverflows());
    }

    @Test
    void noNetstatSaysUnknownNotZero() {
        assertEquals(-1, new LinuxProc(proc, "self").listenOverflows());
    }
}
