package threadring.ox

import ox.{fork, sleep, supervised}
import scala.concurrent.duration.*
import threadring.core.fanout.AbstractFanOut
import threadring.core.ring.Hop

/**
 * The fan-out in Ox's direct style: one `supervised` scope per operation, a fork per task that
 * sleeps, works and completes; the scope's body joins every fork, so they are gone when it ends.
 * Forks are virtual threads (on one carrier for `-p1`); they are not tracked one by one (a
 * million per sweep), the scope's end is what proves they ended.
 */
final class OxFanOut(id: String) extends AbstractFanOut(id):

  OxThreads.install()

  override protected def start(tasks: Int, delayMs: Int, work: Int): Unit =
    val wait = delayMs.millis
    supervised {
      val forks = (1 to tasks).map(task =>
        fork {
          sleep(wait)
          Hop.work(work)
          done(task)
        })
      forks.foreach(_.join())
    }

  override protected def stop(): Unit = ()
