package threadring.cats

import threadring.core.ring.Ring
import threadring.core.rendezvous.Rendezvous
import threadring.core.fanout.FanOut
import threadring.core.echo.EchoServer
import java.util.{List => JList}
import scala.jdk.CollectionConverters.*
import threadring.core.{RingFactory, RingProvider, Variant, Workload}

/**
 * `cats/<handoff>` on a work-stealing runtime of the ring's own with cats-effect's default size
 * (max(2, cores) workers), `cats/<handoff>-p1` on one worker. Every runtime is made per ring
 * (or rendezvous, or fan-out) so that close() can stop it (IORuntime.global is a JVM-wide
 * singleton). The fan-out's `cats/sleep` and `cats/sleep-p1` and the echo server's `cats/socket`
 * and `cats/socket-p1` run on the same two runtimes. `-loom` and `-loom-p1`: an IORuntime whose
 * compute pool is a virtual thread per task (an experiment: cats-effect does not document it).
 */
object CatsRings:
  /** The default sweep's ids: the fastest of each workload (run 20261123-205554, --all). */
  val InDefaultSweep: Map[String, List[Workload[?, ?]]] =
    Map("queue-p1" -> List(Ring.WORKLOAD), "deferred-p1" -> List(Rendezvous.WORKLOAD))

  /**
   * The fan-out's work-stealing pool can spin for ever: a worker loops in LocalQueue.enqueueBatch
   * (from stealFromOtherWorkerThread) on a dangling steal tag, with two workers (twice in one sweep,
   * 100,000 sleeping fibers) and with one (a thread dump of `check --workload fanout --tasks 1234
   * --delay-ms 7 --work 10`, 2026-11-24; it also hung the first warm-up of two sweeps); cats-effect
   * 3.7.1, upstream typelevel/cats-effect#4674, open.
   */
  val StealHang: String = "cats-effect 3.7.1's work-stealing pool can spin for ever in LocalQueue.enqueueBatch " +
    "(typelevel/cats-effect#4674, open upstream): seen here with sleeping fibers on two workers and on one"

final class CatsRings extends RingProvider:
  override def factories(): JList[RingFactory] =
    val rings = for
      handoff <- Handoff.values.toList
      compute <- Compute.values.toList
      // on Loom: the handoffs of the default sweep's rows only (queue, deferred), to keep the kit's time
      if !compute.virtual || handoff != Handoff.Bounded
    yield Variant.of(
        s"cats/${handoff.variant}${compute.suffix}",
        s"cats-effect fibers, ${handoff.description}, ${compute.description}").opens(Ring.WORKLOAD,
        (id, shape) => CatsRing(id, shape, handoff, compute)
      ).opens(Rendezvous.WORKLOAD, id => CatsRendezvous(id, handoff, compute))
        .oneThread(compute.oneThread)
        .onVirtualThreads(compute.virtual)
        .systemProperties(compute.properties)
        .inDefaultSweep(CatsRings.InDefaultSweep.getOrElse(handoff.variant + compute.suffix, Nil)*)
        .build(): RingFactory
    val fanOuts = for compute <- Compute.values.toList if compute != Compute.LoomP1 yield
      val variant = Variant.of(s"cats/sleep${compute.suffix}", s"fan-out: parTraverse of IO.sleep fibers, ${compute.description}")
        .opens(FanOut.WORKLOAD, id => CatsFanOut(id, compute))
        .oneThread(compute.oneThread)
        .onVirtualThreads(compute.virtual)
        .systemProperties(compute.properties)
      // the hang is in the work-stealing pool, which the virtual-thread runtime does not have: on Loom, cats'
      // one fan-out row the default sweep can measure (1,289 ms/op, 12.9x ideal, run 20261126-142636)
      (if compute.virtual then variant.inDefaultSweep(FanOut.WORKLOAD)
      else variant.knownIssue(FanOut.WORKLOAD, CatsRings.StealHang)).build(): RingFactory
    val echoes = for compute <- List(Compute.Default, Compute.OneWorker) yield
      Variant.of(s"cats/socket${compute.suffix}",
        "echo server: fs2-io sockets on the runtime's selector, a stream framing HTTP/1.1 per connection " +
          s"(parJoinUnbounded), ${compute.description}")
        .opens(EchoServer.WORKLOAD, (id, size) => Fs2EchoServer(id, compute, size.waitMs))
        .oneThread(compute.oneThread)
        .inDefaultSweep((if compute.oneThread then Nil else List(EchoServer.WORKLOAD))*)
        .build(): RingFactory
    (rings ++ fanOuts ++ echoes).asJava
