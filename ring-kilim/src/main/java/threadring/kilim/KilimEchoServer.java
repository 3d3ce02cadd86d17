package threadring.kilim;

import java.io.IOException;
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.FutureTask;
import kilim.Pausable;
import kilim.Task;
import kilim.nio.EndPoint;
import kilim.nio.NioSelectorScheduler;
import kilim.nio.SessionTask;
import threadring.core.AbstractWorkload;
import threadring.core.echo.EchoServer;
import threadring.core.echo.Http1;

/**
 * The echo server on Kilim's own NIO layer: a {@link NioSelectorScheduler} whose selector thread
 * wakes woven {@link SessionTask}s, an accept task and one task per connection, which read and
 * write through their {@link EndPoint} ({@code fill}, {@code write}) and run on a scheduler of the
 * server's own. Kilim's {@code listen} binds the wildcard address with a backlog of 1,000, so the
 * accept task is ours, on 127.0.0.1; requests are framed with {@link Http1} (kilim.http's parser
 * has no size limits and formats dates with a shared SimpleDateFormat). Opened to wait, a
 * connection's task {@code Task.sleep}s before each answer, paused on the scheduler's timer while
 * its worker runs the other tasks.
 */
final class KilimEchoServer extends AbstractWorkload implements EchoServer {

    /** Connections the kernel may queue before accept (capped by net.core.somaxconn). */
    static final int BACKLOG = 16_384;
    /** A connection's read buffer to start with, and to go back to after a long request. */
    private static final int BUFFER = 4096;
    private static final long SELECTOR_EXIT_MS = 5_000;
    private static final byte[] END_OF_HEAD = {'\r', '\n', '\r', '\n'};

    private final OwnedScheduler scheduler;
    private final int waitMs;
    private NioSelectorScheduler nio;
    private Thread selectorThread;
    private Selector selector;
    private ServerSocketChannel server;
    private int port;
    /** How long stop() lets the tasks still queued or sleeping end before it shuts the scheduler down. */
    private static final int IDLE_MS = 10_000;

    /** The connections' channels, closed by stop(); guarded by itself, like {@link #stopping}. */
    private final Set<SocketChannel> open = new HashSet<>();
    private boolean stopping;

    /** A server on {@code workers} workers, answering after {@code waitMs} ms (0: at once). */
    KilimEchoServer(String id, int workers, int waitMs) {
        super(id, "echo server");
        Woven.require(Acceptor.class);
        Woven.require(Connection.class);
        this.waitMs = waitMs;
        scheduler = new OwnedScheduler(workers, tracked(task -> new Thread(task, id + "-worker")));
        try {
            nio = openNio(id);
            selectorThread = hidden(nio, "selectorThread", Thread.class);
            selectorThread.setName(id + "-selector");
            track(selectorThread);
            selector = hidden(nio, "sel", Selector.class);
            server = ServerSocketChannel.open();
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), BACKLOG);
            server.configureBlocking(false);
            port = server.socket().getLocalPort();
            Acceptor acceptor = new Acceptor();
            acceptor.endpoint = new EndPoint(nio, server);
            scheduler.startAll(acceptor);
        } catch (Exception | Error e) {
            try {
                stop();
            } catch (Exception s) {
                e.addSuppressed(s);
            }
            throw new IllegalStateException(id + ": cannot listen on 127.0.0.1: " + e, e);
        }
    }

    /**
     * A NioSelectorScheduler made on a daemon thread of ours: its selector thread, which it starts
     * with no factory, inherits daemon status, so a leaked one cannot hold the JVM.
     */
    private NioSelectorScheduler openNio(String id) throws Exception {
        FutureTask<NioSelectorScheduler> make = new FutureTask<>(NioSelectorScheduler::new);
        Thread maker = tracked(task -> new Thread(task, id + "-open")).newThread(make);
        maker.setDaemon(true);
        maker.start();
        return make.get();
    }

    /** Kilim keeps its selector and its thread private, and never closes the one or exposes the other. */
    private static <T> T hidden(NioSelectorScheduler nio, String name, Class<T> type)
            throws ReflectiveOperationException {
        Field f = NioSelectorScheduler.class.getDeclaredField(name);
        f.setAccessible(true);
        return type.cast(f.get(nio));
    }

    @Override
    public int port() {
        return port;
    }

    /** Starts a connection's task, unless stop() has begun (then its channel would never be closed). */
    private void serve(SocketChannel ch) {
        try {
            ch.configureBlocking(false);
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            synchronized (open) {
                if (stopping) {
                    ch.close();
                    return;
                }
                open.add(ch);
            }
        } catch (IOException e) {
            closeQuietly(ch); // the client already left: only this connection ends
            return;
        }
        Connection c = new Connection();
        c.endpoint = new EndPoint(nio, ch);
        c.setScheduler(scheduler);
        c.start();
    }

    private void forget(SocketChannel ch) {
        synchronized (open) {
            open.remove(ch);
        }
    }

    /** What Kilim's own ListenTask does, on 127.0.0.1: accept until none is waiting, then wait on the selector. */
    final class Acceptor extends SessionTask {
        @Override
        public void execute() throws Pausable {
            while (true) {
                try {
                    SocketChannel ch = server.accept();
                    if (ch == null) {
                        endpoint.pauseUntilAcceptable();
                    } else {
                        serve(ch);
                    }
                } catch (ClosedChannelException e) {
                    return; // stop() closed the listening channel
                } catch (IOException e) {
                    if (!server.isOpen()) {
                        return;
                    }
                    fail(e);
                }
            }
        }
    }

    /** One connection: answers requests until one asks to close or the client leaves. */
    final class Connection extends SessionTask {
        @Override
        public void execute() throws Pausable {
            try {
                exchange();
            } catch (IOException e) {
                // the client left (EOFException), sent what is not HTTP, or stop() closed the channel
            } finally {
                forget(endpoint.dataChannel());
                close();
            }
        }

        /**
         * Reads a request into the buffer, answers it, keeps what follows. No try here, and one type
         * per local: the weaver merges the types at a join through its own class reader, which
         * cannot read the sealed ByteBuffer.
         */
        private void exchange() throws IOException, Pausable {
            ByteBuffer in = ByteBuffer.allocate(BUFFER); // position = bytes held
            while (true) {
                int scanned = 0;
                int headEnd;
                while ((headEnd = headEnd(in, scanned)) < 0) {
                    if (in.position() >= Http1.MAX_HEAD) {
                        throw new IOException("request head longer than " + Http1.MAX_HEAD + " bytes");
                    }
                    scanned = Math.max(0, in.position() - (END_OF_HEAD.length - 1));
                    in = endpoint.fill(room(in, 1), 1); // EOFException when the client closes
                }
                Http1Frame request = new Http1Frame(in.array(), headEnd);
                if (in.position() < request.end) {
                    int more = request.end - in.position();
                    in = endpoint.fill(room(in, more), more);
                }
                if (waitMs > 0) {
                    Task.sleep(waitMs);
                }
                endpoint.write(request.answer(in.array())); // one write: head and body in the same segments
                if (request.close) {
                    return;
                }
                in = rest(in, request.end);
            }
        }
    }

    /**
     * {@code in} with room for {@code n} more bytes. EndPoint.fill can grow a buffer itself, but it
     * copies the old one up to its limit, not its position (garbage included), so this grows it first.
     */
    static ByteBuffer room(ByteBuffer in, int n) {
        if (in.remaining() >= n) {
            return in;
        }
        ByteBuffer bigger = ByteBuffer.allocate(Math.max(in.capacity() * 3 / 2, in.position() + n));
        bigger.put(in.array(), 0, in.position());
        return bigger;
    }

    /** Where the head ends (just past its empty line) within the first MAX_HEAD bytes, or -1. */
    static int headEnd(ByteBuffer in, int from) {
        byte[] a = in.array();
        int last = Math.min(in.position(), Http1.MAX_HEAD) - END_OF_HEAD.length;
        for (int i = from; i <= last; i++) {
            if (a[i] == '\r' && a[i + 1] == '\n' && a[i + 2] == '\r' && a[i + 3] == '\n') {
                return i + END_OF_HEAD.length;
            }
        }
        return -1;
    }

    /** The bytes after {@code used} moved to the front (a pipelined request), in a small buffer again if it grew. */
    static ByteBuffer rest(ByteBuffer in, int used) {
        int left = in.position() - used;
        ByteBuffer next = in.capacity() > BUFFER && left <= BUFFER ? ByteBuffer.allocate(BUFFER) : in;
        System.arraycopy(in.array(), used, next.array(), 0, left);
        next.clear().position(left);
        return next;
    }

    private static void closeQuietly(SocketChannel ch) {
        try {
            ch.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    @Override
    protected void stop() throws Exception {
        synchronized (open) {
            stopping = true;
        }
        if (nio != null) {
            nio.shutdown(); // its thread cancels every key, closes the listening channel and ends
            if (selectorThread != null) {
                selectorThread.join(SELECTOR_EXIT_MS);
            }
        }
        // A channel closed while registered keeps its socket (the port, for the listening one) until
        // its selector lets go of it; Kilim never closes the selector, so this does.
        if (selector != null) {
            selector.close();
        }
        if (server != null) {
            server.close();
        }
        synchronized (open) {
            open.forEach(KilimEchoServer::closeQuietly); // tasks waiting on the selector stay parked: no thread
            open.clear();
        }
        // A waiting connection's task wakes on its timer after this, finds its channel closed and ends;
        // shut down before, its wake-up was refused in the worker's afterExecute, again for every task
        // left in the queue, and the worker outlived close() by 30 s (1,500 connections, 50 ms waits).
        scheduler.waitIdle(IDLE_MS);
        scheduler.shutdown();
    }
}
