package threadring.vertx;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import java.util.function.IntConsumer;
import threadring.core.AbstractWorkload;
import threadring.core.echo.EchoServer;

/**
 * The echo server as a Vert.x 5 user writes it: a verticle ({@link VerticleBase}) whose start
 * creates an {@code HttpServer} with a request handler that takes the whole body
 * ({@code request.body()}) and ends the response with it, deployed once per event loop. Vert.x's
 * HTTP/1.1 (Netty's codec underneath) parses, keeps connections alive, answers pipelined requests
 * in order and closes what asks for it. Everything a connection does runs on its verticle's event
 * loop. Opened to wait, the handler sets a timer ({@code vertx.setTimer}) that ends the response
 * on the same event loop, which serves the other connections meanwhile.
 */
final class VertxEchoServer extends AbstractWorkload implements EchoServer {

    private final VertxHost host;

    /** {@code eventLoops} event loops (0: Vert.x's default, twice the cpus), answering after {@code waitMs} ms. */
    VertxEchoServer(String id, int eventLoops, int waitMs) {
        super(id, "echo server");
        host = new VertxHost(id, eventLoops, listening -> new Echo(waitMs, listening), this::track);
    }

    /** One instance: an HTTP server on the shared port, on this instance's event loop. */
    private final class Echo extends VerticleBase {
        private final int waitMs;
        private final IntConsumer listening;

        Echo(int waitMs, IntConsumer listening) {
            this.waitMs = waitMs;
            this.listening = listening;
        }

        @Override
        public Future<?> start() {
            return vertx.createHttpServer(VertxHost.options())
                    .requestHandler(this::echo)
                    .listen()
                    .onSuccess(server -> listening.accept(server.actualPort()));
        }

        private void echo(HttpServerRequest request) {
            if (VertxHost.refusedTooLong(request)) {
                return;
            }
            // a client that leaves mid-body fails the future: nothing to answer
            request.body().onSuccess(body -> {
                if (waitMs == 0) {
                    answer(request, body);
                } else {
                    vertx.setTimer(waitMs, timer -> answer(request, body));
                }
            });
        }

        private void answer(HttpServerRequest request, Buffer body) {
            answering();
            request.response().putHeader(HttpHeaders.CONTENT_TYPE, HttpHeaders.APPLICATION_OCTET_STREAM).end(body);
        }
    }

    @Override
    public int port() {
        return host.port();
    }

    @Override
    protected void stop() {
        host.close();
    }
}
