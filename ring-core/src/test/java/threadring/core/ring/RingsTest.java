package threadring.core.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import threadring.core.WrongAnswerException;

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
        WrongAnswerException e = assertThrows(WrongAnswerException.class,
                () -> Rings.verify("x/y", 503, 1000, 497));
        assertTrue(e.getMessage().contains("x/y") && e.getMessage().contains("expected 498"), e.getMessage());
    }

    /** Every token walked hop by hop, as the issue defines it, against {@link RingSize#expected}. */
    @Test
    void tokensShareTheHopsAndEndWhereAWalkEnds() {
        for (int nodes : new int[] {2, 3, 7, 101, 503}) {
            for (int tokens : new int[] {1, 2, 3, 6, 100, 502}) {
                if (tokens >= nodes) {
                    continue;
                }
                RingSize shape = new RingSize(nodes, tokens, 0, 0);
                for (int hops : new int[] {0, 1, 5, 6, 7, 1000, 123_457}) {
                    long sum = 0;
                    int total = 0;
                    for (int k = 0; k < tokens; k++) {
                        int node = 1 + k * nodes / tokens;
                        int left = hops / tokens + (k < hops % tokens ? 1 : 0);
                        total += left;
                        for (; left > 0; left--) {
                            node = node % nodes + 1;
                        }
                        sum += node;
                    }
                    assertEquals(hops, total);
                    assertEquals(sum, shape.expected(hops), shape + " hops=" + hops);
                }
            }
        }
        assertEquals(498, RingSize.classic(503).expected(1000));
        // the check: 7 tokens start at 1, 15, 29, 44, 58, 73, 87
        RingSize seven = new RingSize(101, 7, 16, 50);
        assertEquals(List.of(1, 15, 29, 44, 58, 73, 87), IntStream.range(0, 7).map(seven::start).boxed().toList());
    }

    @Test
    void badShapesNameTheValue() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new RingSize(5, 5, 0, 0)).getMessage()
                .contains("tokens must be >= 1 and < nodes (5), was 5"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new RingSize(5, 0, 0, 0)).getMessage()
                .contains("was 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new RingSize(5, 1, -1, 0)).getMessage()
                .contains("depth must be >= 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new RingSize(5, 1, 0, -3)).getMessage()
                .contains("work must be >= 0 and <= 1000000, was -3"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new RingSize(1, 1, 0, 0)).getMessage()
                .contains("nodes must be >= 2, was 1"));
    }
}
