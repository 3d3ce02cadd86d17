package threadring.bench.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import threadring.bench.util.UsageException;

/** A command's context: its kind and the integer environment variables it reads. */
class ContextTest {

    @Test
    void aCheckIsNeitherQuickNorLong() {
        Context c = Context.check(Map.of());
        assertTrue(c.check());
        assertFalse(c.quick());
        assertFalse(c.longRun());
    }

    @Test
    void anUnsetOrBlankVariableIsNull() {
        Context c = new Context(false, false, false, Map.of("ringSize", "  "));
        assertNull(c.env("workerCount", 2));
        assertNull(c.env("ringSize", 2));
    }

    @Test
    void aVariableIsReadTrimmedAndAtLeastItsMinimum() {
        Context c = new Context(false, false, false, Map.of("workerCount", " 1000 ", "ringSize", "1"));
        assertEquals(1000, c.env("workerCount", 2));
        UsageException low = assertThrows(UsageException.class, () -> c.env("ringSize", 2));
        assertEquals("ringSize must be an integer >= 2, was '1'", low.getMessage());
        Context text = new Context(false, false, false, Map.of("workerCount", "many"));
        assertEquals("workerCount must be an integer >= 1, was 'many'",
                assertThrows(UsageException.class, () -> text.env("workerCount", 1)).getMessage());
    }
}
