package threadring.quasar;

import co.paralleluniverse.fibers.Fiber;
import co.paralleluniverse.fibers.SuspendExecution;
import co.paralleluniverse.fibers.io.ChannelGroup;
import co.paralleluniverse.fibers.io.FiberServerSocketChannel;
import co.paralleluniverse.fibers.io.FiberSocketChannel;
import co.paralleluniverse.strands.Strand;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.Channel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import threadring.core.AbstractWorkload;
import threadring.core.echo.Drain;
import threadring.core.echo.EchoServer;
import threadring.core.echo.Http1;

/**
 * The echo server on Quasar's own fiber sockets ({@code co.paralleluniverse.fibers.io}): an
 * acceptor fiber, then per connection a fiber that reads a request from its
 * {@link FiberSocketChannel} (the fiber parks until the NIO.2 completion unparks it), answers with
 * one gathering write and loops until the client closes. The channels belong to a
 * {@link ChannelGroup} of the server's own, one tracked I/O thread that polls and runs the
 * completions: Quasar's default group would add a JDK epoll thread that nobody tracks or stops.
 * The fibers run on a FiberForkJoinScheduler of the server's own. Opened to wait, a connection's
 * fiber {@code Strand.sleep}s before each answer, parked on the scheduler's timer.
 */
final class FiberEchoServer extends AbstractWorkload implements EchoServer {

    /** Connections the kernel may queue before accept: the sweep opens up to 10,000 at once. */
    static final int BACKLOG = 16_384;
    /** A connection's first buffer: a small request fits; it grows for a large one and shrinks back. */
    private static final int BUFFER = 4096;

    private final OwnedScheduler owned;
    private final int waitMs;
    private final ChannelGroup group;
    /** Every open connection and the fiber serving it. */
    private final Map<FiberSocketChannel, Connection> connections = new ConcurrentHashMap<>();
    private final Acceptor acceptor;
    private final FiberServerSocketChannel server;
    private final int port;

    /** A server whose fibers run on {@code parallelism} carrier threads, answering after {@code waitMs} ms. */
    FiberEchoServer(String id, int parallelism, int waitMs) {
        super(id, "echo server");
        this.waitMs = waitMs;
        owned = new OwnedScheduler(id, parallelism, this::track);
        try {
            group = ChannelGroup.withFixedThreadPool(1, tracked(ioThreads(id)));
        } catch (IOException e) {
            shutdownQuietly(null);
            throw new IllegalStateException(id + ": cannot create a channel group: " + e.getMessage(), e);
        }
        // open() and bind happen in the acceptor fiber: open() is suspendable (declares SuspendExecution)
        CompletableFuture<FiberServerSocketChannel> bound = new CompletableFuture<>();
        acceptor = new Acceptor(bound);
        acceptor.setUncaughtExceptionHandler((strand, e) -> fail(e));
        acceptor.start();
        try {
            server = bound.get(closeTimeout().toMillis(), TimeUnit.MILLISECONDS);
            port = ((InetSocketAddress) server.getLocalAddress()).getPort();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            shutdownQuietly(group);
            throw new IllegalStateException(id + ": interrupted while binding", e);
        } catch (ExecutionException | TimeoutException | IOException e) {
            shutdownQuietly(group);
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw new IllegalStateException(id + ": cannot listen on 127.0.0.1: " + cause, cause);
        }
        owned.trackThreads(); // the timer and the worker that ran the acceptor; others as they carry connections
    }

    private static ThreadFactory ioThreads(String id) {
        return task -> {
            Thread t = new Thread(task, id + "-io");
            t.setDaemon(true);
            return t;
        };
    }

    @Override
    public int port() {
        return port;
    }

    /** Binds, then accepts until close() closes the server channel, starting a fiber per connection. */
    final class Acceptor extends Fiber<Void> {
        private static final long serialVersionUID = 1L;

        private final transient CompletableFuture<FiberServerSocketChannel> bound;

        Acceptor(CompletableFuture<FiberServerSocketChannel> bound) {
            super(id() + "/accept", owned.scheduler());
            this.bound = bound;
        }

        @Override
        protected Void run() throws SuspendExecution, InterruptedException {
            FiberServerSocketChannel s;
            try {
                s = FiberServerSocketChannel.open(group);
            } catch (IOException | RuntimeException e) {
                bound.completeExceptionally(e);
                return null;
            }
            try {
                s.bind(loopback(), BACKLOG);
            } catch (IOException | RuntimeException e) {
                closeQuietly(s);
                bound.completeExceptionally(e);
                return null;
            }
            bound.complete(s);
            while (s.isOpen()) {
                FiberSocketChannel ch;
                try {
                    ch = s.accept();
                } catch (IOException e) {
                    if (s.isOpen()) {
                        fail(e); // e.g. out of file descriptors: reported, and the server goes on
                    }
                    continue; // closed by close(): AsynchronousCloseException, and the loop ends
                }
                serve(ch);
            }
            return null;
        }
    }

    /** Starts the fiber of a new connection (a plain method: nothing here suspends). */
    private void serve(FiberSocketChannel ch) {
        Connection c = new Connection(ch);
        c.setUncaughtExceptionHandler((strand, e) -> fail(e));
        connections.put(ch, c);
        c.start();
    }

    /** One connection: requests read, answered and kept alive until the client leaves. */
    final class Connection extends Fiber<Void> {
        private static final long serialVersionUID = 1L;

        private final transient FiberSocketChannel ch;
        /** Bytes read and not yet consumed are {@code [0, position)}. */
        private transient ByteBuffer in = ByteBuffer.allocate(BUFFER);

        Connection(FiberSocketChannel ch) {
            super(owned.scheduler());
            this.ch = ch;
        }

        @Override
        protected Void run() throws SuspendExecution, InterruptedException {
            owned.trackCarrier(Thread.currentThread());
            try {
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                while (answer()) {
                    // next request on the same connection
                }
            } catch (IOException | InterruptedException e) {
                // the client left mid-request, sent what is not HTTP, or close() shut the channel or
                // interrupted the wait
            } finally {
                connections.remove(ch);
                closeQuietly(ch);
            }
            return null;
        }

        /** Reads one request and writes its echo; false if the connection is to end (clean EOF or close). */
        private boolean answer() throws IOException, SuspendExecution, InterruptedException {
            int headEnd = readHead();
            if (headEnd < 0) {
                return false;
            }
            Http1.Head h = parse(in.array(), headEnd);
            int end = headEnd + h.length();
            if (in.capacity() < end) {
                in = resized(in, end);
            }
            while (in.position() < end) {
                if (ch.read(in) < 0) {
                    throw closed("body");
                }
            }
            if (waitMs > 0) {
                Strand.sleep(waitMs);
            }
            ByteBuffer[] out = echo(h, in.array(), headEnd);
            while (out[0].hasRemaining() || out[1].hasRemaining()) { // a gathering write may be partial
                ch.write(out, 0, 2);
            }
            if (h.close()) {
                return false;
            }
            in.flip().position(end);
            in.compact(); // keeps a pipelined request's bytes
            if (in.capacity() > BUFFER && in.position() <= BUFFER) {
                in = resized(in, BUFFER); // a large body's buffer is not kept for the connection's life
            }
            return true;
        }

        /** Reads up to the end of a head; returns its length (with the empty line), or -1 at a clean EOF. */
        private int readHead() throws IOException, SuspendExecution {
            int from = 0;
            while (true) {
                int end = endOfHead(in.array(), from, in.position());
                if (end >= 0) {
                    if (end > Http1.MAX_HEAD) {
                        throw headTooLong();
                    }
                    return end;
                }
                if (in.position() >= Http1.MAX_HEAD) {
                    throw headTooLong();
                }
                from = Math.max(0, in.position() - 3);
                if (!in.hasRemaining()) {
                    in = resized(in, Math.min(2 * in.capacity(), Http1.MAX_HEAD));
                }
                if (ch.read(in) < 0) {
                    if (in.position() == 0) {
                        return -1;
                    }
                    throw closed("head");
                }
            }
        }
    }

    // Plain helpers for every `new` of the suspendable methods: Quasar 0.8.0's instrumentor, on a
    // current ASM, warns (and the build fails) on a constructor call between suspendable calls.

    private static InetSocketAddress loopback() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    }

    /** The head {@code b[0, length)}, parsed. */
    private static Http1.Head parse(byte[] b, int length) throws IOException {
        return Http1.parse(new String(b, 0, length, StandardCharsets.ISO_8859_1));
    }

    /** The answer to {@code h}: its head, then the body, which follows the request's head in {@code b}. */
    private static ByteBuffer[] echo(Http1.Head h, byte[] b, int headLength) {
        return new ByteBuffer[] {ByteBuffer.wrap(Http1.head(h.length(), h.close())),
            ByteBuffer.wrap(b, headLength, h.length())};
    }

    private static IOException closed(String part) {
        return new IOException("connection closed in a request's " + part);
    }

    private static IOException headTooLong() {
        return new IOException("request head longer than " + Http1.MAX_HEAD + " bytes");
    }

    /** The index just past the first CRLFCRLF in {@code b[from, to)}, or -1. */
    private static int endOfHead(byte[] b, int from, int to) {
        for (int i = from; i + 3 < to; i++) {
            if (b[i] == '\r' && b[i + 1] == '\n' && b[i + 2] == '\r' && b[i + 3] == '\n') {
                return i + 4;
            }
        }
        return -1;
    }

    /** A buffer of {@code capacity} holding {@code b}'s bytes {@code [0, position)}. */
    private static ByteBuffer resized(ByteBuffer b, int capacity) {
        ByteBuffer r = ByteBuffer.allocate(capacity);
        r.put(b.array(), 0, b.position());
        return r;
    }

    private static void closeQuietly(Channel c) {
        try {
            c.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    /** Cleans up after a failed constructor. */
    private void shutdownQuietly(ChannelGroup g) {
        if (g != null) {
            g.shutdown(); // no channel is open: its thread ends
        }
        try {
            owned.shutdown(closeTimeout());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    protected void stop() throws Exception {
        server.close(); // the pending accept fails: the acceptor ends
        join(List.of(acceptor)); // so that no connection is added from here on
        Drain.await(connections::size, closeTimeout()); // see Drain: why before closing
        List<Connection> serving = List.copyOf(connections.values());
        for (FiberSocketChannel c : connections.keySet()) {
            closeQuietly(c); // a pending read fails: its fiber ends
        }
        serving.forEach(Fiber::interrupt); // a closed channel does not wake a fiber in its wait
        join(serving);
        group.shutdown(); // every channel is closed: its thread ends
        owned.shutdown(closeTimeout());
    }

    /** Waits for fibers to end; one that does not is left to close()'s report of live threads. */
    private void join(List<? extends Fiber<?>> fibers) throws InterruptedException {
        long deadline = System.nanoTime() + closeTimeout().toNanos();
        for (Fiber<?> f : fibers) {
            try {
                f.join(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (ExecutionException | TimeoutException e) {
                // reported through fail() or by close()
            }
        }
    }
}
