package threadring.floor

import threadring.core.ring.RingSize
import kotlin.coroutines.Continuation
import kotlin.coroutines.CoroutineContext
import kotlin.coroutines.EmptyCoroutineContext
import kotlin.coroutines.intrinsics.COROUTINE_SUSPENDED
import kotlin.coroutines.intrinsics.suspendCoroutineUninterceptedOrReturn
import kotlin.coroutines.resume
import kotlin.coroutines.startCoroutine
import threadring.core.ring.Hop
import threadring.core.ring.SteppedRing

/**
 * `floor/kotlin-intrinsics`: a coroutine per node built on the standard library's intrinsics
 * alone (no kotlinx, no dispatcher), resumed in turn by one thread: a hop is one suspension and
 * one resume of a compiler-built state machine. A node waits [RingSize.depth] suspend frames deep,
 * each a continuation object of its own.
 */
class KotlinIntrinsicsRing(id: String, shape: RingSize) : SteppedRing(id, shape) {

    private val waiting = arrayOfNulls<Continuation<Int>>(shape.nodes + 1)

    private val ended = object : Continuation<Unit> {
        override val context: CoroutineContext = EmptyCoroutineContext

        override fun resumeWith(result: Result<Unit>) {
            result.exceptionOrNull()?.let { fail(it) }
        }
    }

    init {
        startDriver()
    }

    override fun prepare() {
        for (name in 1..nodes()) {
            val body: suspend () -> Unit = { node(name) }
            body.startCoroutine(ended) // runs to the node's first wait
        }
    }

    private suspend fun node(name: Int) {
        val depth = depth()
        val work = work()
        while (true) {
            val token = receive(name, depth)
            when {
                token > 0 -> {
                    Hop.work(work)
                    handOn(successor(name), token - 1)
                }
                token == 0 -> finish(name)
                else -> return
            }
        }
    }

    /** The check after the call keeps each level a frame of its own (a tail call would not be). */
    private suspend fun receive(name: Int, depth: Int): Int {
        if (depth == 0) {
            return suspendCoroutineUninterceptedOrReturn { c ->
                waiting[name] = c
                COROUTINE_SUSPENDED
            }
        }
        val token = receive(name, depth - 1)
        check(token != Int.MIN_VALUE)
        return token
    }

    override fun resume(node: Int, token: Int) {
        val c = waiting[node] ?: error("${id()}: node $node is not waiting")
        waiting[node] = null
        c.resume(token)
    }

    override fun end() {
        for (name in 1..nodes()) {
            resume(name, STOP)
        }
    }

    private companion object {
        const val STOP = -1
    }
}
