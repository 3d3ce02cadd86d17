package threadring.cats

import cats.effect.IO
import cats.effect.unsafe.IORuntime
import cats.syntax.all.*
import java.util.{List as JList}
import scala.concurrent.duration.*
import scala.jdk.CollectionConverters.*
import threadring.core.{RingFactory, RingProvider, Variant}
import threadring.core.fairness.{AbstractFairness, Fairness}

/**
 * Fairness in cats-effect on the module's work-stealing runtime: a fiber per hog running its chunks
 * one `IO` after another (cats-effect's fibers yield by themselves after a number of steps of their
 * run loop, its auto-yield; the `-yield` form adds `IO.cede` after every chunk), and a probe fiber
 * that `IO.sleep`s on the runtime's timer; the effect ends once every fiber has.
 */
final class CatsFairness(id: String, yielding: Boolean) extends AbstractFairness(id):

  private val own = CatsRuntime(id, Compute.Default, closeTimeout().toMillis.millis, track)
  private given IORuntime = own.runtime

  override protected def start(hogs: Int, chunks: Int, chunkWork: Int, periodUs: Int): Unit =
    val step = IO(AbstractFairness.chunk(chunkWork))
    val one = if yielding then step >> IO.cede else step
    val hog = one.replicateA_(chunks) >> IO(hogDone(chunks.toLong))
    val period = periodUs.micros
    def probe: IO[Unit] =
      IO(AbstractFairness.due(periodUs)).flatMap(due => IO.sleep(period) >> IO(woke(due))) >>
        IO(hogsRunning()).ifM(probe, IO(probeDone()))
    (List.fill(hogs)(hog) :+ probe).parSequence_.unsafeRunSync()

  override protected def stop(): Unit = own.close(Nil)

/** `cats/hogs` and `cats/hogs-yield`, the fairness forms, found by ServiceLoader. */
class CatsFairnessProvider extends RingProvider:
  override def factories(): JList[RingFactory] = List[RingFactory](
    Variant.of("cats/hogs", "fairness: a fiber per hog and a probe fiber that IO.sleeps, on the default "
      + "work-stealing runtime (its run loop's auto-yield)").opens(Fairness.WORKLOAD, (id: String) => CatsFairness(id, false))
      .build(),
    Variant.of("cats/hogs-yield", "fairness: as cats/hogs, each hog's chunk followed by IO.cede")
      .opens(Fairness.WORKLOAD, (id: String) => CatsFairness(id, true)).build()).asJava
