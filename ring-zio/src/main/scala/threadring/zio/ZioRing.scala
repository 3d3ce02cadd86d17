package threadring.zio

import java.util.concurrent.{CountDownLatch, ExecutorService, Executors, TimeUnit}
import threadring.core.{AbstractRing, Hop, Shape}
import zio.*

/**
 * One ZIO fiber per node. On the default runtime the fibers share ZIO's JVM-wide scheduler,
 * which nothing may stop, so the ring tracks no thread there; the one-thread form owns its
 * executor thread (tracked) and shuts it down in close(). Node fibers are daemons so that they
 * outlive the effect that forks them, and close() interrupts them.
 */
final class ZioRing(id: String, shape: Shape, handoff: Handoff, oneThread: Boolean) extends AbstractRing(id, shape):

  private val nodes = shape.nodes

  private val pool: Option[ExecutorService] = Option.when(oneThread)(Executors.newSingleThreadExecutor(tracked { task =>
    val t = Thread(task, s"$id-executor")
    t.setDaemon(true)
    t
  }))
  private val scoped: Option[Runtime.Scoped[Unit]] = pool.map(p =>
    Unsafe.unsafe(implicit u => Runtime.unsafe.fromLayer(Runtime.setExecutor(Executor.fromJavaExecutor(p)))))
  private val runtime: Runtime[Any] = scoped.getOrElse(Runtime.default)

  private def run[A](effect: UIO[A]): A =
    Unsafe.unsafe(implicit u => runtime.unsafe.run(effect).getOrThrowFiberFailure())

  private val inboxes: Chunk[Inbox] = run(ZIO.foreach(Chunk.range(0, nodes))(_ => handoff.newInbox))

  /**
   * A node waits `depth` frames deep: each `map` is a continuation the fiber keeps on its own
   * stack while the take is suspended. Work, if any, runs as an effect before the offer.
   */
  private def node(name: Int, in: Inbox, out: Inbox): UIO[Unit] =
    val take = (1 to shape.depth).foldLeft(in.take)((io, _) => io.map(identity))
    val work = shape.work
    val handOn: Int => UIO[Unit] =
      if work == 0 then out.offer else token => ZIO.succeed(Hop.work(work)) *> out.offer(token)
    take.flatMap(token => if token > 0 then handOn(token - 1) else ZIO.succeed(finish(name)))
      .forever
      .catchAllDefect(e => ZIO.succeed(fail(e)))

  private val fibers: Chunk[Fiber.Runtime[Nothing, Unit]] =
    run(ZIO.foreach(Chunk.range(0, nodes))(i => node(i + 1, inboxes(i), inboxes((i + 1) % nodes)).forkDaemon))

  override protected def inject(node: Int, hops: Int): Unit = run(inboxes(node - 1).offer(hops))

  override protected def stop(): Unit =
    val interrupted = CountDownLatch(1)
    try
      Unsafe.unsafe { implicit u =>
        runtime.unsafe.fork(Fiber.interruptAll(fibers)).unsafe.addObserver(_ => interrupted.countDown())
      }
      if !interrupted.await(closeTimeout().toMillis, TimeUnit.MILLISECONDS) then
        throw IllegalStateException(s"$id: node fibers not interrupted within ${closeTimeout()}")
    finally
      scoped.foreach(s => Unsafe.unsafe(implicit u => s.unsafe.shutdown()))
      pool.foreach(_.shutdownNow())
