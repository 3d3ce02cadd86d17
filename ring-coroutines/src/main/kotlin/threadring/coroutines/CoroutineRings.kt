package threadring.coroutines

import threadring.core.RingFactory
import threadring.core.RingProvider
import threadring.core.Variant

/** `coroutines/<handoff>-<scheduler>`: every handoff on every scheduler. */
class CoroutineRings : RingProvider {
    companion object {
        /** Kotlin's own suspension with no dispatcher: ring-floor's floor/kotlin-intrinsics. */
        const val FLOOR = "floor/kotlin-intrinsics"
    }

    override fun factories(): List<RingFactory> =
        Handoff.entries.flatMap { handoff ->
            Scheduler.entries.map { scheduler ->
                Variant.of(
                    "coroutines/${handoff.variant}-${scheduler.suffix}",
                    "Kotlin coroutines, ${handoff.description}, on ${scheduler.description}",
                ) { id, shape -> CoroutineRing(id, shape, handoff, scheduler) }.floor(FLOOR).build()
            }
        }
}
