package threadring.zio

import java.util.{List as JList}
import scala.concurrent.duration.*
import scala.jdk.CollectionConverters.*
import threadring.core.{RingFactory, RingProvider, Variant}
import threadring.core.fairness.{AbstractFairness, Fairness}
import zio.ZIO

/**
 * Fairness in ZIO on its default runtime: a fiber per hog running its chunks one `ZIO.succeed`
 * after another (ZIO's fibers yield by themselves after a number of run-loop steps, its auto-yield;
 * the `-yield` form adds `ZIO.yieldNow` after every chunk), and a probe fiber that `ZIO.sleep`s on
 * ZIO's clock; the effect ends once every fiber has.
 */
final class ZioFairness(id: String, yielding: Boolean) extends AbstractFairness(id):

  private val own = ZioRuntime(id, Pool.Default, closeTimeout().toMillis.millis, track)

  override protected def start(hogs: Int, chunks: Int, chunkWork: Int, periodUs: Int): Unit =
    val step = ZIO.succeed(AbstractFairness.chunk(chunkWork))
    val one = if yielding then step *> ZIO.yieldNow else step
    val hog = one.repeatN(chunks - 1).when(chunks > 0) *> ZIO.succeed(hogDone(chunks.toLong))
    val period = zio.Duration.fromNanos(periodUs * 1000L)
    lazy val probe: ZIO[Any, Nothing, Unit] =
      ZIO.succeed(AbstractFairness.due(periodUs)).flatMap(due => ZIO.sleep(period) *> ZIO.succeed(woke(due))) *>
        ZIO.suspendSucceed(if hogsRunning() then probe else ZIO.succeed(probeDone()))
    own.run(ZIO.collectAllParDiscard(List.fill(hogs)(hog) :+ probe))

  override protected def stop(): Unit = own.close(Nil)

/** `zio/hogs` and `zio/hogs-yield`, the fairness forms, found by ServiceLoader. */
class ZioFairnessProvider extends RingProvider:
  override def factories(): JList[RingFactory] = List[RingFactory](
    Variant.of("zio/hogs", "fairness: a fiber per hog and a probe fiber that ZIO.sleeps, on the default runtime "
      + "(its run loop's auto-yield)").opens(Fairness.WORKLOAD, (id: String) => ZioFairness(id, false)).build(),
    Variant.of("zio/hogs-yield", "fairness: as zio/hogs, each hog's chunk followed by ZIO.yieldNow")
      .opens(Fairness.WORKLOAD, (id: String) => ZioFairness(id, true)).build()).asJava
