package threadring.zio

import scala.concurrent.duration.*
import threadring.core.fanout.AbstractFanOut
import threadring.core.ring.Hop
import zio.ZIO

/**
 * The fan-out in ZIO: `ZIO.foreachParDiscard` over the tasks, each `ZIO.sleep` on ZIO's clock,
 * then its work; the effect ends once every fiber has, on ZIO's default runtime or (`-p1`) a
 * runtime of the fan-out's own over one thread.
 */
final class ZioFanOut(id: String, pool: Pool) extends AbstractFanOut(id):

  private val own = ZioRuntime(id, pool, closeTimeout().toMillis.millis, track)

  override protected def start(tasks: Int, delayMs: Int, work: Int): Unit =
    val wait = zio.Duration.fromMillis(delayMs.toLong)
    own.run(ZIO.foreachParDiscard(1 to tasks)(task =>
      ZIO.sleep(wait) *> ZIO.succeed {
        Hop.work(work)
        done(task)
      }))

  override protected def stop(): Unit = own.close(Nil)
