package threadring.threads;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import threadring.core.AbstractWorkload;
import threadring.core.echo.EchoServer;
import threadring.core.echo.Http1;

/**
 * The echo server with a thread per connection and blocking {@code java.net} sockets, written once
 * for platform and virtual threads (the drop-in claim again): an acceptor thread, then per
 * connection a thread that reads a request, writes the echo, and loops until the client closes.
 * Opened to wait, it {@code Thread.sleep}s before each answer: a platform thread blocks, a
 * virtual thread unmounts from its carrier, and the code is the same.
 */
public final class BlockingEchoServer extends AbstractWorkload implements EchoServer {

    /** Connections the kernel may queue before accept: the sweep opens up to 10,000 at once. */
    static final int BACKLOG = 16_384;

    private final ServerSocket server;
    private final ThreadFactory threads;
    private final int waitMs;
    /** Every open connection and the thread serving it, which close() interrupts out of its wait. */
    private final Map<Socket, Thread> open = new ConcurrentHashMap<>();

    /** A server whose connections' threads {@code threads} makes, answering after {@code waitMs} ms (0: at once). */
    public BlockingEchoServer(String id, ThreadFactory threads, int waitMs) {
        super(id, "echo server");
        this.threads = tracked(threads);
        this.waitMs = waitMs;
        try {
            server = new ServerSocket(0, BACKLOG, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new IllegalStateException(id + ": cannot listen on 127.0.0.1: " + e.getMessage(), e);
        }
        this.threads.newThread(this::accept).start();
    }

    @Override
    public int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                Thread t = threads.newThread(() -> serve(s));
                open.put(s, t);
                t.start();
            } catch (IOException e) {
                if (!server.isClosed()) {
                    fail(e);
                }
            }
        }
    }

    private void serve(Socket s) {
        try (s) {
            s.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(s.getInputStream());
            OutputStream out = new BufferedOutputStream(s.getOutputStream());
            for (Http1.Request r = Http1.read(in); r != null; r = Http1.read(in)) {
                if (waitMs > 0) {
                    Thread.sleep(waitMs);
                }
                Http1.answer(out, r);
                if (r.close()) {
                    break;
                }
            }
        } catch (IOException | InterruptedException e) {
            // the client went away mid-request, or close() shut the socket or interrupted the wait:
            // this connection ends
        } finally {
            open.remove(s);
        }
    }

    @Override
    protected void stop() throws IOException {
        server.close();
        for (Map.Entry<Socket, Thread> c : open.entrySet()) {
            c.getKey().close();
            c.getValue().interrupt(); // a closed socket does not wake a thread in its wait
        }
    }
}
