package threadring.zio

import threadring.core.ring.RingSize
import scala.concurrent.duration.*
import threadring.core.ring.{AbstractRing, Hop}
import zio.*

/**
 * One ZIO fiber per node, on ZIO's default runtime or one of the ring's own (see ZioRuntime).
 * Node fibers are daemons so that they outlive the effect that forks them, and close()
 * interrupts them.
 */
final class ZioRing(id: String, shape: RingSize, handoff: Handoff, pool: Pool) extends AbstractRing(id, shape):

  private val nodes = shape.nodes

  private val own = ZioRuntime(id, pool, closeTimeout().toMillis.millis, track)

  private val inboxes: Chunk[Inbox] = own.run(ZIO.foreach(Chunk.range(0, nodes))(_ => handoff.newInbox))

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
    own.run(ZIO.foreach(Chunk.range(0, nodes))(i => node(i + 1, inboxes(i), inboxes((i + 1) % nodes)).forkDaemon))

  override protected def inject(node: Int, hops: Int): Unit = own.run(inboxes(node - 1).offer(hops))

  override protected def stop(): Unit = own.close(fibers)
