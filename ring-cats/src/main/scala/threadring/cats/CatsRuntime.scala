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
 * Where a cats-effect workload's fibers run: the suffix of an id, what it is, its work-stealing
 * workers (0: none, the compute pool is virtual threads), and the system properties it needs.
 */
enum Compute(val suffix: String, val description: String, val workers: Int,
    val properties: java.util.Map[String, String]):
  case Default extends Compute("", "default work-stealing runtime", CatsRuntime.defaultWorkers, java.util.Map.of())
  case OneWorker extends Compute("-p1", "one-worker runtime", 1, java.util.Map.of())
  /**
   * An IORuntime whose compute pool is a virtual thread per task (what typelevel/cats-effect#3926
   * asks for; not a configuration cats-effect documents or supports: an experiment).
   */
  case Loom extends Compute("-loom", "an IORuntime whose compute pool is a virtual thread per task (an experiment, "
    + "cats-effect#3926), default virtual-thread scheduler", 0, java.util.Map.of())
  case LoomP1 extends Compute("-loom-p1", "an IORuntime whose compute pool is a virtual thread per task (an "
    + "experiment, cats-effect#3926), one carrier", 0, threadring.core.Loom.ONE_CARRIER)

  def virtual: Boolean = workers == 0
  def oneThread: Boolean = workers == 1 || this == LoomP1

/**
 * A work-stealing IORuntime that one ring or rendezvous owns (IORuntime.global is a JVM-wide
 * singleton that nothing may stop). The pool takes no ThreadFactory, so its workers get a name
 * prefix unique to the owner and are found by name and reported to `track`. On [[Compute.Loom]]
 * the compute pool is a virtual-thread-per-task executor (those threads end with their tasks) and
 * the timer a scheduler thread of the owner's own.
 */
final class CatsRuntime(id: String, compute: Compute, timeout: FiniteDuration, track: Thread => Unit):

  private val prefix = s"${id.replace('/', '-')}-${CatsRuntime.sequence.incrementAndGet()}"

  val runtime: IORuntime =
    if compute.virtual then virtualRuntime()
    else
      // The pool is also the runtime's Scheduler, so there is no extra timer thread; blocking would
      // use "<prefix>-blocker" threads, but no fiber here blocks.
      val (pool, poller, poolShutdown) = IORuntime.createWorkStealingComputeThreadPool(
        threads = compute.workers,
        threadPrefix = s"$prefix-compute",
        blockerThreadPrefix = s"$prefix-blocker",
        shutdownTimeout = timeout)
      IORuntime.builder()
        .setCompute(pool, poolShutdown)
        .addPoller(poller, () => ())
        .build()
  trackThreads()

  private def virtualRuntime(): IORuntime =
    val executor = threadring.virtual.VirtualRings.perTask(s"$prefix-compute#")
    val (scheduler, schedulerShutdown) = IORuntime.createDefaultScheduler(s"$prefix-scheduler")
    IORuntime.builder()
      .setCompute(scala.concurrent.ExecutionContext.fromExecutorService(executor), () => executor.shutdownNow(): Unit)
      .setScheduler(scheduler, schedulerShutdown)
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
