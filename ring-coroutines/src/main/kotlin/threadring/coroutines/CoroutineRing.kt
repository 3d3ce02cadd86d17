package threadring.coroutines

import threadring.core.ring.RingSize
import kotlinx.coroutines.Job
import threadring.core.ring.AbstractRing
import threadring.core.ring.Hop
/**
 * One coroutine per node, all in one [CoroutineGroup]: a [Handoff] says how they pass the token,
 * a [Scheduler] where they run. This is the only node loop of the module.
 */
class CoroutineRing(id: String, shape: RingSize, handoff: Handoff, scheduler: Scheduler) : AbstractRing(id, shape) {

    private val group = CoroutineGroup(id, scheduler, tracked(daemonThreads(id))) { fail(it) }
    private val inboxes = List(shape.nodes) { handoff.newInbox() }
    private val nodeJobs = List(shape.nodes) { i ->
        group.launch("node-${i + 1}") { node(i + 1, inboxes[i], inboxes[(i + 1) % shape.nodes]) }
    }

    private suspend fun node(name: Int, inbox: Inbox, next: Inbox) {
        val depth = depth()
        val work = work()
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

    override fun inject(node: Int, hops: Int) = group.send(inboxes[node - 1], hops)

    /** Sends every node the stop token, waits for all of them to end, then stops the scheduler. */
    override fun stop() = group.stop(closeTimeout()) { inboxes.forEach { it.send(STOP) } }

    private companion object {
        const val STOP = -1
    }
}
