package threadring.coroutines

import kotlin.time.Duration.Companion.microseconds
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.yield
import threadring.core.RingFactory
import threadring.core.RingProvider
import threadring.core.Variant
import threadring.core.fairness.AbstractFairness
import threadring.core.fairness.Fairness

/**
 * Fairness in Kotlin coroutines on Dispatchers.Default: a `launch` per hog looping over its chunks
 * (the `-yield` form calls `yield()` after each), and a probe that `delay`s; runBlocking returns
 * once every one has completed. A coroutine is not preempted: a hog keeps its worker until it
 * suspends.
 */
class CoroutineFairness(id: String, private val yielding: Boolean) : AbstractFairness(id) {

    override fun start(hogs: Int, chunks: Int, chunkWork: Int, periodUs: Int) {
        runBlocking(Dispatchers.Default) {
            repeat(hogs) {
                launch {
                    for (c in 0 until chunks) {
                        chunk(chunkWork)
                        if (yielding) yield()
                    }
                    hogDone(chunks.toLong())
                }
            }
            launch {
                do {
                    val due = due(periodUs)
                    delay(periodUs.microseconds)
                    woke(due)
                } while (hogsRunning())
                probeDone()
            }
        }
    }

    override fun stop() {
        // nothing of its own: Dispatchers.Default is shared, and runBlocking joined every coroutine
    }
}

/** `coroutines/hogs` and `coroutines/hogs-yield`, the fairness forms, found by ServiceLoader. */
class CoroutineFairnessProvider : RingProvider {
    override fun factories(): List<RingFactory> = listOf(
        Variant.of("coroutines/hogs", "fairness: a launch per hog and a probe that delays, on Dispatchers.Default")
            .opens(Fairness.WORKLOAD) { id -> CoroutineFairness(id, false) }.build(),
        Variant.of("coroutines/hogs-yield", "fairness: as coroutines/hogs, each hog calling yield() after every chunk")
            .opens(Fairness.WORKLOAD) { id -> CoroutineFairness(id, true) }.build(),
    )
}
