package threadring.zio

import java.util.concurrent.{CountDownLatch, ExecutorService, Executors, TimeUnit}
import scala.concurrent.duration.FiniteDuration
import zio.*

/**
 * Where a ZIO workload's fibers run: the suffix of an id, what it is, whether one thread runs them
 * all, whether they run on virtual threads, and the system properties it needs from JVM start.
 */
enum Pool(val suffix: String, val description: String, val oneThread: Boolean, val virtual: Boolean,
    val properties: java.util.Map[String, String]):
  case Default extends Pool("", "the default runtime (ZScheduler)", false, false, java.util.Map.of())
  case OneThread extends Pool("-p1", "a one-thread executor", true, false, java.util.Map.of())
  /** ZIO's own switch to Loom: every fiber step on a virtual thread of the JDK's scheduler. */
  case Loom extends Pool("-loom", "Runtime.enableLoomBasedExecutor (virtual threads, default scheduler)", false, true,
    java.util.Map.of())
  case LoomP1 extends Pool("-loom-p1", "Runtime.enableLoomBasedExecutor (virtual threads, one carrier)", true, true,
    threadring.core.Loom.ONE_CARRIER)

/**
 * The runtime a ring or rendezvous runs on. The default is ZIO's JVM-wide scheduler, which
 * nothing may stop, so no thread is tracked there; the one-thread form is a runtime of the
 * owner's own over one executor thread, reported to `track` and shut down by close(); the Loom
 * forms are a runtime of the owner's own over ZIO's shared Loom executor, whose virtual threads
 * end with their tasks.
 */
final class ZioRuntime(id: String, kind: Pool, timeout: FiniteDuration, track: Thread => Unit):

  private val pool: Option[ExecutorService] = Option.when(kind == Pool.OneThread)(Executors.newSingleThreadExecutor { task =>
    val t = Thread(task, s"$id-executor")
    t.setDaemon(true)
    track(t)
    t
  })
  private val scoped: Option[Runtime.Scoped[Unit]] =
    if kind.virtual then Some(Unsafe.unsafe(implicit u => Runtime.unsafe.fromLayer(Runtime.enableLoomBasedExecutor)))
    else pool.map(p =>
      Unsafe.unsafe(implicit u => Runtime.unsafe.fromLayer(Runtime.setExecutor(Executor.fromJavaExecutor(p)))))
  private val runtime: Runtime[Any] = scoped.getOrElse(Runtime.default)

  /** Runs `effect` to its end from the calling thread. */
  def run[A](effect: UIO[A]): A =
    Unsafe.unsafe(implicit u => runtime.unsafe.run(effect).getOrThrowFiberFailure())

  /** Starts `effect` in a fiber of the runtime and returns at once. */
  def fork[A](effect: UIO[A]): Unit =
    Unsafe.unsafe(implicit u => runtime.unsafe.fork(effect)): Unit

  /** Interrupts the owner's fibers, then shuts its own runtime down. */
  def close(fibers: Iterable[Fiber[Any, Any]]): Unit =
    val interrupted = CountDownLatch(1)
    try
      Unsafe.unsafe { implicit u =>
        runtime.unsafe.fork(Fiber.interruptAll(fibers)).unsafe.addObserver(_ => interrupted.countDown())
      }
      if !interrupted.await(timeout.toMillis, TimeUnit.MILLISECONDS) then
        throw IllegalStateException(s"$id: fibers not interrupted within $timeout")
    finally
      scoped.foreach(s => Unsafe.unsafe(implicit u => s.unsafe.shutdown()))
      pool.foreach(_.shutdownNow())
