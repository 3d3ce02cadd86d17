package threadring.coroutines

import io.vertx.core.http.HttpHeaders
import io.vertx.core.http.HttpServerRequest
import io.vertx.kotlin.coroutines.CoroutineVerticle
import io.vertx.kotlin.coroutines.coAwait
import java.util.function.IntConsumer
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import threadring.core.AbstractWorkload
import threadring.core.echo.EchoServer
import threadring.vertx.VertxHost

/**
 * The echo server as a Kotlin user of Vert.x writes it (vertx-lang-kotlin-coroutines): a
 * [CoroutineVerticle] whose `start` creates an `HttpServer` and awaits its `listen()`, and whose
 * request handler `launch`es a coroutine per request that awaits the body (`coAwait`), `delay`s
 * when opened to wait, and ends the response with the body. The verticle's dispatcher is its
 * Vert.x context: coroutines resume on the event loop that did the I/O, and `delay` is a Vert.x
 * timer on that loop, so reads, writes, handler and wait all stay on one thread per connection.
 * Deployed once per event loop on one shared port, as `vertx/eventloop` ([VertxHost]).
 */
class VertxCoroutineEchoServer(id: String, waitMs: Int) : AbstractWorkload(id, "echo server"), EchoServer {

    private val host = VertxHost(id, 0, { listening -> Echo(waitMs, listening) }, ::track)

    private inner class Echo(private val waitMs: Int, private val listening: IntConsumer) : CoroutineVerticle() {

        override suspend fun start() {
            val server = vertx.createHttpServer(VertxHost.options())
                .requestHandler { request -> launch { echo(request) } }
                .listen()
                .coAwait()
            listening.accept(server.actualPort())
        }

        private suspend fun echo(request: HttpServerRequest) {
            if (VertxHost.refusedTooLong(request)) return
            try {
                val body = request.body().coAwait()
                if (waitMs > 0) delay(waitMs.toLong())
                answering()
                request.response().putHeader(HttpHeaders.CONTENT_TYPE, HttpHeaders.APPLICATION_OCTET_STREAM).end(body)
                    .coAwait()
            } catch (e: Exception) {
                // the client left mid-request, or close() cancelled the wait: only this request ends,
                // not the verticle's scope
            }
        }
    }

    override fun port(): Int = host.port()

    override fun stop() = host.close()
}
