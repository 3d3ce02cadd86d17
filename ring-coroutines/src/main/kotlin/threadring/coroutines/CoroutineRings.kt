package threadring.coroutines

import threadring.core.Rendezvous
import threadring.core.RingFactory
import threadring.core.RingProvider
import threadring.core.Variant

/** `coroutines/<handoff>-<scheduler>`: every handoff on every scheduler, for the ring and the rendezvous. */
class CoroutineRings : RingProvider {
    companion object {
        /** Kotlin's own suspension with no dispatcher: ring-floor's floor/kotlin-intrinsics. */
        const val FLOOR = "floor/kotlin-intrinsics"

        /**
         * Every row meets in well under a microsecond (250-500 ns here on 2 cores, the cell's
         * two switches included), so every row gets the full sweep.
         */
        const val DEFAULT_VALUES = Rendezvous.SWEEP_VALUES
    }

    override fun factories(): List<RingFactory> =
        Handoff.entries.flatMap { handoff ->
            Scheduler.entries.map { scheduler ->
                Variant.of(
                    "coroutines/${handoff.variant}-${scheduler.suffix}",
                    "Kotlin coroutines, ${handoff.description}, on ${scheduler.description}",
                ) { id, shape -> CoroutineRing(id, shape, handoff, scheduler) }
                    .rendezvous { id -> CoroutineRendezvous(id, handoff, scheduler) }
                    .defaultValues(DEFAULT_VALUES)
                    .floor(FLOOR)
                    .build()
            }
        }
}
