package threadring.coroutines

import java.util.concurrent.Executor
import java.util.concurrent.Executors
import kotlin.coroutines.CoroutineContext
import kotlin.coroutines.EmptyCoroutineContext
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.ExecutorCoroutineDispatcher
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import threadring.core.AbstractFanOut
import threadring.virtual.VirtualRings

/**
 * The fan-out as the jdk-dev thread wrote it: `runBlocking { repeat(T) { launch { delay(D) } } }`,
 * plus the task's work, on each of the thread's dispatchers. runBlocking returns once every child
 * has completed, so an operation's coroutines are gone when it returns.
 */
class CoroutineFanOut(id: String, private val kind: Kind) : AbstractFanOut(id) {

    /** Where the tasks run: the suffix of an id. */
    enum class Kind(val suffix: String, val description: String) {
        /** runBlocking's event loop on the calling thread: every task on one thread (the source's "coroutines"). */
        LOOP("loop", "runBlocking's event loop on the calling thread"),
        /** Dispatchers.Default: as many threads as cpus. */
        DEFAULT("default", "Dispatchers.Default"),
        /** A one-thread executor of the fan-out's own. */
        P1("p1", "a one-thread executor as dispatcher"),
        /** A virtual thread per dispatched task (the source's "hybrid"): delay's timer resumes each on a new one. */
        HYBRID("hybrid", "a virtual-thread-per-task executor as dispatcher (the jdk-dev thread's hybrid)"),
    }

    /** The one-thread executor of `-p1`, closed with the fan-out. */
    private val owned: ExecutorCoroutineDispatcher? =
        if (kind == Kind.P1) Executors.newSingleThreadExecutor(tracked(daemonThreads(id))).asCoroutineDispatcher() else null

    private val context: CoroutineContext = when (kind) {
        Kind.LOOP -> EmptyCoroutineContext
        Kind.DEFAULT -> Dispatchers.Default
        Kind.P1 -> owned!!
        Kind.HYBRID -> {
            // as Executors.newVirtualThreadPerTaskExecutor(): a new virtual thread per dispatched task
            val threads = VirtualRings.threads("$id#")
            Executor { task -> threads.newThread(task).start() }.asCoroutineDispatcher()
        }
    }

    override fun start(tasks: Int, delayMs: Int, work: Int) {
        runBlocking(context) {
            for (task in 1..tasks) {
                launch {
                    delay(delayMs.toLong())
                    work(work)
                    done(task)
                }
            }
        }
    }

    override fun stop() {
        owned?.close()
    }
}
