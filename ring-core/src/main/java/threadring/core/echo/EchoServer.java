package threadring.core.echo;

import java.util.Collection;
import threadring.core.RingFactory;
import threadring.core.Size;
import threadring.core.Workload;

/**
 * The fourth workload, the echo server of "OpenJDK's Project Loom: User-Level Threads": a minimal
 * HTTP/1.1 server on 127.0.0.1 that answers every request with {@code 200 OK} and the request's
 * body, keeping connections alive, with one concurrent entity of the model per connection (a
 * thread, a virtual thread, a coroutine, a stream, a channel handler). Opened to wait
 * ({@link #open(RingFactory, int)}), it answers each request only after that wait, spent the
 * way its model waits, so that other connections are served meanwhile. It listens from the moment
 * it is opened until {@link #close()}, which stops every connection and frees the port.
 */
public interface EchoServer extends AutoCloseable {

    /** The echo server: an HTTP/1.1 echo server under load; measured in requests per second. */
    Workload<EchoSize, EchoServer> WORKLOAD = new Workload<>("ECHO", "echo", "echo server", "request",
            Size.Scale.PER_SECOND, EchoSize.class, EchoServer.class, null);

    /** {@code f}'s echo server, listening on 127.0.0.1, answering each request after {@code waitMs} ms (0: at once). */
    static EchoServer open(RingFactory f, int waitMs) {
        return f.open(WORKLOAD, new EchoSize(1, waitMs));
    }

    /** {@code f}'s echo server that answers at once. */
    static EchoServer open(RingFactory f) {
        return open(f, 0);
    }

    /** The port it listens on, on 127.0.0.1 (an ephemeral one, chosen when it was opened). */
    int port();

    /** Every thread (platform or virtual) it started and still tracks: acceptors, loops, pools. */
    Collection<Thread> threads();

    /** Stops accepting, closes every connection, frees the port and waits for its threads. Idempotent. */
    @Override
    void close();
}
