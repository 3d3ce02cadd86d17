package threadring.threads;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import threadring.core.AbstractWorkload;
import threadring.core.EchoServer;
import threadring.core.Http1;

/**
 * The echo server with a thread per connection and blocking {@code java.net} sockets, written once
 * for platform and virtual threads (the drop-in claim again): an acceptor thread, then per
 * connection a thread that reads a request, writes the echo, and loops until the client closes.
 */
public final class BlockingEchoServer extends AbstractWorkload implements EchoServer {

    /** Connections the kernel may queue before accept: the sweep opens up to 10,000 at once. */
    static final int BACKLOG = 16_384;

    private final ServerSocket server;
    private final ThreadFactory threads;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();

    public BlockingEchoServer(String id, ThreadFactory threads) {
        super(id, "echo server");
        this.threads = tracked(threads);
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
                open.add(s);
                threads.newThread(() -> serve(s)).start();
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
                Http1.answer(out, r);
                if (r.close()) {
                    break;
                }
            }
        } catch (IOException e) {
            // the client went away mid-request, or close() shut the socket: this connection ends
        } finally {
            open.remove(s);
        }
    }

    @Override
    protected void stop() throws IOException {
        server.close();
        for (Socket s : open) {
            s.close();
        }
    }
}
