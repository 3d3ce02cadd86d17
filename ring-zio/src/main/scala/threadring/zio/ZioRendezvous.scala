package threadring.zio

import scala.concurrent.duration.*
import threadring.core.rendezvous.AbstractRendezvous
import zio.*

/**
 * The rendezvous on the same inboxes and runtime as ZioRing: a sender fiber offers each value to
 * the receiver's inbox and waits for the receiver's acknowledgement in its own. No Handoff makes
 * the offer wait for the taker (a queue or a Promise just holds the value), so the ack is what
 * makes it a meeting. The sender's inbox also carries each exchange's size.
 */
final class ZioRendezvous(id: String, handoff: Handoff, pool: Pool) extends AbstractRendezvous(id):

  /** Values are 1..M, so 0 can end an exchange (to the receiver) and be the ack (to the sender). */
  private val End = 0
  private val Ack = 0

  private val own = ZioRuntime(id, pool, closeTimeout().toMillis.millis, track)

  private val (toSender, toReceiver) = own.run(handoff.newInbox <*> handoff.newInbox)

  /** Sends v..values, each once the last is acknowledged, then the end mark. */
  private def send(v: Int, values: Int): UIO[Unit] =
    if v > values then toReceiver.offer(End)
    else toReceiver.offer(v) *> toSender.take *> send(v + 1, values)

  private def receive(sum: Long): UIO[Unit] =
    toReceiver.take.flatMap(v =>
      if v == End then ZIO.succeed(finish(sum)) *> receive(0)
      else toSender.offer(Ack) *> receive(sum + v))

  // Daemons, as ZioRing's nodes, running until close() interrupts them; a defect ends the
  // exchange instead of hanging it.
  private val fibers: Chunk[Fiber.Runtime[Nothing, Unit]] =
    own.run(ZIO.foreach(Chunk(toSender.take.flatMap(send(1, _)).forever, receive(0)))(
      _.catchAllDefect(e => ZIO.succeed(fail(e))).forkDaemon))

  override protected def start(values: Int): Unit = own.run(toSender.offer(values))

  override protected def stop(): Unit = own.close(fibers)
