package threadring.vertx;

import io.vertx.core.Deployable;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntConsumer;
import threadring.core.LibraryThreads;
import threadring.core.echo.Http1;

/**
 * What an echo server on Vert.x owns, written once for the Java and the Kotlin verticles: a
 * {@link Vertx} of its own with {@code eventLoops} event loops, and as many instances of the
 * server's verticle, deployed as Vert.x users scale a server across cores. Each instance creates
 * its {@code HttpServer} on {@link #options()} in its start: they share one listening socket on one
 * random port (Vert.x's server sharing; a negative port asks for a random one shared by every
 * server that names it), and Vert.x hands accepted connections to them in turn, each served on its
 * own instance's event loop.
 *
 * <p>Vert.x takes no thread factory: its threads (event loops, acceptor, the blocked-thread
 * checker's timer, a worker pool if anything asks for one) are found by name, once deployed and
 * again at close, and handed to {@code track}.
 */
public final class VertxHost {

    /** Connections the kernel may queue before accept (capped by net.core.somaxconn). */
    static final int BACKLOG = 16_384;
    private static final long START_SECONDS = 30;

    /** Where every instance listens: one random port on 127.0.0.1, shared by the instances. */
    public static HttpServerOptions options() {
        return new HttpServerOptions().setHost("127.0.0.1").setPort(-1).setAcceptBacklog(BACKLOG).setTcpNoDelay(true);
    }

    private final String id;
    private final Vertx vertx;
    private final LibraryThreads threads = LibraryThreads.named(name -> name.startsWith("vert.x-")
            || name.startsWith("vertx-"));
    private final Consumer<Thread> track;
    private final int port;

    /**
     * Starts Vert.x with {@code eventLoops} event loops (0: its default, twice the cpus) and one
     * instance of {@code verticle} per loop; each instance reports the port it listens on to the
     * {@link IntConsumer} it is made with.
     */
    public VertxHost(String id, int eventLoops, Function<IntConsumer, ? extends Deployable> verticle,
            Consumer<Thread> track) {
        this.id = id;
        this.track = track;
        int loops = eventLoops > 0 ? eventLoops : VertxOptions.DEFAULT_EVENT_LOOP_POOL_SIZE;
        vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(loops));
        Set<Integer> ports = ConcurrentHashMap.newKeySet();
        try {
            await(vertx.deployVerticle(() -> verticle.apply(ports::add), new DeploymentOptions().setInstances(loops)));
            if (ports.size() != 1) {
                throw new IllegalStateException("its " + loops + " instances listen on ports " + ports + ", not one");
            }
        } catch (RuntimeException e) {
            close();
            throw new IllegalStateException(id + ": cannot listen on 127.0.0.1: " + e.getMessage(), e);
        }
        port = ports.iterator().next();
        threads.startedSince().forEach(track);
    }

    /** The port every instance listens on. */
    public int port() {
        return port;
    }

    /**
     * Whether {@code request} declares a body longer than the servers take ({@link Http1#MAX_BODY}):
     * then it has been answered 413 and its connection closes, as Netty's aggregator does.
     */
    public static boolean refusedTooLong(HttpServerRequest request) {
        String declared = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        boolean tooLong;
        try {
            tooLong = declared != null && Long.parseLong(declared.trim()) > Http1.MAX_BODY;
        } catch (NumberFormatException e) {
            tooLong = true;
        }
        if (tooLong) {
            request.response().setStatusCode(413).putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE).end();
        }
        return tooLong;
    }

    /** Undeploys every instance (closing their servers and connections) and stops Vert.x's threads. */
    public void close() {
        threads.startedSince().forEach(track); // anything started since, a worker thread say
        await(vertx.close());
    }

    private <T> T await(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(START_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(id + ": interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(id + ": " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException(id + ": Vert.x did not answer in " + START_SECONDS + " s", e);
        }
    }
}
