package threadring.netty;

import java.util.List;
import reactor.netty.resources.LoopResources;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.Workload;

/**
 * Netty, the event loop users compare every thread-per-connection model against: no entity per
 * connection at all, a channel pipeline per connection on a few event-loop threads; and Reactor
 * Netty, the reactive server built on it (Spring WebFlux's engine). Echo server only: Netty has no
 * ring or timer of its own worth a row.
 */
public final class NettyServers implements RingProvider {

    @Override
    public List<RingFactory> factories() {
        return List.of(
                Variant.of("netty/nio", "echo server: Netty's NIO event loops, its default count (2 per cpu), "
                                + "HttpServerCodec + HttpObjectAggregator")
                        .echo((id, waitMs) -> new NettyEchoServer(id, 0, waitMs))
                        .inDefaultSweep(Workload.ECHO)
                        .build(),
                Variant.of("netty/nio-p1", "echo server: one Netty NIO event loop serves every connection")
                        .echo((id, waitMs) -> new NettyEchoServer(id, 1, waitMs))
                        .oneThread(true)
                        .build(),
                Variant.of("netty/reactor", "echo server: Reactor Netty's HttpServer (WebFlux's engine), a handler "
                                + "sending the aggregated body back as a Mono; Reactor's default loops ("
                                + LoopResources.DEFAULT_IO_WORKER_COUNT + " here, "
                                + (ReactorEchoServer.onEpoll() ? "epoll" : "NIO") + ")")
                        .echo((id, waitMs) -> new ReactorEchoServer(id, 0, waitMs))
                        .build(),
                Variant.of("netty/reactor-p1", "echo server: the same Reactor Netty server on one loop ("
                                + (ReactorEchoServer.onEpoll() ? "epoll" : "NIO") + "), beside netty/nio-p1: "
                                + "Reactor's share of a request")
                        .echo((id, waitMs) -> new ReactorEchoServer(id, 1, waitMs))
                        .oneThread(true)
                        .build());
    }
}
