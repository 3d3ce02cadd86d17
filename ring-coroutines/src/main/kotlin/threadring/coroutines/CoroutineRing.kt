package threadring.coroutines

import java.util.concurrent.CountDownLatch
import java.util.concurrent.ThreadFactory
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.CoroutineName
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.launch
import threadring.core.AbstractRing
import threadring.core.Hop
import threadring.core.Shape

/**
 * One coroutine per node, all children of one [Job]: a [Handoff] says how they pass the token,
 * a [Scheduler] where they run. This is the only node loop of the module.
 */
class CoroutineRing(id: String, shape: Shape, handoff: Handoff, scheduler: Scheduler) : AbstractRing(id, shape) {

    private val job = Job()
    private val host = scheduler.start(tracked(daemonThreads(id)), job)
    private val scope = CoroutineScope(host.dispatcher + job)
    private val inboxes = List(shape.nodes) { handoff.newInbox() }
    private val nodeJobs = List(shape.nodes) { i ->
        scope.launch(CoroutineName("node-${i + 1}")) { node(i + 1, inboxes[i], inboxes[(i + 1) % shape.nodes]) }
    }

    private suspend fun node(name: Int, inbox: Inbox, next: Inbox) {
        val depth = depth()
        val work = work()
        try {
            while (true) {
                val token = if (depth == 0) inbox.receive() else receive(inbox, depth)
                when {
                    token > 0 -> {
                        Hop.work(work)
                        next.send(token - 1)
                    }
                    token == 0 -> finish(name)
                    else -> return
                }
            }
        } catch (e: CancellationException) {
            throw e
        } catch (e: Throwable) {
            fail(e)
        }
    }

    /**
     * Waits [depth] suspend frames deep: each level is a frame of its own in the coroutine's
     * continuation chain (the check after the call keeps it from being a tail call).
     */
    private suspend fun receive(inbox: Inbox, depth: Int): Int {
        if (depth == 0) return inbox.receive()
        val token = receive(inbox, depth - 1)
        check(token != Int.MIN_VALUE)
        return token
    }

    /** The node coroutines, 1..N, for tests. */
    fun nodeJobs(): List<Job> = nodeJobs

    /** Sends from a coroutine of the ring's scheduler, since a rendezvous send may suspend. */
    override fun inject(node: Int, hops: Int) {
        scope.launch { inboxes[node - 1].send(hops) }
    }

    /** Sends every node the stop token, waits for all of them to end, then stops the scheduler. */
    override fun stop() {
        scope.launch { inboxes.forEach { it.send(STOP) } }
        job.complete()
        val ended = CountDownLatch(1)
        job.invokeOnCompletion { ended.countDown() }
        if (!ended.await(closeTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
            job.cancel()
            val alive = nodeJobs.count { it.isActive }
            throw IllegalStateException("${id()}: $alive node coroutine(s) still alive after close()")
        }
        host.close()
    }

    private companion object {
        const val STOP = -1

        fun daemonThreads(id: String): ThreadFactory {
            val count = AtomicInteger()
            return ThreadFactory { task -> Thread(task, "$id#${count.incrementAndGet()}").apply { isDaemon = true } }
        }
    }
}
