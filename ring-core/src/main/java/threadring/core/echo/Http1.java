package threadring.core.echo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The little HTTP/1.1 every echo server and the echo client speak: a request line and headers up
 * to an empty line, a body of Content-Length bytes (none without one), and the answer
 * {@code 200 OK} with the same body. Connections stay open unless the request says
 * {@code Connection: close}. Written once for every server on blocking streams (threads, virtual
 * threads, Ox); the others parse with their own libraries' codecs and framing.
 */
public final class Http1 {

    /** Headers longer than this end the connection: a server must not buffer without bound. */
    public static final int MAX_HEAD = 16 * 1024;
    /** Bodies longer than this end the connection. */
    public static final int MAX_BODY = 16 * 1024 * 1024;

    private Http1() {}

    /** One parsed request: its body, and whether the client asked to close after the answer. */
    public record Request(byte[] body, boolean close) {}

    /** The answer's head for a body of {@code length} bytes. */
    public static byte[] head(int length, boolean close) {
        return ("HTTP/1.1 200 OK\r\nContent-Length: " + length + "\r\nContent-Type: application/octet-stream\r\n"
                + (close ? "Connection: close\r\n" : "") + "\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** Reads one request; null when the client closed the connection cleanly between requests. */
    public static Request read(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream(256);
        int state = 0; // how much of "\r\n\r\n" has been seen
        while (state < 4) {
            int b = in.read();
            if (b < 0) {
                if (head.size() == 0) {
                    return null;
                }
                throw new IOException("connection closed in a request's head");
            }
            head.write(b);
            if (head.size() > MAX_HEAD) {
                throw new IOException("request head longer than " + MAX_HEAD + " bytes");
            }
            state = b == '\r' ? (state == 2 ? 3 : 1) : b == '\n' ? (state == 1 || state == 3 ? state + 1 : 0) : 0;
        }
        Head h = parse(head.toString(StandardCharsets.ISO_8859_1));
        byte[] body = in.readNBytes(h.length());
        if (body.length < h.length()) {
            throw new IOException("connection closed in a request's body");
        }
        return new Request(body, h.close());
    }

    /** What a request's head says: the body's length and whether to close. */
    public record Head(int length, boolean close) {}

    /** Parses a head (request line and headers, up to and with the empty line). */
    public static Head parse(String head) throws IOException {
        String[] lines = head.split("\r\n");
        if (lines.length == 0 || lines[0].split(" ").length != 3) {
            throw new IOException("not an HTTP/1.1 request line: " + (lines.length == 0 ? "" : lines[0]));
        }
        int length = 0;
        boolean close = lines[0].endsWith("HTTP/1.0");
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = lines[i].substring(colon + 1).trim();
            if (name.equals("content-length")) {
                try {
                    length = Integer.parseInt(value);
                } catch (NumberFormatException e) {
                    throw new IOException("bad Content-Length: " + value);
                }
                if (length < 0 || length > MAX_BODY) {
                    throw new IOException("Content-Length out of range: " + value);
                }
            } else if (name.equals("connection")) {
                close = value.equalsIgnoreCase("close");
            }
        }
        return new Head(length, close);
    }

    /** Writes the answer to {@code r}: its head and its body, flushed. */
    public static void answer(OutputStream out, Request r) throws IOException {
        out.write(head(r.body().length, r.close()));
        out.write(r.body());
        out.flush();
    }

    /** A request's bytes: {@code POST /echo} with the body. */
    public static byte[] request(byte[] body, boolean close) {
        byte[] head = ("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " + body.length + "\r\n"
                + (close ? "Connection: close\r\n" : "") + "\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[head.length + body.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }
}
