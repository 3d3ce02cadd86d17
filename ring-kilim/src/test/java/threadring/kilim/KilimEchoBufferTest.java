package threadring.kilim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import threadring.core.echo.Http1;

/** The echo server's buffer handling, which the contract's requests do not all reach (pipelining, growth). */
class KilimEchoBufferTest {

    private static ByteBuffer holding(String s, int capacity) {
        ByteBuffer b = ByteBuffer.allocate(capacity);
        b.put(s.getBytes(StandardCharsets.ISO_8859_1));
        return b;
    }

    @Test
    void headEndsAfterTheEmptyLine() {
        ByteBuffer b = holding("GET / HTTP/1.1\r\n\r\nnext", 64);
        assertEquals(18, KilimEchoServer.headEnd(b, 0));
        assertEquals(-1, KilimEchoServer.headEnd(holding("GET / HTTP/1.1\r\n\r", 64), 0));
    }

    @Test
    void aHeadPastTheLimitIsNotFound() {
        ByteBuffer b = ByteBuffer.allocate(Http1.MAX_HEAD + 64);
        b.position(Http1.MAX_HEAD - 2);
        b.put("\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(-1, KilimEchoServer.headEnd(b, 0));
    }

    @Test
    void roomKeepsOnlyTheBytesHeld() {
        ByteBuffer b = holding("abc", 8);
        assertSame(b, KilimEchoServer.room(b, 5));
        ByteBuffer bigger = KilimEchoServer.room(b, 100);
        assertEquals(3, bigger.position());
        assertEquals(103, bigger.capacity());
        assertEquals("abc", new String(bigger.array(), 0, 3, StandardCharsets.ISO_8859_1));
    }

    @Test
    void restKeepsAPipelinedRequestAndShrinks() {
        ByteBuffer b = holding("first|second", 8192);
        ByteBuffer next = KilimEchoServer.rest(b, 6);
        assertEquals(6, next.position());
        assertEquals(4096, next.capacity());
        assertEquals("second", new String(next.array(), 0, 6, StandardCharsets.ISO_8859_1));
        ByteBuffer small = holding("first|second", 64);
        assertSame(small, KilimEchoServer.rest(small, 6));
        assertEquals(64, small.limit());
    }
}
