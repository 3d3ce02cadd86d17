package threadring.zio

import java.util.{List => JList}
import scala.jdk.CollectionConverters.*
import threadring.core.{RingFactory, RingProvider, Variant, Workload}

/**
 * `zio/<handoff>` on ZIO's default runtime (its JVM-wide ZScheduler, which no ring owns or
 * stops), `zio/<handoff>-p1` on a runtime of the ring's (or rendezvous's) own over one executor
 * thread. The fan-out's `zio/sleep` and `zio/sleep-p1` run on the same two runtimes, and so do
 * the echo server's `zio/socket` and `zio/socket-p1`.
 */
final class ZioRings extends RingProvider:
  override def factories(): JList[RingFactory] =
    val rings = for
      handoff <- Handoff.values.toList
      oneThread <- List(false, true)
    yield Variant.of(
      s"zio/${handoff.variant}${if oneThread then "-p1" else ""}",
      s"ZIO fibers, ${handoff.description}, " +
        (if oneThread then "a one-thread executor" else "the default runtime (ZScheduler)"),
      (id, shape) => ZioRing(id, shape, handoff, oneThread)
    ).rendezvous(id => ZioRendezvous(id, handoff, oneThread))
      .oneThread(oneThread)
      // the fastest of the ring and of the rendezvous (run 20261123-205554, --all)
      .inDefaultSweep((if handoff.variant == "promise" && oneThread then List(Workload.RING, Workload.RENDEZVOUS)
        else Nil)*)
      .build(): RingFactory
    val fanOuts = for oneThread <- List(false, true) yield
      Variant.of(s"zio/sleep${if oneThread then "-p1" else ""}",
        "fan-out: ZIO.foreachParDiscard of ZIO.sleep fibers, " +
          (if oneThread then "a one-thread executor" else "the default runtime (ZScheduler)"))
        .fanOut(id => ZioFanOut(id, oneThread))
        .oneThread(oneThread)
        // the faster with work, within noise of -p1 without (run 20261123-223732, --all)
        .inDefaultSweep((if oneThread then Nil else List(Workload.FANOUT))*)
        .build(): RingFactory
    val echoes = for oneThread <- List(false, true) yield
      Variant.of(s"zio/socket${if oneThread then "-p1" else ""}",
        "echo server: zio-nio async channels, a fiber per connection on " +
          (if oneThread then "a one-thread executor, I/O on one channel-group thread (2 threads)"
          else "the default runtime (ZScheduler), I/O on a channel group of 1 thread per cpu"))
        .echo((id, waitMs) => ZioEchoServer(id, oneThread, waitMs))
        .oneThread(oneThread)
        .inDefaultSweep((if oneThread then Nil else List(Workload.ECHO))*)
        .build(): RingFactory
    (rings ++ fanOuts ++ echoes).asJava
