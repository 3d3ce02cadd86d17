package threadring.coroutines

import io.ktor.http.ContentType
import io.ktor.http.HttpStatusCode
import io.ktor.server.cio.CIO
import io.ktor.server.cio.CIOApplicationEngine
import io.ktor.server.engine.EmbeddedServer
import io.ktor.server.engine.embeddedServer
import io.ktor.server.request.contentLength
import io.ktor.server.request.receiveChannel
import io.ktor.server.response.respond
import io.ktor.server.response.respondBytes
import io.ktor.server.routing.post
import io.ktor.server.routing.routing
import io.ktor.utils.io.readRemaining
import java.io.IOException
import java.net.InetAddress
import java.net.ServerSocket
import kotlinx.coroutines.runBlocking
import kotlinx.io.readByteArray
import threadring.core.AbstractWorkload
import threadring.core.EchoServer
import threadring.core.Http1

/**
 * The echo server as a Ktor user writes it: Ktor's CIO engine (`embeddedServer(CIO)`) with a
 * routed `POST /echo` that receives the body as bytes and responds with them. CIO parses, writes
 * and handles each connection in coroutines of its own (a parser, a writer and one per request,
 * answers pipelined up to 3 deep), keeps connections alive (45 s idle) and answers 400 itself to
 * what it cannot parse.
 *
 * It owns no thread: CIO runs everything, selector included, on `Dispatchers.IO`, which is
 * JVM-wide and which its engine gives no way to replace, so [threads] stays empty.
 */
class CioEchoServer(id: String) : AbstractWorkload(id, "echo server"), EchoServer {

    private val server: EmbeddedServer<CIOApplicationEngine, CIOApplicationEngine.Configuration> = try {
        embeddedServer(CIO, port = 0, host = "127.0.0.1") {
            routing {
                post("/echo") {
                    // bounded like the other servers: a declared length first, then the bytes read
                    val declared = call.request.contentLength()
                    val body = if (declared != null && declared > Http1.MAX_BODY) null
                    else call.receiveChannel().readRemaining(Http1.MAX_BODY + 1L).readByteArray()
                    if (body == null || body.size > Http1.MAX_BODY) {
                        call.respond(HttpStatusCode.PayloadTooLarge) // Ktor discards the rest of the body
                    } else {
                        call.respondBytes(body, ContentType.Application.OctetStream)
                    }
                }
            }
        }.start(wait = false)
    } catch (e: Exception) {
        throw IllegalStateException("$id: cannot listen on 127.0.0.1: ${e.message}", e)
    }

    /** The port CIO bound (0 asks for an ephemeral one); known once start() returns. */
    private val port: Int = runBlocking { server.engine.resolvedConnectors().first().port }

    override fun port(): Int = port

    override fun stop() {
        // no grace: idle keep-alive connections would hold a graceful stop for CIO's idle timeout
        server.stop(0, CLOSE_MILLIS)
        awaitPortFree()
    }

    /**
     * CIO closes its selector when its server job ends, asynchronously, and a closed listening
     * channel keeps its socket (the port) until that selector lets go of it: waits until a bind works.
     */
    private fun awaitPortFree() {
        val deadline = System.nanoTime() + CLOSE_MILLIS * 1_000_000
        while (true) {
            try {
                ServerSocket(port, 1, InetAddress.getLoopbackAddress()).close()
                return
            } catch (e: IOException) {
                if (System.nanoTime() > deadline) {
                    throw IllegalStateException("${id()}: port $port still taken $CLOSE_MILLIS ms after stop", e)
                }
                Thread.sleep(1)
            }
        }
    }

    private companion object {
        const val CLOSE_MILLIS = 5_000L
    }
}
