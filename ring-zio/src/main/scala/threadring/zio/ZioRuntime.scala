package threadring.zio

import java.util.concurrent.{CountDownLatch, ExecutorService, Executors, TimeUnit}
import scala.concurrent.duration.FiniteDuration
import zio.*

/**
 * The runtime a ring or rendezvous runs on. The default is ZIO's JVM-wide scheduler, which
 * nothing may stop, so no thread is tracked there; the one-thread form is a runtime of the
 * owner's own over one executor thread, reported to `track` and shut down by close().
 */
final class ZioRuntime(id: String, oneThread: Boolean, timeout: FiniteDuration, track: Thread => Unit):

  private val pool: Option[ExecutorService] = Option.when(oneThread)(Executors.newSingleThreadExecutor { task =>
    val t = Thread(task, s"$id-executor")
    t.setDaemon(true)
    track(t)
    t
  })
  private val scoped: Option[Runtime.Scoped[Unit]] = pool.map(p =>
    Unsafe.unsafe(implicit u => Runtime.unsafe.fromLayer(Runtime.setExecutor(Executor.fromJavaExecutor(p)))))
  private val runtime: Runtime[Any] = scoped.getOrElse(Runtime.default)

  /** Runs `effect` to its end from the calling thread. */
  def run[A](effect: UIO[A]): A =
    Unsafe.unsafe(implicit u => runtime.unsafe.run(effect).getOrThrowFiberFailure())

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
