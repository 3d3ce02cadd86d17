package threadring.coroutines

import kotlinx.coroutines.async
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.launch
import threadring.core.skynet.AbstractSkynet
import threadring.core.skynet.Skynet
import threadring.core.RingFactory
import threadring.core.RingProvider
import threadring.core.Variant

/**
 * Skynet in Kotlin coroutines: every task is a coroutine its parent starts in its own
 * `coroutineScope`, so a parent returns only once its children have completed. The root is
 * launched in a [CoroutineGroup] on a [Scheduler] opened with the workload and reused by every run;
 * a [Form] says how a parent gets its children's answers.
 */
class CoroutineSkynet(id: String, private val form: Form, scheduler: Scheduler) : AbstractSkynet(id) {

    /** How a parent collects its children's answers: the middle of an id. */
    enum class Form(val variant: String, val description: String) {
        /** The structured way: a Deferred per child, awaited in order and summed. */
        ASYNC("async", "coroutineScope { B x async }, the Deferreds awaited and summed"),

        /** As the original Go program: children send their answers to a channel of their parent's. */
        CHANNEL("answer-channel", "a launch per child, each sending its answer to its parent's rendezvous Channel"),
    }

    private val group = CoroutineGroup(id, scheduler, tracked(daemonThreads(id))) { fail(it) }

    override fun start(branching: Int, depth: Int) {
        val leaves = Skynet.leaves(branching, depth)
        group.launch("skynet-root") { done(task(0, leaves, branching)) }
    }

    /** Task (first, leaves): a leaf answers its first leaf, a parent the sum of its children's answers. */
    private suspend fun task(first: Long, leaves: Long, branching: Int): Long {
        taskStarted()
        val sum = if (leaves == 1L) first else {
            val each = leaves / branching
            when (form) {
                Form.ASYNC -> coroutineScope {
                    List(branching) { i -> async { task(first + i * each, each, branching) } }.sumOf { it.await() }
                }
                Form.CHANNEL -> coroutineScope {
                    // rendezvous, as Go's unbuffered channel: a child's send waits for its parent's receive
                    val answers = Channel<Long>()
                    repeat(branching) { i ->
                        launch {
                            val answer = task(first + i * each, each, branching)
                            answers.send(answer)
                        }
                    }
                    var total = 0L
                    repeat(branching) { total += answers.receive() }
                    total
                }
            }
        }
        taskEnded()
        return sum
    }

    override fun stop() {
        group.stop(closeTimeout()) {}
    }
}

/**
 * `coroutines/<form>[-<scheduler>]`: the Skynet forms of Kotlin coroutines, as data, until the
 * workload is registered like the others. Without a suffix a form runs on Dispatchers.Default, the
 * dispatcher a coroutine gets when nothing names one.
 */
class CoroutineSkynets : RingProvider {

    override fun factories(): List<RingFactory> = variants().map { it.build() }

    companion object {

    /** Every form on the schedulers it runs on; the one the default sweep would measure is marked fastest. */
    private val FORMS = listOf(
        CoroutineSkynet.Form.ASYNC to Scheduler.DEFAULT,
        CoroutineSkynet.Form.ASYNC to Scheduler.LOOP,
        CoroutineSkynet.Form.ASYNC to Scheduler.LOOM,
        CoroutineSkynet.Form.CHANNEL to Scheduler.DEFAULT,
        CoroutineSkynet.Form.CHANNEL to Scheduler.LOOP,
    )

    /**
     * The fastest in a quick check (10^6 leaves, 3 warm-up and 5 timed runs, 5 GiB fixed heap, JDK 25,
     * 2 cpus, 2026-11-27), median ns per task: async 1,003-1,174, async-loop 1,343-1,421, channel
     * 1,521 (now answer-channel), channel-loop 2,696 (answer-channel-loop), async-loom 3,010. Young-collection pauses were over a third of the
     * time; a likely reason the loop loses: its FIFO queue starts the tree breadth first, so all of it
     * is alive at once, while a Default worker takes the task dispatched last first (its LIFO slot).
     */
    private const val FASTEST = "coroutines/async"

    @JvmStatic
    fun variants(): List<Variant.Builder> = FORMS.map { (form, scheduler) ->
        val id = "coroutines/${form.variant}" + if (scheduler == Scheduler.DEFAULT) "" else "-${scheduler.suffix}"
        var variant = Variant.of(id, "skynet: ${form.description}, on ${scheduler.description}").opens(Skynet.WORKLOAD) { opened ->
            CoroutineSkynet(opened, form, scheduler)
        }.systemProperties(scheduler.properties)
        if (scheduler.virtual) variant = variant.onVirtualThreads(true)
        if (id == FASTEST) variant = variant.inDefaultSweep(Skynet.WORKLOAD)
        variant
    }
}
}
