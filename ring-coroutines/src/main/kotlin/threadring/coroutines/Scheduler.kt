package threadring.coroutines

import java.util.concurrent.CompletableFuture
import java.util.concurrent.Executors
import java.util.concurrent.ThreadFactory
import java.util.concurrent.TimeUnit
import kotlin.coroutines.ContinuationInterceptor
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.runBlocking
import threadring.core.Loom
import threadring.virtual.VirtualRings

/**
 * Where a ring's node coroutines run: the suffix of an id. [virtual]: on virtual threads (JDK 21+);
 * [properties]: the system properties it needs from JVM start.
 */
enum class Scheduler(
    val suffix: String,
    val description: String,
    val virtual: Boolean = false,
    val properties: Map<String, String> = emptyMap(),
) {
    /** One thread of the ring's own runs `runBlocking`; its event loop runs every node. */
    LOOP("loop", "runBlocking's event loop on one thread the ring owns") {
        override fun start(threads: ThreadFactory, nodes: Job): Host {
            val loop = CompletableFuture<CoroutineDispatcher>()
            threads.newThread {
                runBlocking {
                    loop.complete(coroutineContext[ContinuationInterceptor] as CoroutineDispatcher)
                    nodes.join() // runs the event loop until every node has ended
                }
            }.start()
            return Host(loop.get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {}
        }
    },

    /** The shared default pool (as many threads as cores); the ring starts no thread. */
    DEFAULT("default", "Dispatchers.Default") {
        override fun start(threads: ThreadFactory, nodes: Job) = Host(Dispatchers.Default) {}
    },

    /** A one-thread executor of the ring's own, closed with the ring. */
    P1("p1", "a one-thread executor as dispatcher") {
        override fun start(threads: ThreadFactory, nodes: Job): Host {
            val dispatcher = Executors.newSingleThreadExecutor(threads).asCoroutineDispatcher()
            return Host(dispatcher, dispatcher::close)
        }
    },

    /**
     * No dispatch: a resumed node runs at once on the resuming thread (nested resumes queue on
     * that thread's own event loop), so a pass runs on the thread that injects the token.
     */
    UNCONFINED("unconfined", "Dispatchers.Unconfined (a pass runs on the injecting thread)") {
        override fun start(threads: ThreadFactory, nodes: Job) = Host(Dispatchers.Unconfined) {}
    },

    /** A serial view of the shared pool: the usual way to confine coroutines without a thread of one's own. */
    SERIAL("serial", "Dispatchers.Default.limitedParallelism(1)") {
        override fun start(threads: ThreadFactory, nodes: Job) = Host(Dispatchers.Default.limitedParallelism(1)) {}
    },

    /**
     * Loom beneath the coroutines (kotlinx.coroutines#3606): a dispatcher over a virtual-thread-per-task
     * executor, so every dispatched continuation runs on a new virtual thread on the JDK's scheduler.
     */
    LOOM("loom", "a dispatcher over a virtual-thread-per-task executor (default virtual-thread scheduler)", true) {
        override fun start(threads: ThreadFactory, nodes: Job) = virtualThreadPerTask()
    },

    /** [LOOM] with the virtual-thread scheduler on one carrier. */
    LOOM_P1("loom-p1", "a dispatcher over a virtual-thread-per-task executor, one carrier", true, Loom.ONE_CARRIER) {
        override fun start(threads: ThreadFactory, nodes: Job) = virtualThreadPerTask()
    };

    /**
     * Starts what runs a ring's coroutines. [threads] makes (and tracks) any thread it needs;
     * [nodes] is the parent of the node coroutines, complete once they have all ended.
     */
    internal abstract fun start(threads: ThreadFactory, nodes: Job): Host

    /** A started scheduler: the dispatcher for the nodes, and what to do once they have ended. */
    internal class Host(val dispatcher: CoroutineDispatcher, val close: () -> Unit)

    private companion object {
        const val START_TIMEOUT_SECONDS = 30L

        /** Its virtual threads end with their tasks, so none is tracked; closing shuts the executor down. */
        fun virtualThreadPerTask(): Host {
            val dispatcher = VirtualRings.perTask("coroutines-loom#").asCoroutineDispatcher()
            return Host(dispatcher, dispatcher::close)
        }
    }
}
