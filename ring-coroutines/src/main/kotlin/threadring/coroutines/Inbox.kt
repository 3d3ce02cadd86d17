package threadring.coroutines

import java.util.concurrent.atomic.AtomicReference
import kotlin.coroutines.Continuation
import kotlin.coroutines.resume
import kotlin.coroutines.suspendCoroutine
import kotlinx.coroutines.channels.Channel

/** A node's inbox: one token at a time, taken by its node only, put by one sender at a time. */
internal interface Inbox {
    suspend fun receive(): Int

    suspend fun send(token: Int)
}

/** How nodes hand the token on: the variant part of an id, before the scheduler. */
enum class Handoff(val variant: String, val description: String, internal val newInbox: () -> Inbox) {
    CHANNEL("channel", "a rendezvous Channel<Int> between neighbours", ::ChannelInbox),
    CONTINUATION("continuation", "a bare suspendCoroutine handoff through an atomic cell", ::ContinuationCell),
}

/** The library's way: a rendezvous channel (send and receive meet; nothing is buffered). */
internal class ChannelInbox : Inbox {
    private val channel = Channel<Int>(Channel.RENDEZVOUS)

    override suspend fun receive(): Int = channel.receive()

    override suspend fun send(token: Int) = channel.send(token)
}

/**
 * The raw cost of a coroutine switch: the receiver parks its own continuation in an atomic cell,
 * the sender takes it out and resumes it with the token, which the dispatcher then runs. No
 * channel machinery, no cancellation support (the ring stops its nodes with a stop token).
 *
 * The cell holds [EMPTY], [FULL] (a token waits in [token]) or the waiting continuation.
 */
internal class ContinuationCell : Inbox {
    private val state = AtomicReference<Any>(EMPTY)

    /** Written before the cell turns [FULL], read after the receiver took [FULL] out. */
    private var token = 0

    override suspend fun receive(): Int {
        if (state.get() === FULL && state.compareAndSet(FULL, EMPTY)) {
            return token
        }
        return suspendCoroutine { waiter ->
            if (!state.compareAndSet(EMPTY, waiter)) {
                // A token arrived between the check above and now: take it without suspending.
                check(state.compareAndSet(FULL, EMPTY)) { "two receivers on one cell" }
                waiter.resume(token)
            }
        }
    }

    /** Never suspends: the ring has one token, so a cell never holds two. */
    override suspend fun send(token: Int) {
        while (true) {
            val s = state.get()
            when {
                s === EMPTY -> {
                    this.token = token
                    if (state.compareAndSet(EMPTY, FULL)) return
                }
                s === FULL -> error("a token is already waiting in this cell")
                state.compareAndSet(s, EMPTY) -> {
                    @Suppress("UNCHECKED_CAST")
                    (s as Continuation<Int>).resume(token)
                    return
                }
            }
        }
    }

    private companion object {
        val EMPTY = Any()
        val FULL = Any()
    }
}
