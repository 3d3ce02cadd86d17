package threadring.coroutines

import io.ktor.http.ContentType
import io.ktor.http.HttpStatusCode
import io.ktor.server.engine.ApplicationEngine
import io.ktor.server.engine.ApplicationEngineFactory
import io.ktor.server.engine.EmbeddedServer
import io.ktor.server.engine.connector
import io.ktor.server.engine.embeddedServer
import io.ktor.server.netty.NettyApplicationEngine
import io.ktor.server.request.contentLength
import io.ktor.server.request.receiveChannel
import io.ktor.server.response.respond
import io.ktor.server.response.respondBytes
import io.ktor.server.routing.post
import io.ktor.server.routing.routing
import io.ktor.utils.io.readRemaining
import io.netty.channel.MultiThreadIoEventLoopGroup
import io.netty.channel.nio.NioIoHandler
import io.netty.channel.socket.nio.NioServerSocketChannel
import io.netty.util.concurrent.DefaultThreadFactory
import java.io.IOException
import java.net.InetAddress
import java.net.ServerSocket
import java.util.concurrent.ThreadFactory
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import kotlinx.io.readByteArray
import threadring.core.AbstractWorkload
import threadring.core.echo.EchoServer
import threadring.core.echo.Http1

/**
 * The echo server as a Ktor user writes it: Ktor's own HTTP server (`embeddedServer`) on [engine],
 * with a routed `POST /echo` that receives the body as bytes and responds with them; opened to
 * wait, the handler's coroutine `delay`s before it responds. The engine parses, writes, keeps
 * connections alive and answers 400 itself to what it cannot parse.
 *
 * [engineSettings] gets the engine's configuration and [tracked], for an engine that starts
 * threads of its own: Netty's event loops are the server's ([ownEventLoops]). CIO starts none: it
 * runs everything, selector included, on `Dispatchers.IO`, which is JVM-wide and which it gives
 * no way to replace, so its [threads] stays empty.
 */
class KtorEchoServer<E : ApplicationEngine, C : ApplicationEngine.Configuration>(
    id: String,
    engine: ApplicationEngineFactory<E, C>,
    waitMs: Int,
    engineSettings: C.(track: (ThreadFactory) -> ThreadFactory) -> Unit = {},
) : AbstractWorkload(id, "echo server"), EchoServer {

    private val server: EmbeddedServer<E, C> = try {
        embeddedServer(engine, configure = {
            connector {
                this.host = "127.0.0.1"
                this.port = 0
            }
            this.engineSettings(::tracked)
        }) {
            routing {
                post("/echo") {
                    // bounded like the other servers: a declared length first, then the bytes read
                    val declared = call.request.contentLength()
                    val body = if (declared != null && declared > Http1.MAX_BODY) null
                    else call.receiveChannel().readRemaining(Http1.MAX_BODY + 1L).readByteArray()
                    if (body == null || body.size > Http1.MAX_BODY) {
                        call.respond(HttpStatusCode.PayloadTooLarge) // Ktor discards the rest of the body
                    } else {
                        if (waitMs > 0) delay(waitMs.toLong())
                        call.respondBytes(body, ContentType.Application.OctetStream)
                    }
                }
            }
        }.start(wait = false)
    } catch (e: Exception) {
        throw IllegalStateException("$id: cannot listen on 127.0.0.1: ${e.message}", e)
    }

    /** The port the engine bound (0 asks for an ephemeral one); known once start() returns. */
    private val port: Int = runBlocking { server.engine.resolvedConnectors().first().port }

    override fun port(): Int = port

    override fun stop() {
        // no grace: idle keep-alive connections would hold a graceful stop for the engine's idle timeout
        server.stop(0, CLOSE_MILLIS)
        awaitPortFree()
    }

    /**
     * A closed listening channel keeps its socket (the port) until its selector lets go of it, and
     * CIO closes its selector after stop() returns, when its server job ends: waits until a bind works.
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

/**
 * Ktor's Netty engine on event loops whose threads [track] records: left to itself it makes its
 * groups (acceptor, I/O, calls) with a thread factory of its own. Ktor's sizes and daemon Netty
 * threads, with the calls on the I/O loops (Ktor's `shareWorkGroup`), since the bootstrap takes
 * two groups and not a third. NIO, the transport Ktor picks without Netty's native libraries
 * (not on the class path); the listen backlog is Netty's default, the kernel's somaxconn.
 */
internal fun NettyApplicationEngine.Configuration.ownEventLoops(
    id: String,
    track: (ThreadFactory) -> ThreadFactory,
) {
    val threads = track(DefaultThreadFactory(id.replace('/', '-'), true))
    val acceptors = connectionGroupSize
    val loops = workerGroupSize + callGroupSize
    shareWorkGroup = true
    // called once, by the engine, which shuts both groups down when it stops
    configureBootstrap = {
        group(MultiThreadIoEventLoopGroup(acceptors, threads, NioIoHandler.newFactory()),
            MultiThreadIoEventLoopGroup(loops, threads, NioIoHandler.newFactory()))
        channel(NioServerSocketChannel::class.java)
    }
}
