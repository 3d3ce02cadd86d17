package threadring.netty;

import java.util.List;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.echo.EchoServer;

/**
 * Netty, the event loop users compare every thread-per-connection model against: no entity per
 * connection at all, a channel pipeline per connection on a few event-loop threads; and Reactor
 * Netty, the reactive server built on it (Spring WebFlux's engine). Echo server only: Netty has no
 * ring or timer of its own worth a row.
 */
public final class NettyServers implements RingProvider {

    // Descriptions name no probe's result: every JVM that lists the ids (JMH forks of other rows too)
    // would load Netty's native library to print "epoll".
    @Override
    public List<RingFactory> factories() {
        return List.of(
                Variant.of("netty/nio", "echo server: Netty's NIO event loops, its default count (2 per cpu), "
                                + "HttpServerCodec + HttpObjectAggregator")
                        .opens(EchoServer.WORKLOAD, (id, size) -> new NettyEchoServer(id, 0, size.waitMs()))
                        .inDefaultSweep(EchoServer.WORKLOAD)
                        .build(),
                Variant.of("netty/nio-p1", "echo server: one Netty NIO event loop serves every connection")
                        .opens(EchoServer.WORKLOAD, (id, size) -> new NettyEchoServer(id, 1, size.waitMs()))
                        .oneThread(true)
                        .build(),
                Variant.of("netty/reactor", "echo server: Reactor Netty's HttpServer (WebFlux's engine), a handler "
                                + "sending the aggregated body back as a Mono; Reactor's default loops (as many as "
                                + "cpus, at least 4; epoll where Netty's native transport loads)")
                        .opens(EchoServer.WORKLOAD, (id, size) -> new ReactorEchoServer(id, 0, size.waitMs()))
                        .build(),
                Variant.of("netty/reactor-p1", "echo server: the same Reactor Netty server on one loop, beside "
                                + "netty/nio-p1: Reactor's share of a request")
                        .opens(EchoServer.WORKLOAD, (id, size) -> new ReactorEchoServer(id, 1, size.waitMs()))
                        .oneThread(true)
                        .build());
    }
}
