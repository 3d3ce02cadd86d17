package threadring.coroutines

import io.ktor.network.selector.SelectInterest
import java.io.IOException
import java.net.InetAddress
import java.net.InetSocketAddress
import java.net.StandardSocketOptions
import java.nio.ByteBuffer
import java.nio.channels.ServerSocketChannel
import java.nio.channels.SocketChannel
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.CoroutineStart
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
 * The ktor-network echo server with a connection's reads, writes and handler on one thread.
 * ktor-network 3.x starts every socket's reader and writer coroutines on `Dispatchers.IO`
 * (CIOReader/CIOWriter, since Ktor 3.0, ktorio/ktor#4032), so in `coroutines/socket-*` each read
 * and each write is a hop between threads. Here the sockets are plain NIO channels, each a ktor
 * `Selectable` of this module's ([SelectableSocket]) waiting on ktor's public `SelectorManager`
 * (`selector.select(socket, SelectInterest.READ)`), and that manager runs on the same one-thread
 * dispatcher as the connections' coroutines ([SelectorLoop]): one loop per cpu, or one (`-p1`).
 *
 * Loop 0 accepts and deals connections to the loops in turn, as Netty's boss does; each connection
 * is a coroutine on its loop reading requests with the buffered parse of `coroutines/socket-buffered`
 * ([BufferedRequests]) and answering with one gathering write. Opened to wait, it `delay`s: kotlinx's
 * timer thread resumes it on its loop, waking that loop's selector.
 */
class SelectorEchoServer(id: String, loopCount: Int, private val waitMs: Int) :
    AbstractWorkload(id, "echo server"), EchoServer {

    /** [loopCount] loops, or one per cpu for 0: each blocks in its selector when it has nothing to run. */
    private val loops: List<SelectorLoop> =
        List(if (loopCount > 0) loopCount else Runtime.getRuntime().availableProcessors()) {
            SelectorLoop(tracked(daemonThreads("$id-$it")))
        }
    private val connections = SupervisorJob()
    private val server: ServerSocketChannel = try {
        ServerSocketChannel.open().apply {
            bind(InetSocketAddress(InetAddress.getLoopbackAddress(), 0), BACKLOG)
            configureBlocking(false)
        }
    } catch (e: IOException) {
        loops.forEach(SelectorLoop::close)
        throw IllegalStateException("$id: cannot listen on 127.0.0.1: ${e.message}", e)
    }
    private val acceptor = ChannelSelectable(server)

    init {
        CoroutineScope(connections + loops[0]).launch { accept() }
    }

    override fun port(): Int = (server.localAddress as InetSocketAddress).port

    private suspend fun accept() {
        var next = 0
        while (true) {
            val client: SocketChannel? = try {
                server.accept()
            } catch (e: IOException) {
                break // closed
            }
            if (client == null) {
                acceptor.ready(loops[0].selector, SelectInterest.ACCEPT)
                continue
            }
            client.configureBlocking(false)
            client.setOption(StandardSocketOptions.TCP_NODELAY, true)
            val loop = loops[next]
            next = (next + 1) % loops.size
            // on this loop, the coroutine starts here and now: dispatched, it would queue behind a selector about to block
            CoroutineScope(connections + loop).launch(
                start = if (loop === loops[0]) CoroutineStart.UNDISPATCHED else CoroutineStart.DEFAULT,
            ) { serve(SelectableSocket(client, loop.selector)) }
        }
    }

    private suspend fun serve(socket: SelectableSocket) {
        try {
            val requests = BufferedRequests(socket)
            while (true) {
                val head = requests.head() ?: break
                val body = requests.body(head.length())
                if (waitMs > 0) delay(waitMs.toLong())
                answering()
                socket.write(ByteBuffer.wrap(Http1.head(body.size, head.close())), ByteBuffer.wrap(body))
                if (head.close()) break
            }
        } catch (e: Exception) {
            // the client left mid-request or sent what is not HTTP, or close() cancelled it: this connection ends
        } finally {
            socket.close()
        }
    }

    override fun stop() {
        acceptor.close()
        loops[0].selector.notifyClosed(acceptor)
        server.close()
        runBlocking {
            withTimeoutOrNull(CLOSE_MILLIS) { connections.cancelAndJoin() }
            // a closed channel keeps its socket, and so the port, until its selector deregisters it
            withTimeoutOrNull(CLOSE_MILLIS) { while (server.isRegistered) delay(1) }
        }
        loops.forEach(SelectorLoop::close)
    }

    private companion object {
        /** Connections the kernel may queue before accept (capped by net.core.somaxconn). */
        const val BACKLOG = 16_384
        const val CLOSE_MILLIS = 5_000L
    }
}
