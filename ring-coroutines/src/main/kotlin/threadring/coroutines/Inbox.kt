package threadring.coroutines

import java.util.concurrent.atomic.AtomicReference
import kotlin.coroutines.Continuation
import kotlin.coroutines.resume
import kotlin.coroutines.suspendCoroutine
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.yield

/**
 * A node's inbox (or a rendezvous party's), taken by its owner only. With several tokens in
 * flight two senders can meet at it (its predecessor and a pass injecting a token), and send
 * waits while the inbox is full.
 */
internal interface Inbox {
    suspend fun receive(): Int

    suspend fun send(token: Int)

    /**
     * Whether send returns only once the receiver has taken the value (a rendezvous channel):
     * then a send alone is a meeting of two parties, and a rendezvous needs no acknowledgement.
     */
    val synchronous: Boolean
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

    override val synchronous: Boolean get() = true
}

/**
 * The raw cost of a coroutine switch: the receiver parks its own continuation in an atomic cell,
 * the sender takes it out and resumes it with the token, which the dispatcher then runs. No
 * channel machinery, no cancellation support (the ring stops its nodes with a stop token).
 *
 * The cell holds [EMPTY], a [Token] that arrived before its receiver waited, or the waiting
 * continuation. Only the receiver turns a [Token] back into [EMPTY].
 */
internal class ContinuationCell : Inbox {
    private val state = AtomicReference<Any>(EMPTY)

    /** A send leaves the value in the cell and goes on: one slot, no meeting. */
    override val synchronous: Boolean get() = false

    private class Token(val value: Int)

    override suspend fun receive(): Int {
        val s = state.get()
        if (s is Token && state.compareAndSet(s, EMPTY)) {
            return s.value
        }
        return suspendCoroutine { waiter ->
            if (!state.compareAndSet(EMPTY, waiter)) {
                // A token arrived between the check above and now: take it without suspending.
                val token = state.getAndSet(EMPTY)
                check(token is Token) { "two receivers on one cell" }
                waiter.resume(token.value)
            }
        }
    }

    /**
     * Never suspends with one token in flight (its receiver is already waiting). With several, a
     * sender that finds a token still waiting yields to the dispatcher, where the receiver runs,
     * and tries again.
     */
    override suspend fun send(token: Int) {
        while (true) {
            val s = state.get()
            when {
                s === EMPTY -> if (state.compareAndSet(EMPTY, Token(token))) return
                s is Token -> yield()
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
    }
}
