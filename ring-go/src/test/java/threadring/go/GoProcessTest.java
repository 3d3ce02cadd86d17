package threadring.go;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import threadring.core.ring.RingSize;

/** What the kit cannot see of a Go row: its process, which the JVM's thread list does not show. */
@Timeout(60)
class GoProcessTest {

    /** The first build of the program (minutes on a cold cache) is not a test's to time. */
    @BeforeAll
    static void built() {
        if (GoProgram.whyNot().isEmpty()) {
            GoProgram.binary();
        }
    }

    @BeforeEach
    void aGoProgramRunsHere() {
        GoHere.orSkip();
    }

    @Test
    void closeEndsTheProcess() throws Exception {
        GoRing ring = new GoRing("go/channel", RingSize.classic(503));
        ProcessHandle process = ring.process().handle();
        assertEquals(498, ring.pass(1000));
        assertTrue(process.isAlive());
        ring.close();
        assertFalse(process.isAlive(), "the Go program outlived close()");
        ring.close();
    }

    @Test
    void aProgramThatDiesFailsTheRunNamingIt() {
        GoRing ring = new GoRing("go/channel", RingSize.classic(5));
        try {
            ring.process().handle().destroyForcibly();
            ring.process().handle().onExit().join();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> ring.pass(7));
            assertTrue(e.getMessage().contains("go/channel") && e.getMessage().contains("Go program"), e.getMessage());
        } finally {
            ring.close();
        }
    }

    @Test
    void goMaxProcsIsTheJvmsCpus() throws Exception {
        GoRing ring = new GoRing("go/channel", RingSize.classic(3));
        try {
            ProcessHandle p = ring.process().handle();
            String environ = java.nio.file.Files.readString(java.nio.file.Path.of("/proc", String.valueOf(p.pid()),
                    "environ")).replace('\0', '\n');
            assertTrue(environ.lines().anyMatch(l -> l.equals("GOMAXPROCS=" + Runtime.getRuntime().availableProcessors())),
                    environ);
        } finally {
            ring.close();
        }
    }

    @Test
    void theProgramIsBuiltOnceAndReused() {
        GoProgram.Result first = GoProgram.binary();
        assertEquals(null, first.why());
        assertTrue(java.nio.file.Files.isExecutable(first.binary()));
        assertEquals(first, GoProgram.binary());
    }
}
