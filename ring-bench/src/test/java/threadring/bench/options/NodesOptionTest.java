package threadring.bench.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --nodes}: the sizes given, distinct and in order, or the command's default; fewer than two nodes refused. */
class NodesOptionTest {

    private static NodesOption parse(String... args) {
        NodesOption o = new NodesOption();
        new CommandLine(o).parseArgs(args);
        return o;
    }

    @Test
    void noneGivenIsTheDefault() {
        NodesOption o = parse();
        assertFalse(o.given());
        assertEquals(List.of(10_000, 1_000_000), o.orElse(List.of(10_000, 1_000_000)));
    }

    @Test
    void theSizesGivenAreDistinctInOrder() {
        NodesOption o = parse("--nodes", "1000", "--nodes", "503", "--nodes", "1000", "--nodes", "2");
        assertTrue(o.given());
        assertEquals(List.of(1000, 503, 2), o.orElse(List.of(7)));
    }

    @Test
    void aRingOfOneNodeIsRefused() {
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class,
                () -> parse("--nodes", "1"));
        assertTrue(e.getMessage().contains("must be an integer >= 2, was '1'"), e.getMessage());
    }
}
