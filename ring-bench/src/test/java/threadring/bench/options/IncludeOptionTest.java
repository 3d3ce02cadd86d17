package threadring.bench.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import threadring.core.RingFactory;

/** {@code --include}: which ids match (searched, like JMH's filter), and the options again for a child JVM. */
class IncludeOptionTest {

    private static IncludeOption parse(String... args) {
        IncludeOption o = new IncludeOption();
        new CommandLine(o).parseArgs(args);
        return o;
    }

    private static RingFactory id(String id) {
        return new RingFactory() {
            @Override
            public String id() {
                return id;
            }

            @Override
            public String description() {
                return id;
            }
        };
    }

    @Test
    void noneGivenMatchesEveryId() {
        IncludeOption o = parse();
        assertTrue(o.matches(id("virtual/park")));
        assertEquals(List.of(), o.includes());
        assertEquals(List.of(), o.arguments());
    }

    @Test
    void anIdMatchesIfAnyRegexIsFoundInIt() {
        IncludeOption o = parse("--include", "^threads/", "--include", "park$");
        assertTrue(o.matches(id("threads/lock")));
        assertTrue(o.matches(id("virtual/park")));
        assertFalse(o.matches(id("virtual/parked")));
        assertFalse(o.matches(id("virtual/threads/x")));
        assertFalse(parse("--include", "kr").matches(id("virtual/park")));
        assertTrue(parse("--include", "rtu").matches(id("virtual/park")));
    }

    @Test
    void theRegexesComeBackAsArguments() {
        IncludeOption o = parse("--include", "^a$", "--include", "b");
        assertEquals(List.of("^a$", "b"), o.includes());
        assertEquals(List.of("--include", "^a$", "--include", "b"), o.arguments());
    }

    @Test
    void anInvalidRegexIsRefused() {
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class,
                () -> parse("--include", "(x"));
        assertTrue(e.getMessage().contains("not a valid regular expression: '(x'"), e.getMessage());
    }
}
