package threadring.kilim;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import kilim.Pausable;
import kilim.Task;
import org.junit.jupiter.api.Test;

/**
 * The rings', the rendezvous's, the fan-out's and the echo server's pausable classes are woven,
 * and the check that guards them refuses a pausable class that is not (test classes are never
 * woven). Built with -Dkilim.weave.skip=true, every test here but the last and every contract
 * check fail.
 */
class WovenTest {

    @Test
    void ringClassesAreWoven() {
        assertDoesNotThrow(() -> Woven.require(NodeTask.class));
        assertDoesNotThrow(() -> Woven.require(Hop.class));
        assertDoesNotThrow(() -> Woven.require(TaskRendezvous.Sender.class));
        assertDoesNotThrow(() -> Woven.require(TaskRendezvous.Receiver.class));
    }

    @Test
    void echoServerClassesAreWoven() {
        assertDoesNotThrow(() -> Woven.require(KilimEchoServer.Acceptor.class));
        assertDoesNotThrow(() -> Woven.require(KilimEchoServer.Connection.class));
    }

    /** Every main class with a pausable method, so that a class added later cannot be missed above. */
    @Test
    void everyPausableClassIsWoven() throws IOException, URISyntaxException, ClassNotFoundException {
        List<Class<?>> pausable = pausableClasses();
        assertTrue(pausable.contains(TaskRendezvous.Sender.class) && pausable.contains(KilimEchoServer.Connection.class),
                "the scan found " + pausable);
        for (Class<?> c : pausable) {
            assertDoesNotThrow(() -> Woven.require(c));
        }
    }

    @Test
    void anUnwovenTaskIsRefused() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Woven.require(Unwoven.class));
        assertTrue(e.getMessage().contains("not woven"), e.getMessage());
    }

    /** The classes of this package in the main output directory that declare a method throwing Pausable. */
    private static List<Class<?>> pausableClasses() throws IOException, URISyntaxException, ClassNotFoundException {
        Path root = Path.of(Woven.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path dir = root.resolve(Woven.class.getPackageName().replace('.', '/'));
        List<String> names;
        try (Stream<Path> files = Files.list(dir)) {
            names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".class"))
                    .map(n -> Woven.class.getPackageName() + "." + n.substring(0, n.length() - ".class".length()))
                    .collect(Collectors.toList());
        }
        List<Class<?>> pausable = new ArrayList<>();
        for (String name : names) {
            Class<?> c = Class.forName(name, false, WovenTest.class.getClassLoader());
            boolean pauses = Arrays.stream(c.getDeclaredMethods())
                    .anyMatch(m -> Arrays.asList(m.getExceptionTypes()).contains(Pausable.class));
            if (pauses) {
                pausable.add(c);
            }
        }
        return pausable;
    }

    static final class Unwoven extends Task<Void> {
        @Override
        public void execute() throws Pausable {
            Task.sleep(1);
        }
    }
}
