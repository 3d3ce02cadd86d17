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

/** Where a ring's node coroutines run: the suffix of an id. */
enum class Scheduler(val suffix: String, val description: String) {
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
    }
}
