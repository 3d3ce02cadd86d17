package threadring.core.echo;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import threadring.core.Operation;
import threadring.core.RingFactory;
import threadring.core.WrongAnswerException;

/**
 * A checking client for echo servers ({@code check --workload echo} and the contract kit):
 * connections on 127.0.0.1 that each send requests with random bodies, one after another on the
 * same connection (keep-alive), and check that every answer is {@code 200} with the same body.
 */
public final class EchoClient {

    /** Bodies of a checked run: random, up to 4 KiB. */
    public static final int MAX_BODY = 4096;
    /** How long a checked request may wait for its answer. */
    public static final int REQUEST_TIMEOUT_MS = 60_000;

    private EchoClient() {}

    /**
     * {@code f}'s echo server opened, for runs of {@code size.connections()} connections at once:
     * each run sends its steps in requests with random bodies, and every echo is compared.
     */
    static Operation operation(RingFactory f, EchoSize size) {
        EchoServer server = f.open(EchoServer.WORKLOAD, size);
        return Operation.of(server, server::threads, requests -> {
            long checked;
            try {
                checked = run(server.port(), size.connections(), requests, MAX_BODY, requests, REQUEST_TIMEOUT_MS);
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(f.id() + ": " + e, e);
            }
            if (checked != requests) {
                throw new WrongAnswerException(f.id() + ": " + size.arguments(requests) + " checked " + checked
                        + " requests");
            }
            return checked;
        });
    }

    /** One connection of the client: send a body, read the answer, check it. */
    public static final class Connection implements AutoCloseable {
        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;

        public Connection(int port, int timeoutMillis) throws IOException {
            socket = new Socket(InetAddress.getLoopbackAddress(), port);
            socket.setSoTimeout(timeoutMillis);
            socket.setTcpNoDelay(true);
            in = new BufferedInputStream(socket.getInputStream());
            out = new BufferedOutputStream(socket.getOutputStream());
        }

        /** Sends {@code body} and checks the echo; throws naming what differed. */
        public void echo(byte[] body) throws IOException {
            send(body, false);
            byte[] answer = answer();
            if (!Arrays.equals(body, answer)) {
                throw new IOException(String.format(Locale.ROOT, "wrong echo: sent %,d bytes, got %,d back%s",
                        body.length, answer.length, answer.length == body.length ? " that differ" : ""));
            }
        }

        /** Sends a request without waiting for its answer. */
        public void send(byte[] body, boolean close) throws IOException {
            out.write(Http1.request(body, close));
            out.flush();
        }

        /** Writes raw bytes (part of a request, to leave it unfinished). */
        public void raw(byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
        }

        /** Reads one answer: must be 200 with a Content-Length; returns its body. */
        public byte[] answer() throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream(128);
            int state = 0;
            while (state < 4) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("the server closed the connection before its answer");
                }
                head.write(b);
                state = b == '\r' ? (state == 2 ? 3 : 1) : b == '\n' ? (state == 1 || state == 3 ? state + 1 : 0) : 0;
            }
            String text = head.toString(StandardCharsets.ISO_8859_1);
            if (!text.startsWith("HTTP/1.1 200")) {
                throw new IOException("not 200 OK: " + text.lines().findFirst().orElse(""));
            }
            Http1.Head h = Http1.parse("GET / HTTP/1.1\r\n" + text.substring(text.indexOf("\r\n") + 2));
            byte[] body = in.readNBytes(h.length());
            if (body.length < h.length()) {
                throw new IOException("the answer's body ended early");
            }
            return body;
        }

        /** Whether the server has closed the connection: the next read sees its end (or a reset). */
        public boolean ended() throws IOException {
            try {
                return in.read() < 0;
            } catch (SocketException reset) {
                return true;
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /**
     * {@code connections} connections at once, sending {@code requests} requests in all (spread
     * evenly) with random bodies of 0 to {@code maxBody} bytes, each connection one request after
     * another, checking each echo; returns the requests checked. Throws on the first wrong answer.
     */
    public static int run(int port, int connections, int requests, int maxBody, long seed, int timeoutMillis)
            throws Exception {
        if (connections < 1 || requests < 0 || maxBody < 0) {
            throw new IllegalArgumentException("connections must be >= 1 and requests, maxBody >= 0, were "
                    + connections + ", " + requests + ", " + maxBody);
        }
        ExecutorService pool = Executors.newFixedThreadPool(connections, r -> {
            Thread t = new Thread(r, "echo-client");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Integer>> done = new ArrayList<>();
            for (int c = 0; c < connections; c++) {
                Random random = new Random(seed + c);
                int mine = requests / connections + (c < requests % connections ? 1 : 0);
                done.add(pool.submit(() -> {
                    try (Connection connection = new Connection(port, timeoutMillis)) {
                        for (int r = 0; r < mine; r++) {
                            byte[] body = new byte[random.nextInt(maxBody + 1)];
                            random.nextBytes(body);
                            connection.echo(body);
                        }
                    }
                    return mine;
                }));
            }
            int checked = 0;
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis) * (requests / connections + 1);
            for (Future<Integer> f : done) {
                try {
                    checked += f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof Exception x ? x : e;
                }
            }
            return checked;
        } finally {
            pool.shutdownNow();
        }
    }
}
