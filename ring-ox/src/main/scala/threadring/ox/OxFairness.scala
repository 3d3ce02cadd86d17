package threadring.ox

import ox.{fork, supervised}
import threadring.core.fairness.AbstractFairness

/**
 * Fairness in Ox's direct style: one `supervised` scope per run, a fork per hog looping over its
 * chunks and a fork for the probe that sleeps; the scope's body joins every fork. Forks are
 * virtual threads on the default scheduler, so a hog keeps its carrier until it ends, unless it
 * yields: the `-yield` form calls `Thread.yield()` after every chunk (Ox 1.0.0 has no `cede()`; Ox
 * 1.0.6's is that call). The probe sleeps with `Thread.sleep(millis, nanos)`, not Ox's `sleep`: Ox
 * 1.0.0's `sleep` passes the duration's `toMillis`, so it sleeps 0 ms for a period under a millisecond.
 */
final class OxFairness(id: String, yielding: Boolean) extends AbstractFairness(id):

  OxThreads.install()

  override protected def start(hogs: Int, chunks: Int, chunkWork: Int, periodUs: Int): Unit =
    supervised {
      val busy = (1 to hogs).map(_ =>
        fork {
          var c = 0
          while c < chunks do
            AbstractFairness.chunk(chunkWork)
            if yielding then Thread.`yield`()
            c += 1
          hogDone(chunks.toLong)
        })
      val probe = fork {
        var again = true
        while again do
          val due = AbstractFairness.due(periodUs)
          Thread.sleep(periodUs / 1000, periodUs % 1000 * 1000)
          woke(due)
          again = hogsRunning()
        probeDone()
      }
      busy.foreach(_.join())
      probe.join()
    }

  override protected def stop(): Unit = ()
