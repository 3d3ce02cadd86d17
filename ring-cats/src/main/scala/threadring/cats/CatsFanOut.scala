package threadring.cats

import cats.effect.IO
import cats.effect.unsafe.IORuntime
import cats.syntax.all.*
import scala.concurrent.duration.*
import threadring.core.fanout.AbstractFanOut
import threadring.core.ring.Hop

/**
 * The fan-out in cats-effect: `parTraverse` over the tasks, a fiber each that `IO.sleep`s on the
 * runtime's timer, then works; the effect ends once every fiber has, on a work-stealing runtime
 * of the fan-out's own (cats-effect's default size, or one worker for `-p1`).
 */
final class CatsFanOut(id: String, compute: Compute) extends AbstractFanOut(id):

  private val own = CatsRuntime(id, compute, closeTimeout().toMillis.millis, track)
  private given IORuntime = own.runtime

  override protected def start(tasks: Int, delayMs: Int, work: Int): Unit =
    val wait = delayMs.millis
    (1 to tasks).toList.parTraverse_(task =>
      IO.sleep(wait) >> IO {
        Hop.work(work)
        done(task)
      }).unsafeRunSync()

  override protected def stop(): Unit = own.close(Nil)
