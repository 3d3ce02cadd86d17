package threadring.coroutines

import java.time.Duration
import java.util.concurrent.CountDownLatch
import java.util.concurrent.ThreadFactory
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.CoroutineName
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.launch

/**
 * The coroutines of one ring or rendezvous: children of one [Job], on a [Scheduler] started for
 * them alone. Both workloads launch, fail and stop through it, so they differ only in their loops.
 *
 * [threads] makes (and tracks) the scheduler's threads; [failed] gets a coroutine's unexpected
 * error, so that the run fails instead of hanging.
 */
internal class CoroutineGroup(
    private val id: String,
    scheduler: Scheduler,
    threads: ThreadFactory,
    private val failed: (Throwable) -> Unit,
) {
    private val job = Job()
    private val host = scheduler.start(threads, job)
    private val scope = CoroutineScope(host.dispatcher + job)

    /** Launches [body] as a child of the group; an error in it goes to [failed] and ends it. */
    fun launch(name: String, body: suspend () -> Unit): Job =
        scope.launch(CoroutineName(name)) {
            try {
                body()
            } catch (e: CancellationException) {
                throw e
            } catch (e: Throwable) {
                failed(e)
            }
        }

    /** Sends from a coroutine of the group's scheduler, since a rendezvous send may suspend. */
    fun send(inbox: Inbox, value: Int) {
        scope.launch { inbox.send(value) }
    }

    /**
     * Runs [stopAll] (which sends the stop values) in a coroutine, waits up to [timeout] for every
     * coroutine to end, then stops the scheduler.
     */
    fun stop(timeout: Duration, stopAll: suspend () -> Unit) {
        scope.launch { stopAll() }
        job.complete()
        val ended = CountDownLatch(1)
        job.invokeOnCompletion { ended.countDown() }
        if (!ended.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            val alive = job.children.count { it.isActive }
            job.cancel()
            throw IllegalStateException("$id: $alive coroutine(s) still alive after close()")
        }
        host.close()
    }
}

/** Daemon threads named `id#1`, `id#2`, ...: a stuck scheduler never keeps a JVM alive. */
internal fun daemonThreads(id: String): ThreadFactory {
    val count = AtomicInteger()
    return ThreadFactory { task -> Thread(task, "$id#${count.incrementAndGet()}").apply { isDaemon = true } }
}
