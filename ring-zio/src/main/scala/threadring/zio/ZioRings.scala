package threadring.zio

import java.util.{List => JList}
import scala.jdk.CollectionConverters.*
import threadring.core.{RingFactory, RingProvider, Variant, Workload}

/**
 * `zio/<handoff>` on ZIO's default runtime (its JVM-wide ZScheduler, which no ring owns or
 * stops), `zio/<handoff>-p1` on a runtime of the ring's (or rendezvous's) own over one executor
 * thread. The fan-out's `zio/sleep` and `zio/sleep-p1` run on the same two runtimes, and so do
 * the echo server's `zio/socket` and `zio/socket-p1`. `-loom` and `-loom-p1`: ZIO's Loom-based
 * executor (`Runtime.enableLoomBasedExecutor`) on the default virtual-thread scheduler and on one carrier.
 */
object ZioRings:
  /**
   * Seen by the contract kit (2026-11-26, JDK 25.0.3, ZIO 2.1.26): on one carrier, ZIO's Loom-based
   * executor ran the single-token ring and the rendezvous but never finished a ring of 37 nodes with
   * 5 tokens, depth 3 and work 10 in 90 s, nor opened a ring of 200,000 nodes in 60 s; not
   * investigated further.
   */
  val LoomOneCarrierHang: String = "ZIO 2.1.26's Loom-based executor on one carrier did not finish a ring with " +
    "several tokens in 90 s, nor open 200,000 nodes in 60 s (contract kit, 2026-11-26); its rendezvous runs"

final class ZioRings extends RingProvider:
  override def factories(): JList[RingFactory] =
    val rings = for
      handoff <- Handoff.values.toList
      pool <- Pool.values.toList
      // on Loom: the fastest handoff only (the default sweep's), to keep the kit's time
      if !pool.virtual || handoff == Handoff.Promise
    yield
      val variant = Variant.of(
        s"zio/${handoff.variant}${pool.suffix}",
        s"ZIO fibers, ${handoff.description}, ${pool.description}",
        (id, shape) => ZioRing(id, shape, handoff, pool)
      ).rendezvous(id => ZioRendezvous(id, handoff, pool))
        .oneThread(pool.oneThread)
        .onVirtualThreads(pool.virtual)
        .systemProperties(pool.properties)
        // the fastest of the ring and of the rendezvous (run 20261123-205554, --all)
        .inDefaultSweep((if handoff.variant == "promise" && pool == Pool.OneThread then List(Workload.RING, Workload.RENDEZVOUS)
          else Nil)*)
      (if pool == Pool.LoomP1 then variant.knownIssue(Workload.RING, ZioRings.LoomOneCarrierHang) else variant)
        .build(): RingFactory
    val fanOuts = for pool <- Pool.values.toList if pool != Pool.LoomP1 yield
      Variant.of(s"zio/sleep${pool.suffix}", s"fan-out: ZIO.foreachParDiscard of ZIO.sleep fibers, ${pool.description}")
        .fanOut(id => ZioFanOut(id, pool))
        .oneThread(pool.oneThread)
        .onVirtualThreads(pool.virtual)
        .systemProperties(pool.properties)
        // the faster with work, within noise of -p1 without (run 20261123-223732, --all)
        .inDefaultSweep((if pool == Pool.Default then List(Workload.FANOUT) else Nil)*)
        .build(): RingFactory
    val echoes = for pool <- List(Pool.Default, Pool.OneThread, Pool.Loom) yield
      Variant.of(s"zio/socket${pool.suffix}",
        "echo server: zio-nio async channels, a fiber per connection on " +
          (if pool.oneThread then "a one-thread executor, I/O on one channel-group thread (2 threads)"
          else if pool.virtual then s"${pool.description}, I/O on a channel group of 1 thread per cpu"
          else "the default runtime (ZScheduler), I/O on a channel group of 1 thread per cpu"))
        .echo((id, waitMs) => ZioEchoServer(id, pool, waitMs))
        .oneThread(pool.oneThread)
        .onVirtualThreads(pool.virtual)
        .systemProperties(pool.properties)
        .inDefaultSweep((if pool.oneThread then Nil else List(Workload.ECHO))*)
        .build(): RingFactory
    (rings ++ fanOuts ++ echoes).asJava
