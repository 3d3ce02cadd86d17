package threadring.cats

import java.util.{List => JList}
import scala.jdk.CollectionConverters.*
import threadring.core.{RingFactory, RingProvider, Variant, Workload}

/**
 * `cats/<handoff>` on a work-stealing runtime of the ring's own with cats-effect's default size
 * (max(2, cores) workers), `cats/<handoff>-p1` on one worker. Every runtime is made per ring
 * (or rendezvous, or fan-out) so that close() can stop it (IORuntime.global is a JVM-wide
 * singleton). The fan-out's `cats/sleep` and `cats/sleep-p1` and the echo server's `cats/socket`
 * and `cats/socket-p1` run on the same two runtimes.
 */
object CatsRings:
  /** The default sweep's ids: the fastest of each workload (run 20261123-205554, --all). */
  val InDefaultSweep: Map[String, List[Workload]] =
    Map("queue-p1" -> List(Workload.RING), "deferred-p1" -> List(Workload.RENDEZVOUS))

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
      oneWorker <- List(false, true)
    yield
      val workers = if oneWorker then 1 else CatsRuntime.defaultWorkers
      Variant.of(
        s"cats/${handoff.variant}${if oneWorker then "-p1" else ""}",
        s"cats-effect fibers, ${handoff.description}, " +
          (if oneWorker then "one-worker runtime" else "default work-stealing runtime"),
        (id, shape) => CatsRing(id, shape, handoff, workers)
      ).rendezvous(id => CatsRendezvous(id, handoff, workers))
        .oneThread(oneWorker)
        .inDefaultSweep(CatsRings.InDefaultSweep.getOrElse(handoff.variant + (if oneWorker then "-p1" else ""), Nil)*)
        .build(): RingFactory
    val fanOuts = for oneWorker <- List(false, true) yield
      val workers = if oneWorker then 1 else CatsRuntime.defaultWorkers
      Variant.of(s"cats/sleep${if oneWorker then "-p1" else ""}",
        "fan-out: parTraverse of IO.sleep fibers, " +
          (if oneWorker then "one-worker runtime" else "default work-stealing runtime"))
        .fanOut(id => CatsFanOut(id, workers))
        .oneThread(oneWorker)
        .knownIssue(Workload.FANOUT, CatsRings.StealHang)
        .build(): RingFactory
    val echoes = for oneWorker <- List(false, true) yield
      val workers = if oneWorker then 1 else CatsRuntime.defaultWorkers
      Variant.of(s"cats/socket${if oneWorker then "-p1" else ""}",
        "echo server: fs2-io sockets on the runtime's selector, a stream framing HTTP/1.1 per connection " +
          "(parJoinUnbounded), " + (if oneWorker then "one-worker runtime" else "default work-stealing runtime"))
        .echo((id, waitMs) => Fs2EchoServer(id, workers, waitMs))
        .oneThread(oneWorker)
        .inDefaultSweep((if oneWorker then Nil else List(Workload.ECHO))*)
        .build(): RingFactory
    (rings ++ fanOuts ++ echoes).asJava
