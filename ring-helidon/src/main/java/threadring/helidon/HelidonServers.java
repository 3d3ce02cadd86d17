package threadring.helidon;

import java.util.List;
import java.util.Map;
import threadring.core.Loom;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.Workload;
import threadring.core.echo.EchoServer;

/**
 * Helidon SE 4, the server built for virtual threads: a virtual thread per connection under
 * Helidon's own HTTP/1.1, on the JDK's default scheduler or (as {@code -p1}) on one carrier, as
 * {@code virtual/socket} and {@code -p1} run the project's own blocking server. Echo server only.
 */
public final class HelidonServers implements RingProvider {

    @Override
    public List<RingFactory> factories() {
        return List.of(false, true).stream().map(oneCarrier -> Variant.of(
                        "virtual/helidon" + (oneCarrier ? "-p1" : ""),
                        "echo server: Helidon SE 4's WebServer, a routed POST handler echoing the bytes, a virtual "
                                + "thread per connection, " + (oneCarrier ? "on one carrier" : "default scheduler")
                                + " (its listener a platform thread)")
                .opens(EchoServer.WORKLOAD, (id, size) -> new HelidonEchoServer(id, size.waitMs()))
                .systemProperties(oneCarrier ? Loom.ONE_CARRIER : Map.of())
                .minimumJava(21)
                .onVirtualThreads(true)
                .oneThread(oneCarrier)
                // the server users deploy on virtual threads, beside virtual/socket's drop-in
                .inDefaultSweep(oneCarrier ? new Workload[0] : new Workload[] {EchoServer.WORKLOAD})
                .build()).map(RingFactory.class::cast).toList();
    }
}
