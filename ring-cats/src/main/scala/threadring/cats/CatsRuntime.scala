package threadring.cats

import cats.effect.FiberIO
import cats.effect.unsafe.IORuntime
import cats.syntax.all.*
import java.util.concurrent.atomic.AtomicInteger
import scala.concurrent.duration.FiniteDuration
import scala.jdk.CollectionConverters.*

object CatsRuntime:
  /** cats-effect's own default size of its compute pool. */
  val defaultWorkers: Int = math.max(2, Runtime.getRuntime.availableProcessors)
  private val sequence = AtomicInteger()

/**
 * A work-stealing IORuntime that one ring or rendezvous owns (IORuntime.global is a JVM-wide
 * singleton that nothing may stop). The pool takes no ThreadFactory, so its workers get a name
 * prefix unique to the owner and are found by name and reported to `track`.
 */
final class CatsRuntime(id: String, workers: Int, timeout: FiniteDuration, track: Thread => Unit):

  private val prefix = s"${id.replace('/', '-')}-${CatsRuntime.sequence.incrementAndGet()}"

  // The pool is also the runtime's Scheduler, so there is no extra timer thread; blocking would
  // use "<prefix>-blocker" threads, but no fiber here blocks.
  private val (pool, poller, poolShutdown) = IORuntime.createWorkStealingComputeThreadPool(
    threads = workers,
    threadPrefix = s"$prefix-compute",
    blockerThreadPrefix = s"$prefix-blocker",
    shutdownTimeout = timeout)
  trackThreads()

  val runtime: IORuntime = IORuntime.builder()
    .setCompute(pool, poolShutdown)
    .addPoller(poller, () => ())
    .build()

  private def trackThreads(): Unit =
    Thread.getAllStackTraces.keySet.asScala.filter(_.getName.startsWith(s"$prefix-")).foreach(track)

  /** Cancels the owner's fibers, then shuts the runtime down (tracking any thread started since). */
  def close(fibers: List[FiberIO[Unit]]): Unit =
    try
      if fibers.traverse_(_.cancel).unsafeRunTimed(timeout)(using runtime).isEmpty then
        throw IllegalStateException(s"$id: fibers not cancelled within $timeout")
    finally
      runtime.shutdown()
      trackThreads()
