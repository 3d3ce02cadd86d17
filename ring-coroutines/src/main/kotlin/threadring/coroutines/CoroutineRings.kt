package threadring.coroutines

import threadring.core.ring.Ring
import threadring.core.rendezvous.Rendezvous
import threadring.core.fanout.FanOut
import threadring.core.echo.EchoServer
import io.ktor.server.cio.CIO
import io.ktor.server.netty.Netty
import threadring.core.RingFactory
import threadring.core.RingProvider
import threadring.core.Variant
import threadring.core.Workload

/**
 * `coroutines/<handoff>-<scheduler>`: every handoff on every scheduler, for the ring and the rendezvous;
 * the fan-out's `delay-*`; and the echo servers: ktor-network sockets, Ktor's engines, ktor-network's
 * selector on the connections' own thread (`selector`), and coroutines on Vert.x's event loops (`vertx`).
 */
class CoroutineRings : RingProvider {
    companion object {
        /** Kotlin's own suspension with no dispatcher: ring-floor's floor/kotlin-intrinsics. */
        const val FLOOR = "floor/kotlin-intrinsics"

        /** The default sweep's ring and rendezvous ids: the fastest of each (run 20261123-205554, --all). */
        val IN_DEFAULT_SWEEP = mapOf(
            "continuation-loop" to listOf(Ring.WORKLOAD),
            "channel-loop" to listOf(Rendezvous.WORKLOAD),
        )
    }

    override fun factories(): List<RingFactory> =
        Handoff.entries.flatMap { handoff ->
            Scheduler.entries.map { scheduler ->
                Variant.of(
                    "coroutines/${handoff.variant}-${scheduler.suffix}",
                    "Kotlin coroutines, ${handoff.description}, on ${scheduler.description}",
                ).opens(Ring.WORKLOAD) { id, shape -> CoroutineRing(id, shape, handoff, scheduler) }
                    .opens(Rendezvous.WORKLOAD) { id -> CoroutineRendezvous(id, handoff, scheduler) }
                    .floor(FLOOR)
                    .oneThread(scheduler != Scheduler.DEFAULT && scheduler != Scheduler.LOOM)
                    .onVirtualThreads(scheduler.virtual)
                    .systemProperties(scheduler.properties)
                    .inDefaultSweep(*IN_DEFAULT_SWEEP["${handoff.variant}-${scheduler.suffix}"].orEmpty().toTypedArray())
                    .build()
            }
        } + CoroutineFanOut.Kind.entries.map { kind ->
            Variant.of("coroutines/delay-${kind.suffix}", "fan-out: launch + delay, on ${kind.description}")
                .opens(FanOut.WORKLOAD) { id -> CoroutineFanOut(id, kind) }
                .onVirtualThreads(kind == CoroutineFanOut.Kind.HYBRID)
                .oneThread(kind == CoroutineFanOut.Kind.LOOP || kind == CoroutineFanOut.Kind.P1)
                // Default in the default sweep; the jdk-dev thread's other forms (runBlocking's loop,
                // the hybrid) are one --include away: one row per model keeps the sweep's budget
                .inDefaultSweep(*if (kind == CoroutineFanOut.Kind.DEFAULT) arrayOf(FanOut.WORKLOAD) else arrayOf())
                .build()
        } + Framing.entries.flatMap { framing ->
            // Loom beneath: the buffered framing only (the default sweep's), to keep the kit's time
            val schedulers = listOf(Scheduler.DEFAULT, Scheduler.P1) + if (framing == Framing.BUFFERED) listOf(Scheduler.LOOM) else listOf()
            schedulers.map { scheduler ->
                val oneThread = scheduler == Scheduler.P1
                Variant.of(
                    "coroutines/" + when (framing) {
                        Framing.LINES -> if (oneThread) "socket-p1" else "socket-default"
                        Framing.BUFFERED -> "socket-buffered" + if (scheduler == Scheduler.DEFAULT) "" else "-${scheduler.suffix}"
                    },
                    "echo server: ktor-network sockets, a coroutine per connection${framing.note}, on " +
                        when (scheduler) {
                            Scheduler.P1 -> "one thread of its own (selector too)"
                            Scheduler.LOOM -> "${scheduler.description} (selector on Dispatchers.IO)"
                            else -> "Dispatchers.Default (selector on Dispatchers.IO)"
                        } + "; ktor-network runs each socket's reader and writer on Dispatchers.IO",
                )
                    .opens(EchoServer.WORKLOAD) { id, size -> CoroutineEchoServer(id, scheduler, framing, size.waitMs()) }
                    .oneThread(oneThread)
                    .onVirtualThreads(scheduler.virtual)
                    .systemProperties(scheduler.properties)
                    .build()
            }
        } + Variant.of(
            "coroutines/ktor-cio",
            "echo server: Ktor's CIO engine, a routed POST handler echoing the bytes (CIO's coroutines on Dispatchers.IO)",
        )
            .opens(EchoServer.WORKLOAD) { id, size -> KtorEchoServer(id, CIO, size.waitMs()) }
            .build() + Variant.of(
            "coroutines/ktor-netty",
            "echo server: Ktor's Netty engine, a routed POST handler echoing the bytes (NIO event loops of its own, " +
                "Ktor's sizes, handlers on the I/O loops)",
        )
            .opens(EchoServer.WORKLOAD) { id, size -> KtorEchoServer(id, Netty, size.waitMs()) { track -> ownEventLoops(id, track) } }
            .build() + listOf(false, true).map { oneLoop ->
            Variant.of(
                "coroutines/selector" + if (oneLoop) "-p1" else "",
                "echo server: NIO sockets as ktor-network Selectables of our own on its SelectorManager, which " +
                    "runs on the connections' own one-thread dispatcher (no Dispatchers.IO reader or writer), " +
                    if (oneLoop) "one loop" else "one loop per cpu, connections dealt in turn",
            )
                .opens(EchoServer.WORKLOAD) { id, size -> SelectorEchoServer(id, if (oneLoop) 1 else 0, size.waitMs()) }
                .oneThread(oneLoop)
                .build()
        } + Variant.of(
            "coroutines/vertx",
            "echo server: vertx-lang-kotlin-coroutines, a CoroutineVerticle per Vert.x event loop, a coroutine " +
                "per request resumed on the loop that did the I/O (delay on a Vert.x timer)",
        )
            .opens(EchoServer.WORKLOAD) { id, size -> VertxCoroutineEchoServer(id, size.waitMs()) }
            // Kotlin's server in the default sweep: no Dispatchers.IO hop per read and write
            .inDefaultSweep(EchoServer.WORKLOAD)
            .build()
}
