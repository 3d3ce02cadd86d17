package threadring.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import reactor.netty.resources.LoopResources;
import threadring.core.AbstractWorkload;
import threadring.core.echo.EchoServer;
import threadring.core.echo.Http1;

/**
 * The echo server as a Reactor Netty user writes it (the engine under Spring WebFlux):
 * {@code HttpServer.create()...handle((request, response) -> ...).bindNow()}, a handler that
 * aggregates the request's body into one buffer and sends it back as a {@code Mono}, which gives
 * the answer its Content-Length. Reactor Netty parses, keeps connections alive, answers pipelined
 * requests in order and closes a connection whose request asks or cannot be decoded. Opened to
 * wait, the body's {@code Mono} is {@code delayElement}ed: Reactor's parallel scheduler (shared by
 * the JVM, as every Reactor user's is) times it and the write hops back to the channel's loop.
 *
 * <p>The event loops are Reactor Netty's defaults (its worker count, {@link
 * LoopResources#DEFAULT_IO_WORKER_COUNT}: at least 4; epoll where Netty's native transport loads,
 * else NIO) made by the server with a thread factory of its own, so that its threads are tracked
 * and end with it ({@code runOn(EventLoopGroup)}); Reactor's global {@code HttpResources} would
 * outlive the server.
 */
final class ReactorEchoServer extends AbstractWorkload implements EchoServer {

    private final EventLoopGroup loops;
    private final DisposableServer server;

    /** A server on {@code threads} loops (0 for Reactor Netty's default count), answering after {@code waitMs} ms. */
    ReactorEchoServer(String id, int threads, int waitMs) {
        super(id, "echo server");
        loops = new MultiThreadIoEventLoopGroup(threads > 0 ? threads : LoopResources.DEFAULT_IO_WORKER_COUNT,
                tracked(new DefaultThreadFactory(id.replace('/', '-'), true)), transport());
        try {
            server = HttpServer.create()
                    .host("127.0.0.1")
                    .port(0)
                    .option(ChannelOption.SO_BACKLOG, NettyEchoServer.BACKLOG)
                    .runOn(loops)
                    .handle((request, response) -> echo(request, response, waitMs))
                    .bindNow();
        } catch (RuntimeException e) {
            loops.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new IllegalStateException(id + ": cannot listen on 127.0.0.1: " + e.getMessage(), e);
        }
    }

    /** Whether Reactor Netty would run on epoll here by default (its native library loads), else NIO. */
    static boolean onEpoll() {
        return LoopResources.DEFAULT_NATIVE && Epoll.isAvailable();
    }

    private static IoHandlerFactory transport() {
        return onEpoll() ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    }

    private Publisher<Void> echo(HttpServerRequest request, HttpServerResponse response, int waitMs) {
        // bounded like the other servers: a declared length over the limit is refused unread
        if (declaredTooLong(request.requestHeaders().get(HttpHeaderNames.CONTENT_LENGTH))) {
            return response.status(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE).keepAlive(false).send();
        }
        Mono<ByteBuf> body = request.receive().aggregate().retain().defaultIfEmpty(Unpooled.EMPTY_BUFFER);
        if (waitMs > 0) {
            body = body.delayElement(Duration.ofMillis(waitMs));
        }
        return response.header(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_OCTET_STREAM)
                .send(body.doOnNext(b -> answering()));
    }

    private static boolean declaredTooLong(String contentLength) {
        try {
            return contentLength != null && Long.parseLong(contentLength.trim()) > Http1.MAX_BODY;
        } catch (NumberFormatException e) {
            return true; // Netty's decoder lets no such request through; refuse it if one comes
        }
    }

    @Override
    public int port() {
        return server.port();
    }

    @Override
    protected void stop() {
        server.disposeNow(Duration.ofSeconds(5));
        loops.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
