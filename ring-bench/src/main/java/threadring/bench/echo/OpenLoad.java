package threadring.bench.echo;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * An open-model load on an echo server: requests are due at a fixed rate whatever the server does,
 * and each is timed from when it was due, not from when a connection was free to send it, so that
 * waiting for a slow server counts (what a closed loop such as wrk leaves out: coordinated
 * omission). On one Netty event loop, the generator's one cpu: first every connection is opened
 * and answers one request ({@link #connect}), then each {@link #rung} offers a rate for some
 * seconds, request i due at {@code start + i / rate} on connection {@code i mod C}. HTTP/1.1 keeps
 * one request in flight per connection: one due while its connection waits is queued there, its
 * clock running. Every answer must be 200 with the request's body.
 */
final class OpenLoad implements AutoCloseable {

    /** The body every request posts: the same 128 bytes as wrk's echo.lua. */
    static final byte[] BODY = "threadring echo!".repeat(8).getBytes(StandardCharsets.US_ASCII);
    /** How long a rung waits for its last answers after its last request was due. */
    static final long DRAIN_NS = TimeUnit.SECONDS.toNanos(10);
    /**
     * The pacer's shortest sleep: requests due within it go out together, each still timed from when
     * it was due. Netty's own timer cannot pace below a millisecond: with a task due in less than
     * half a millisecond its NIO loop polls without blocking, and a 500 µs tick kept the loop's
     * thread 100% busy at 5,000 requests/s.
     */
    static final long MIN_PARK_NS = TimeUnit.MICROSECONDS.toNanos(50);

    private final EventLoopGroup loop;
    private final ByteBuf request;
    private final List<Connection> connections = new ArrayList<>();
    private Rung current;
    private long errors;
    private String firstError;
    private long wrong;
    private String firstWrong;

    OpenLoad() {
        loop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        String head = "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
                + "Content-Length: " + BODY.length + "\r\n\r\n";
        request = Unpooled.unreleasableBuffer(Unpooled.directBuffer().writeBytes(head.getBytes(StandardCharsets.US_ASCII))
                .writeBytes(BODY)).asReadOnly();
    }

    /**
     * Opens {@code count} connections to the server on {@code port} and sends one request on each;
     * returns how many were answered within {@code timeoutSeconds} (all of them: the server holds
     * every connection), with the seconds it took.
     */
    EchoScore.Held connect(int port, int count, int timeoutSeconds) throws InterruptedException {
        long start = System.nanoTime();
        CompletableFuture<Void> all = new CompletableFuture<>();
        int[] answered = {0};
        // connections not yet answered, at most half the JDK's default listen backlog: a connect the
        // kernel has queued but the server not accepted still takes a place in its listen queue
        Semaphore pending = new Semaphore(HeldWindow.Pace.DEFAULT.perThread());
        Bootstrap b = new Bootstrap().group(loop).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, timeoutSeconds * 1000)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        Connection c = new Connection(ch, () -> {
                            pending.release();
                            if (++answered[0] == count) {
                                all.complete(null);
                            }
                        }, pending::release);
                        ch.pipeline().addLast(c);
                    }
                });
        for (int i = 0; i < count && !all.isDone(); i++) {
            if (!pending.tryAcquire(Math.max(1, timeoutSeconds * 1000L - (System.nanoTime() - start) / 1_000_000),
                    TimeUnit.MILLISECONDS)) {
                break;
            }
            b.connect(InetAddress.getLoopbackAddress(), port).addListener(f -> {
                if (!f.isSuccess()) {
                    pending.release();
                    error("connect: " + f.cause());
                }
            });
        }
        try {
            all.get(Math.max(1, timeoutSeconds * 1000L - (System.nanoTime() - start) / 1_000_000), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // fewer than all held: said by the count
        }
        int held = loop.submit(() -> answered[0]).syncUninterruptibly().getNow();
        return new EchoScore.Held(count, held, (System.nanoTime() - start) / 1e9);
    }

    /**
     * Offers {@code rate} requests per second for {@code seconds} over the held connections and
     * waits for their answers (at most {@link #DRAIN_NS} after the last was due).
     */
    EchoScore.Rung rung(double rate, int seconds) throws InterruptedException {
        Rung r = new Rung(rate, (long) Math.ceil(rate * seconds));
        long cpu0 = cpuNs();
        loop.submit(() -> {
            current = r;
            r.start = System.nanoTime();
        }).syncUninterruptibly();
        Thread pacer = new Thread(() -> pace(r), "pacer");
        pacer.setDaemon(true);
        pacer.start();
        long lastDue = (long) ((r.total - 1) / rate * 1e9);
        if (!r.done.await(lastDue / 1_000_000 + DRAIN_NS / 1_000_000, TimeUnit.MILLISECONDS)) {
            loop.submit(r::stop).syncUninterruptibly();
        }
        r.stopped = true;
        pacer.join();
        long wall = System.nanoTime() - r.start;
        return loop.submit(() -> r.result(wall, cpuNs() - cpu0)).syncUninterruptibly().getNow();
    }

    /**
     * Wakes the event loop when the next request is due (sleeping at least {@link #MIN_PARK_NS}),
     * until every request of the rung has been sent or the rung is stopped.
     */
    private void pace(Rung r) {
        while (r.next < r.total && !r.stopped) {
            LockSupport.parkNanos(Math.max(MIN_PARK_NS, r.dueAt(r.next) - System.nanoTime()));
            loop.execute(r::due);
        }
    }

    private static long cpuNs() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    private void error(String what) {
        errors++;
        if (firstError == null) {
            firstError = what;
        }
    }

    /** An answer that is not 200 with the request's body: an error, and one that fails the id. */
    private void wrong(String what) {
        wrong++;
        if (firstWrong == null) {
            firstWrong = what;
        }
        error(what);
    }

    /** Wrong answers so far and the first one, or null if none. */
    String wrong() {
        return wrong == 0 ? null : wrong + " (first: " + firstWrong + ")";
    }

    /** Errors so far (connects refused, connections lost, wrong answers) and the first one. */
    String errors() {
        return errors == 0 ? null : errors + " (first: " + firstError + ")";
    }

    @Override
    public void close() {
        loop.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** One rung on the event loop: what is due, what was answered, the latencies. */
    private final class Rung {
        final double rate;
        final long total;
        final CountDownLatch done = new CountDownLatch(1);
        final Histogram latencyUs = new Histogram(TimeUnit.MINUTES.toMicros(10), 3);
        final Histogram lagUs = new Histogram(TimeUnit.MINUTES.toMicros(10), 3);
        long start;
        /** The next request to send: written on the event loop, read by the pacer. */
        volatile long next;
        volatile boolean stopped;
        long answered;
        long lastAnswer;

        Rung(double rate, long total) {
            this.rate = rate;
            this.total = total;
        }

        long dueAt(long i) {
            return start + (long) (i * 1e9 / rate);
        }

        /** Sends (or queues) every request due by now. */
        void due() {
            if (current != this) { // a wake-up queued before the rung ended
                return;
            }
            long now = System.nanoTime();
            long i = next;
            while (i < total && dueAt(i) <= now && !connections.isEmpty()) {
                connections.get((int) (i % connections.size())).offer(dueAt(i), now);
                i++;
            }
            next = i;
        }

        void answered(long due, long now) {
            latencyUs.recordValue(Math.max(0, (now - due) / 1000));
            answered++;
            lastAnswer = now;
            if (answered == total) {
                done.countDown();
            }
        }

        void stop() {
            stopped = true;
            done.countDown();
        }

        EchoScore.Rung result(long wallNs, long cpuNs) {
            current = null;
            connections.forEach(Connection::forget);
            double seconds = (lastAnswer > start ? lastAnswer - start : wallNs) / 1e9;
            return new EchoScore.Rung(rate, total, answered, seconds, new EchoScore.Latency(latencyUs.getValueAtPercentile(50),
                    latencyUs.getValueAtPercentile(90), latencyUs.getValueAtPercentile(99),
                    latencyUs.getValueAtPercentile(99.9), latencyUs.getMaxValue(), latencyUs.getMean()),
                    lagUs.getValueAtPercentile(99), cpuNs < 0 ? null : cpuNs / 1e6, wallNs / 1e9, null);
        }
    }

    /** One connection: at most one request in flight, the ones due meanwhile queued with their due times. */
    private final class Connection extends ChannelInboundHandlerAdapter {
        private final Channel channel;
        private final Runnable firstAnswer;
        private final Runnable closedUnanswered;
        private final ArrayDeque<Long> queued = new ArrayDeque<>();
        private ByteBuf in;
        private long inFlightDue = -1;
        private boolean held;

        Connection(Channel channel, Runnable firstAnswer, Runnable closedUnanswered) {
            this.channel = channel;
            this.firstAnswer = firstAnswer;
            this.closedUnanswered = closedUnanswered;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            in = ctx.alloc().buffer();
            send(System.nanoTime());
        }

        void offer(long due, long now) {
            if (inFlightDue < 0) {
                current.lagUs.recordValue(Math.max(0, (now - due) / 1000));
                send(due);
            } else {
                queued.add(due);
            }
        }

        private void send(long due) {
            inFlightDue = due;
            channel.writeAndFlush(request.retainedDuplicate(), channel.voidPromise());
        }

        /** After a rung: nothing queued is due any more. */
        void forget() {
            queued.clear();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf b = (ByteBuf) msg;
            in.writeBytes(b);
            b.release();
            int body;
            while ((body = answerLength()) >= 0) {
                answer(body);
            }
        }

        /** The length of a whole answer's body if the buffer holds one (its head is consumed), else -1. */
        private int answerLength() {
            int end = ByteBufUtil.indexOf(HEAD_END, in);
            if (end < 0) {
                return -1;
            }
            String head = in.toString(in.readerIndex(), end - in.readerIndex(), StandardCharsets.ISO_8859_1);
            int length = contentLength(head);
            if (in.readableBytes() < end - in.readerIndex() + HEAD_END.readableBytes() + length) {
                return -1;
            }
            if (!head.startsWith("HTTP/1.1 200")) {
                wrong("answer " + head.lines().findFirst().orElse(""));
            }
            in.readerIndex(end + HEAD_END.readableBytes());
            return length;
        }

        private void answer(int length) {
            boolean right = length == BODY.length && ByteBufUtil.equals(in, in.readerIndex(), WANTED, 0, BODY.length);
            in.skipBytes(length);
            in.discardSomeReadBytes();
            if (!right) {
                wrong("answer of " + length + " bytes that is not the request's body");
            }
            long now = System.nanoTime();
            if (!held) {
                held = true;
                connections.add(this);
                firstAnswer.run();
            } else if (current != null) {
                current.answered(inFlightDue, now);
            }
            inFlightDue = -1;
            Long due = queued.poll();
            if (due != null) {
                send(due);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            connections.remove(this);
            if (in != null) {
                in.release();
            }
            if (held) {
                error("the server closed a connection");
            } else {
                closedUnanswered.run();
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            error(cause.toString());
            ctx.close();
        }
    }

    private static final ByteBuf HEAD_END = Unpooled.unreleasableBuffer(Unpooled.copiedBuffer("\r\n\r\n",
            StandardCharsets.US_ASCII));
    private static final ByteBuf WANTED = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(BODY));

    /** The Content-Length of an answer's head (0 without one). */
    static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase("content-length")) {
                return Integer.parseInt(line.substring(colon + 1).trim());
            }
        }
        return 0;
    }
}
