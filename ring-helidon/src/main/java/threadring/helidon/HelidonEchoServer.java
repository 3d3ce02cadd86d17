package threadring.helidon;

import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.webserver.CloseConnectionException;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.time.Duration;
import threadring.core.AbstractWorkload;
import threadring.core.LibraryThreads;
import threadring.core.echo.EchoServer;
import threadring.core.echo.Http1;

/**
 * The echo server as a Helidon SE 4 user writes it: {@code WebServer.builder()} with a routed
 * {@code POST /echo} whose handler reads the entity as bytes and sends them back. Helidon's own
 * socket layer (no Netty since 4.0) accepts on a platform thread and serves each connection on a
 * virtual thread of its own, which runs the handlers of that connection's requests one after
 * another: plain blocking code. Opened to wait, the handler {@code Thread.sleep}s, Helidon's way
 * on virtual threads: the thread unmounts and its carrier serves the other connections.
 *
 * <p>Helidon takes no thread factory: the listener's platform thread is found by name once the
 * server has started, and each connection's virtual thread is tracked by its first request.
 * Helidon's two timer threads (idle connections, the Date header) are the JVM's, shared by every
 * server and never stopped, so they are not the server's.
 */
final class HelidonEchoServer extends AbstractWorkload implements EchoServer {

    /** Connections the kernel may queue before accept (capped by net.core.somaxconn). */
    static final int BACKLOG = 16_384;

    private final WebServer server;
    /** Set on a connection's thread once it is tracked: a virtual thread per connection, not per request. */
    private final ThreadLocal<Boolean> trackedHere = new ThreadLocal<>();

    /** A server answering each request after {@code waitMs} ms (0: at once). */
    HelidonEchoServer(String id, int waitMs) {
        super(id, "echo server");
        LibraryThreads listener = LibraryThreads.named(
                name -> name.startsWith("server-") && name.endsWith("-listener"));
        try {
            server = WebServer.builder()
                    .host("127.0.0.1")
                    .port(0)
                    .backlog(BACKLOG)
                    .maxPayloadSize(Http1.MAX_BODY)
                    // close() stops it; a JVM-wide hook per server would pile up in the kit's JVM
                    .shutdownHook(false)
                    .shutdownGracePeriod(Duration.ofSeconds(1))
                    .routing(routing -> routing.post("/echo", (request, response) -> echo(request, response, waitMs)))
                    .build()
                    .start();
        } catch (RuntimeException e) {
            throw new IllegalStateException(id + ": cannot listen on 127.0.0.1: " + e.getMessage(), e);
        }
        listener.startedSince().forEach(this::track);
    }

    private void echo(ServerRequest request, ServerResponse response, int waitMs) throws InterruptedException {
        if (trackedHere.get() == null) {
            trackedHere.set(Boolean.TRUE);
            track(Thread.currentThread());
        }
        byte[] body = request.content().hasEntity() ? request.content().as(byte[].class) : new byte[0];
        if (waitMs > 0) {
            Thread.sleep(waitMs);
        }
        answering();
        response.header(HeaderNames.CONTENT_TYPE, "application/octet-stream");
        response.send(body);
        if (request.headers().contains(HeaderValues.CONNECTION_CLOSE)) {
            // Helidon 4.5.0 answers "Connection: close" but keeps reading the socket until the
            // client gives up (helidon-io/helidon#12324, fixed after 4.5.3; Central here serves
            // 4.5.0): the exception Helidon's connection loop takes as "close it now", once sent
            throw new CloseConnectionException("the request asked to close");
        }
    }

    @Override
    public int port() {
        return server.port();
    }

    @Override
    protected void stop() {
        server.stop();
    }
}
