package threadring.coroutines

import io.ktor.network.selector.Selectable
import io.ktor.network.selector.SelectorManager
import io.ktor.network.sockets.InetSocketAddress
import io.ktor.network.sockets.ServerSocket
import io.ktor.network.sockets.Socket
import io.ktor.network.sockets.aSocket
import io.ktor.network.sockets.awaitClosed
import io.ktor.network.sockets.openReadChannel
import io.ktor.network.sockets.openWriteChannel
import io.ktor.utils.io.writeFully
import java.io.IOException
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancelAndJoin
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeoutOrNull
import threadring.core.AbstractWorkload
import threadring.core.echo.EchoServer
import threadring.core.echo.Http1

/**
 * The echo server as a ktor-network user writes it: `aSocket(selector).tcp().bind(...)`, a
 * coroutine per accepted connection taking requests off a `ByteReadChannel` as [framing] says
 * (the head line by line, or one buffered parse) and answering through a `ByteWriteChannel`, one
 * flush per answer. On `Dispatchers.Default` with the selector on `Dispatchers.IO` (ktor's own
 * examples), everything on one thread, or (`-loom`) on a dispatcher over a virtual-thread-per-task
 * executor with the selector on Dispatchers.IO. Opened to wait, a connection's coroutine `delay`s before
 * each answer: suspended, it leaves its thread to the other connections.
 */
class CoroutineEchoServer(
    id: String,
    scheduler: Scheduler,
    private val framing: Framing,
    private val waitMs: Int,
) : AbstractWorkload(id, "echo server"), EchoServer {

    private val connections = SupervisorJob()

    /** Where the connections' coroutines run, and what closing it takes (`-p1`'s thread, `-loom`'s executor). */
    private val host: Scheduler.Host = when (scheduler) {
        Scheduler.DEFAULT, Scheduler.P1, Scheduler.LOOM -> scheduler.start(tracked(daemonThreads(id)), connections)
        else -> throw IllegalArgumentException("$id: the echo server runs on Default, -p1 or -loom, not ${scheduler.suffix}")
    }

    /** ktor's selector: on `-p1`'s one thread, else on Dispatchers.IO as in ktor's own examples (a virtual thread would block in select()). */
    private val selector = SelectorManager(if (scheduler == Scheduler.P1) host.dispatcher else Dispatchers.IO)
    private val scope = CoroutineScope(connections + host.dispatcher)
    private val server: ServerSocket = try {
        runBlocking { aSocket(selector).tcp().bind("127.0.0.1", 0) { backlogSize = BACKLOG } }
    } catch (e: IOException) {
        selector.close()
        host.close()
        throw IllegalStateException("$id: cannot listen on 127.0.0.1: ${e.message}", e)
    }

    init {
        scope.launch {
            while (true) {
                val socket = try {
                    server.accept()
                } catch (e: Exception) {
                    break // closed
                }
                launch { serve(socket) }
            }
        }
    }

    override fun port(): Int = (server.localAddress as InetSocketAddress).port

    private suspend fun serve(socket: Socket) {
        try {
            val requests = framing.reader(socket.openReadChannel())
            val output = socket.openWriteChannel(autoFlush = false)
            while (true) {
                val head = requests.head() ?: break
                val body = requests.body(head.length())
                if (waitMs > 0) delay(waitMs.toLong())
                answering()
                output.writeFully(Http1.head(body.size, head.close()))
                output.writeFully(body)
                output.flush()
                if (head.close()) break
            }
        } catch (e: Exception) {
            // the client left mid-request or sent what is not HTTP: this connection ends
        } finally {
            socket.close()
        }
    }

    override fun stop() {
        server.close()
        runBlocking {
            withTimeoutOrNull(CLOSE_MILLIS) { server.awaitClosed() }
            withTimeoutOrNull(CLOSE_MILLIS) { (connections as Job).cancelAndJoin() }
            // a closed channel keeps its socket, and so the port, until its selector deregisters it
            val channel = (server as? Selectable)?.channel
            withTimeoutOrNull(CLOSE_MILLIS) { while (channel != null && channel.isRegistered) delay(1) }
        }
        selector.close()
        host.close()
    }

    private companion object {
        /** Connections the kernel may queue before accept (capped by net.core.somaxconn). */
        const val BACKLOG = 16_384
        const val CLOSE_MILLIS = 5_000L
    }
}
