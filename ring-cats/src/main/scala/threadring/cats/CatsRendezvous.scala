package threadring.cats

import cats.effect.{FiberIO, IO}
import cats.effect.unsafe.IORuntime
import cats.syntax.all.*
import scala.concurrent.duration.*
import threadring.core.rendezvous.AbstractRendezvous

/**
 * The rendezvous on the same inboxes and runtime as CatsRing: a sender fiber offers each value
 * to the receiver's inbox and waits for the receiver's acknowledgement in its own. No Handoff
 * makes the offer wait for the taker (a queue or a Deferred just holds the value), so the ack is
 * what makes it a meeting. The sender's inbox also carries each exchange's size.
 */
final class CatsRendezvous(id: String, handoff: Handoff, compute: Compute) extends AbstractRendezvous(id):

  /** Values are 1..M, so 0 can end an exchange (to the receiver) and be the ack (to the sender). */
  private val End = 0
  private val Ack = 0

  private val own = CatsRuntime(id, compute, closeTimeout().toMillis.millis, track)
  private given IORuntime = own.runtime

  private val (toSender, toReceiver) = (handoff.newInbox, handoff.newInbox).tupled.unsafeRunSync()

  /** Sends v..values, each once the last is acknowledged, then the end mark. `>>` keeps it lazy. */
  private def send(v: Int, values: Int): IO[Unit] =
    if v > values then toReceiver.offer(End)
    else toReceiver.offer(v) >> toSender.take >> send(v + 1, values)

  private def receive(sum: Long): IO[Unit] =
    toReceiver.take.flatMap(v =>
      if v == End then IO(finish(sum)) >> receive(0)
      else toSender.offer(Ack) >> receive(sum + v))

  // Both run until close() cancels them; an error ends the exchange instead of hanging it.
  private val fibers: List[FiberIO[Unit]] =
    List(toSender.take.flatMap(send(1, _)).foreverM, receive(0))
      .traverse(_.handleErrorWith(e => IO(fail(e))).start)
      .unsafeRunSync()

  override protected def start(values: Int): Unit = toSender.offer(values).unsafeRunSync()

  override protected def stop(): Unit = own.close(fibers)
