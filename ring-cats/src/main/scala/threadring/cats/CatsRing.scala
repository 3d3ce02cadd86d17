package threadring.cats

import threadring.core.ring.RingSize
import cats.effect.{FiberIO, IO}
import cats.effect.unsafe.IORuntime
import cats.syntax.all.*
import scala.concurrent.duration.*
import threadring.core.ring.{AbstractRing, Hop}
/**
 * One cats-effect fiber per node, on a work-stealing IORuntime the ring owns (its workers
 * tracked, see CatsRuntime); close() cancels the node fibers and shuts the runtime down.
 */
final class CatsRing(id: String, shape: RingSize, handoff: Handoff, compute: Compute) extends AbstractRing(id, shape):

  private val nodes = shape.nodes

  private val own = CatsRuntime(id, compute, closeTimeout().toMillis.millis, track)
  private given IORuntime = own.runtime

  // One run for all inboxes and one for all fibers: a trip through the pool per node would
  // make opening a big ring slow.
  private val inboxes: Vector[Inbox] = Vector.fill(nodes)(handoff.newInbox).sequence.unsafeRunSync()

  /**
   * A node waits `depth` frames deep: each `map` is a continuation the fiber keeps on its own
   * stack while the take is suspended. Work, if any, runs as an effect before the offer.
   */
  private def node(name: Int, in: Inbox, out: Inbox): IO[Unit] =
    val take = (1 to shape.depth).foldLeft(in.take)((io, _) => io.map(identity))
    val work = shape.work
    val handOn: Int => IO[Unit] =
      if work == 0 then out.offer else token => IO(Hop.work(work)) *> out.offer(token)
    take.flatMap(token => if token > 0 then handOn(token - 1) else IO(finish(name)))
      .foreverM
      .handleErrorWith(e => IO(fail(e)))

  private val fibers: List[FiberIO[Unit]] =
    (0 until nodes).toList.traverse(i => node(i + 1, inboxes(i), inboxes((i + 1) % nodes)).start).unsafeRunSync()

  override protected def inject(node: Int, hops: Int): Unit = inboxes(node - 1).offer(hops).unsafeRunSync()

  override protected def stop(): Unit = own.close(fibers)
