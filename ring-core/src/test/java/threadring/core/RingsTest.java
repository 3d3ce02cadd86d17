package threadring.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RingsTest {

    @Test
    void lastNodeFollowsTheBenchmarksGame() {
        assertEquals(498, Rings.expectedLast(503, 1000));
        assertEquals(361, Rings.expectedLast(503, 10_000_000));
        assertEquals(1, Rings.expectedLast(503, 0));
        assertEquals(2, Rings.expectedLast(2, 1));
        assertEquals(1, Rings.expectedLast(2, 2));
    }

    @Test
    void badArgumentsNameTheValue() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Rings.expectedLast(1, 5))
                .getMessage().contains("nodes must be >= 2, was 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Rings.expectedLast(3, -2))
                .getMessage().contains("hops must be >= 0, was -2"));
    }

    @Test
    void verifyRejectsAWrongNode() {
        assertEquals(361, Rings.verify("x/y", 503, 10_000_000, 361));
        Rings.WrongAnswerException e = assertThrows(Rings.WrongAnswerException.class,
                () -> Rings.verify("x/y", 503, 1000, 497));
        assertTrue(e.getMessage().contains("x/y") && e.getMessage().contains("expected 498"), e.getMessage());
    }
}
