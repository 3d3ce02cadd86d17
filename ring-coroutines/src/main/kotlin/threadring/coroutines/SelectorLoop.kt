package threadring.coroutines

import io.ktor.network.selector.InterestSuspensionsMap
import io.ktor.network.selector.SelectInterest
import io.ktor.network.selector.Selectable
import io.ktor.network.selector.SelectorManager
import java.io.IOException
import java.nio.ByteBuffer
import java.nio.channels.Pipe
import java.nio.channels.SelectableChannel
import java.nio.channels.SocketChannel
import java.util.concurrent.Executors
import java.util.concurrent.RejectedExecutionException
import java.util.concurrent.ThreadFactory
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicInteger
import kotlin.coroutines.CoroutineContext
import kotlin.coroutines.resumeWithException
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.cancel
import kotlinx.coroutines.launch

/**
 * One thread that runs both coroutines and a ktor-network [SelectorManager]: the manager's
 * selector coroutine is dispatched here like any other, so a socket that becomes readable resumes
 * its reader on this same thread, with no hop to `Dispatchers.IO`. An event loop built from
 * ktor-network's public API.
 *
 * The manager blocks this thread in `Selector.select` (up to 500 ms) whenever its own queue is
 * empty, after letting what was already queued run. A task queued from another thread meanwhile
 * (a `delay` ending on kotlinx's timer thread, a connection handed over by the acceptor's loop)
 * would wait for the next socket event; so such a dispatch also writes a byte to a pipe whose
 * reading end this loop's selector watches, which wakes it, as Netty wakes its loops.
 */
internal class SelectorLoop(threads: ThreadFactory) : CoroutineDispatcher() {

    @Volatile
    private var thread: Thread? = null
    private val executor = Executors.newSingleThreadExecutor { task -> threads.newThread(task).also { thread = it } }
    private val job = Job()

    /** Written to by [dispatch] from other threads; first, since the selector's start dispatches. */
    private val wakeup: Pipe = Pipe.open().apply {
        source().configureBlocking(false)
        sink().configureBlocking(false)
    }

    /** The loop's ktor selector, whose coroutine runs on this loop. */
    val selector: SelectorManager = SelectorManager(this)

    init {
        val waking = ChannelSelectable(wakeup.source())
        CoroutineScope(job + this).launch(start = CoroutineStart.UNDISPATCHED) {
            val drain = ByteBuffer.allocate(DRAIN)
            while (true) {
                while (wakeup.source().read(drain.clear()) > 0) continue
                waking.ready(selector, SelectInterest.READ)
            }
        }
    }

    override fun dispatch(context: CoroutineContext, block: Runnable) {
        try {
            executor.execute(block)
        } catch (e: RejectedExecutionException) {
            // closed: what is left is cancelled and ends elsewhere, as kotlinx's executor dispatchers do
            context[Job]?.cancel(CancellationException("the loop is closed", e))
            Dispatchers.IO.dispatch(context, block)
            return
        }
        if (Thread.currentThread() !== thread) {
            try {
                wakeup.sink().write(ByteBuffer.wrap(ONE)) // 0 when the pipe is full: the loop is awake then
            } catch (e: IOException) {
                // closed: nothing left to wake
            }
        }
    }

    /** Stops the waker and the selector, then the thread, once what was queued has run. */
    fun close() {
        job.cancel()
        selector.close()
        executor.shutdown()
        executor.awaitTermination(CLOSE_SECONDS, TimeUnit.SECONDS)
        wakeup.sink().close()
        wakeup.source().close()
    }

    private companion object {
        val ONE = byteArrayOf(1)
        const val DRAIN = 64
        const val CLOSE_SECONDS = 5L
    }
}

/**
 * A channel as a ktor [Selectable], to wait on a [SelectorManager] for it to be ready: the state
 * the manager keeps on it (the interests asked for, the coroutines waiting on each). Closing it
 * cancels those waits. (ktor's own base class for this is internal to ktor-network.)
 */
internal open class ChannelSelectable(override val channel: SelectableChannel) : Selectable {
    override val suspensions = InterestSuspensionsMap()
    private val ops = AtomicInteger()
    private val closed = AtomicBoolean()

    override val isClosed: Boolean get() = closed.get()
    override val interestedOps: Int get() = ops.get()

    override fun interestOp(interest: SelectInterest, state: Boolean) {
        ops.getAndUpdate { if (state) it or interest.flag else it and interest.flag.inv() }
    }

    /** Suspends until [selector] finds the channel ready for [interest] (which it wants declared first). */
    suspend fun ready(selector: SelectorManager, interest: SelectInterest) {
        interestOp(interest, true)
        try {
            selector.select(this, interest)
        } finally {
            interestOp(interest, false)
        }
    }

    override fun close() {
        if (!closed.compareAndSet(false, true)) return
        ops.set(0)
        for (interest in SelectInterest.entries) {
            suspensions.removeSuspension(interest)?.resumeWithException(CancellationException("$channel closed"))
        }
    }

    override fun dispose() = close()
}

/** A connected, non-blocking socket whose reads and writes suspend on [selector] until it is ready. */
internal class SelectableSocket(
    private val socket: SocketChannel,
    private val selector: SelectorManager,
) : ChannelSelectable(socket), ByteSource {

    override suspend fun readAvailable(into: ByteArray, offset: Int, length: Int): Int {
        val buffer = ByteBuffer.wrap(into, offset, length)
        while (true) {
            val n = socket.read(buffer)
            if (n != 0) return n
            ready(selector, SelectInterest.READ)
        }
    }

    /** Writes every byte of [buffers] (one gathering write when the socket takes them all). */
    suspend fun write(vararg buffers: ByteBuffer) {
        while (buffers.any { it.hasRemaining() }) {
            if (socket.write(buffers) == 0L) ready(selector, SelectInterest.WRITE)
        }
    }

    override fun close() {
        super.close()
        selector.notifyClosed(this)
        socket.close()
    }
}
