package threadring.coroutines

import threadring.core.RingFactory
import threadring.core.RingProvider
import threadring.core.Variant
import threadring.core.Workload

/** `coroutines/<handoff>-<scheduler>`: every handoff on every scheduler, for the ring and the rendezvous. */
class CoroutineRings : RingProvider {
    companion object {
        /** Kotlin's own suspension with no dispatcher: ring-floor's floor/kotlin-intrinsics. */
        const val FLOOR = "floor/kotlin-intrinsics"

        /** The default sweep's ring and rendezvous ids: the fastest of each (run 20261123-205554, --all). */
        val IN_DEFAULT_SWEEP = mapOf(
            "continuation-loop" to listOf(Workload.RING),
            "channel-loop" to listOf(Workload.RENDEZVOUS),
        )
    }

    override fun factories(): List<RingFactory> =
        Handoff.entries.flatMap { handoff ->
            Scheduler.entries.map { scheduler ->
                Variant.of(
                    "coroutines/${handoff.variant}-${scheduler.suffix}",
                    "Kotlin coroutines, ${handoff.description}, on ${scheduler.description}",
                ) { id, shape -> CoroutineRing(id, shape, handoff, scheduler) }
                    .rendezvous { id -> CoroutineRendezvous(id, handoff, scheduler) }
                    .floor(FLOOR)
                    .oneThread(scheduler != Scheduler.DEFAULT)
                    .inDefaultSweep(*IN_DEFAULT_SWEEP["${handoff.variant}-${scheduler.suffix}"].orEmpty().toTypedArray())
                    .build()
            }
        } + CoroutineFanOut.Kind.entries.map { kind ->
            Variant.of("coroutines/delay-${kind.suffix}", "fan-out: launch + delay, on ${kind.description}")
                .fanOut { id -> CoroutineFanOut(id, kind) }
                .minimumJava(if (kind == CoroutineFanOut.Kind.HYBRID) 21 else 17)
                .oneThread(kind == CoroutineFanOut.Kind.LOOP || kind == CoroutineFanOut.Kind.P1)
                // the jdk-dev thread's three forms: runBlocking's loop, Default, and the hybrid
                .inDefaultSweep(*if (kind == CoroutineFanOut.Kind.P1) arrayOf() else arrayOf(Workload.FANOUT))
                .build()
        } + listOf(false, true).map { oneThread ->
            Variant.of(
                "coroutines/socket-${if (oneThread) "p1" else "default"}",
                "echo server: ktor-network sockets, a coroutine per connection, on " +
                    if (oneThread) "one thread (selector too)" else "Dispatchers.Default (selector on Dispatchers.IO)",
            )
                .echo { id -> CoroutineEchoServer(id, oneThread) }
                .oneThread(oneThread)
                .inDefaultSweep(*if (oneThread) arrayOf() else arrayOf(Workload.ECHO))
                .build()
        }
}
