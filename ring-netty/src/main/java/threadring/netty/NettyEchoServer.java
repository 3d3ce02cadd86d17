package threadring.netty;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import threadring.core.AbstractWorkload;
import threadring.core.echo.EchoServer;
import threadring.core.echo.Http1;

/**
 * The echo server as a Netty user writes it: a {@link ServerBootstrap} on NIO event loops, Netty's
 * own HTTP/1.1 codec and aggregator, and a handler that answers each full request with its
 * content (retained, not copied). Keep-alive as the request asks; a request Netty cannot decode
 * closes its connection. Opened to wait, it never blocks an event loop: the loop's own timer sends
 * each answer after the wait, and the loop serves the other connections meanwhile.
 */
final class NettyEchoServer extends AbstractWorkload implements EchoServer {

    /** Connections the kernel may queue before accept (capped by net.core.somaxconn). */
    static final int BACKLOG = 16_384;

    private final EventLoopGroup loops;
    private final ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private final Channel server;

    /** {@code threads} event loops (0 for Netty's default, twice the cpus), answering after {@code waitMs} ms. */
    NettyEchoServer(String id, int threads, int waitMs) {
        super(id, "echo server");
        loops = new MultiThreadIoEventLoopGroup(threads, tracked(new DefaultThreadFactory(id.replace('/', '-'))),
                NioIoHandler.newFactory());
        try {
            server = new ServerBootstrap().group(loops)
                    .channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, BACKLOG)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            connections.add(ch);
                            ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(Http1.MAX_BODY),
                                    new Echo(waitMs));
                        }
                    })
                    .bind(InetAddress.getLoopbackAddress(), 0).sync().channel();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            loops.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new IllegalStateException(id + ": interrupted while binding", e);
        } catch (RuntimeException e) {
            loops.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new IllegalStateException(id + ": cannot listen on 127.0.0.1: " + e.getMessage(), e);
        }
    }

    /** Answers a request with its own body, after {@code waitMs} ms (0: at once). */
    private static final class Echo extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final int waitMs;

        Echo(int waitMs) {
            this.waitMs = waitMs;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            if (request.decoderResult().isFailure()) {
                ctx.close();
                return;
            }
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            ByteBuf body = request.content().retain();
            FullHttpResponse response = new DefaultFullHttpResponse(request.protocolVersion(), HttpResponseStatus.OK,
                    body);
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_OCTET_STREAM)
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
            if (waitMs == 0) {
                answer(ctx, response, keepAlive);
                return;
            }
            // The channel's own loop runs timers of equal deadline in the order they were set, and a
            // later request's deadline is never earlier: pipelined requests are answered in order.
            ctx.executor().schedule(() -> answer(ctx, response, keepAlive), waitMs, TimeUnit.MILLISECONDS)
                    .addListener(f -> {
                        if (f.isCancelled()) {
                            response.release(); // close() shut the loop down first: nobody will write it
                        }
                    });
        }

        private static void answer(ChannelHandlerContext ctx, FullHttpResponse response, boolean keepAlive) {
            if (!keepAlive) {
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
            } else {
                ctx.writeAndFlush(response);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close(); // a client that went away, or bytes that are not HTTP: this connection ends
        }
    }

    @Override
    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    @Override
    protected void stop() {
        server.close().syncUninterruptibly();
        connections.close().syncUninterruptibly();
        loops.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
