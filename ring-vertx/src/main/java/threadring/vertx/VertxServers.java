package threadring.vertx;

import java.util.List;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.echo.EchoServer;

/**
 * Vert.x 5, the event-loop toolkit: verticles, each confined to one event loop, with Vert.x's own
 * HTTP server on Netty. Echo server only: its ring would be the event bus, a different question.
 */
public final class VertxServers implements RingProvider {

    @Override
    public List<RingFactory> factories() {
        return List.of(
                Variant.of("vertx/eventloop", "echo server: Vert.x 5 core HttpServer in a verticle deployed once per "
                                + "event loop (its default count, twice the cpus), sharing one port; waits on "
                                + "vertx.setTimer")
                        .opens(EchoServer.WORKLOAD, (id, size) -> new VertxEchoServer(id, 0, size.waitMs()))
                        .build(),
                Variant.of("vertx/eventloop-p1", "echo server: the same verticle, one instance on one event loop "
                                + "(Vert.x's acceptor thread hands it the connections)")
                        .opens(EchoServer.WORKLOAD, (id, size) -> new VertxEchoServer(id, 1, size.waitMs()))
                        .oneThread(true)
                        .build());
    }
}
