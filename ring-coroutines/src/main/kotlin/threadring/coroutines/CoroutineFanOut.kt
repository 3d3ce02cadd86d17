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
import threadring.core.fanout.AbstractFanOut
import threadring.virtual.VirtualRings

/**
 * The fan-out as the jdk-dev thread and LoomExperiments wrote it: `runBlocking`, a `launch` per
 * task that delays, the jobs joined, plus the task's work, on each of the thread's dispatchers.
 * runBlocking returns once every child has completed, so an operation's coroutines are gone when
 * it returns.
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
            val jobs = List(tasks) { i ->
                launch {
                    delay(delayMs.toLong())
                    work(work)
                    done(i + 1)
                }
            }
            // Joined in order, as LoomExperiments' benchmark does: the parent waits on the first job and
            // finds the rest done. Left to runBlocking's implicit wait, the finishing parent instead
            // chains a completion handler through its children one at a time (about 1.1x slower here).
            jobs.forEach { it.join() }
        }
    }

    override fun stop() {
        owned?.close()
    }
}
