package threadring.zio

import threadring.core.ring.Ring
import threadring.core.rendezvous.Rendezvous
import threadring.core.fanout.FanOut
import threadring.core.echo.EchoServer
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
        s"ZIO fibers, ${handoff.description}, ${pool.description}").opens(Ring.WORKLOAD,
        (id, shape) => ZioRing(id, shape, handoff, pool)
      ).opens(Rendezvous.WORKLOAD, id => ZioRendezvous(id, handoff, pool))
        .oneThread(pool.oneThread)
        .onVirtualThreads(pool.virtual)
        .systemProperties(pool.properties)
        // the fastest of the ring and of the rendezvous (run 20261123-205554, --all)
        .inDefaultSweep((if handoff.variant == "promise" && pool == Pool.OneThread then List(Ring.WORKLOAD, Rendezvous.WORKLOAD)
          else Nil)*)
      variant.build(): RingFactory
    val fanOuts = for pool <- Pool.values.toList if pool != Pool.LoomP1 yield
      Variant.of(s"zio/sleep${pool.suffix}", s"fan-out: ZIO.foreachParDiscard of ZIO.sleep fibers, ${pool.description}")
        .opens(FanOut.WORKLOAD, id => ZioFanOut(id, pool))
        .oneThread(pool.oneThread)
        .onVirtualThreads(pool.virtual)
        .systemProperties(pool.properties)
        // the faster with work, within noise of -p1 without (run 20261123-223732, --all)
        .inDefaultSweep((if pool == Pool.Default then List(FanOut.WORKLOAD) else Nil)*)
        .build(): RingFactory
    val echoes = for pool <- List(Pool.Default, Pool.OneThread, Pool.Loom) yield
      Variant.of(s"zio/socket${pool.suffix}",
        "echo server: zio-nio async channels, a fiber per connection on " +
          (if pool.oneThread then "a one-thread executor, I/O on one channel-group thread (2 threads)"
          else if pool.virtual then s"${pool.description}, I/O on a channel group of 1 thread per cpu"
          else "the default runtime (ZScheduler), I/O on a channel group of 1 thread per cpu"))
        .opens(EchoServer.WORKLOAD, (id, size) => ZioEchoServer(id, pool, size.waitMs))
        .oneThread(pool.oneThread)
        .onVirtualThreads(pool.virtual)
        .systemProperties(pool.properties)
        // the default runtime only: one row per model keeps the default sweep's budget
        .inDefaultSweep((if pool == Pool.Default then List(EchoServer.WORKLOAD) else Nil)*)
        .build(): RingFactory
    (rings ++ fanOuts ++ echoes).asJava
