package threadring.kilim;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import threadring.core.echo.Http1;

/**
 * One request's framing, read from its head by {@link Http1#parse}, for {@link KilimEchoServer}.
 * The weaver skips this class (pom.xml, -x): Kilim 2.0.2's weaver looks up the class of every
 * method any class calls, with a class reader that fails on records such as Http1.Head. It has
 * nothing pausable.
 */
final class Http1Frame {

    final int headEnd;
    final int length;
    final boolean close;
    /** Just past the body. */
    final int end;

    /** The head is {@code bytes[0, headEnd)}, with its empty line. */
    Http1Frame(byte[] bytes, int headEnd) throws IOException {
        Http1.Head head = Http1.parse(new String(bytes, 0, headEnd, StandardCharsets.ISO_8859_1));
        this.headEnd = headEnd;
        this.length = head.length();
        this.close = head.close();
        this.end = headEnd + length;
    }

    /** The answer, head and echoed body, once {@code bytes} holds the body. */
    ByteBuffer answer(byte[] bytes) {
        byte[] top = Http1.head(length, close);
        ByteBuffer out = ByteBuffer.allocate(top.length + length);
        out.put(top).put(bytes, headEnd, length).flip();
        return out;
    }
}
