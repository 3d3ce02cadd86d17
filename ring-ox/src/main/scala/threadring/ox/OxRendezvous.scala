package threadring.ox

import ox.{forever, forkDiscard}
import threadring.core.rendezvous.AbstractRendezvous

/**
 * The rendezvous on the same channels and scope as OxRing: a sender fork sends each value to the
 * receiver's channel. A rendezvous channel (capacity 0) is already a meeting, so there the send
 * alone is the exchange; a buffered one just holds the value, so the sender then waits for the
 * receiver's acknowledgement on a channel of its own. That channel also carries each exchange's
 * size.
 */
final class OxRendezvous(id: String, capacity: Int) extends AbstractRendezvous(id):

  /** Values are 1..M, so 0 can end an exchange (to the receiver) and be the ack (to the sender). */
  private val End = 0
  private val Ack = 0

  private val acknowledged = capacity != 0
  private val toSender = OxRing.channel(capacity)
  private val toReceiver = OxRing.channel(capacity)

  private val scope = OxScope(id, "its sender and receiver", closeTimeout(), track, fail) {
    forkDiscard {
      forever {
        val values = toSender.receive()
        for v <- 1 to values do
          toReceiver.send(v)
          if acknowledged then toSender.receive()
        toReceiver.send(End)
      }
    }
    forkDiscard {
      var sum = 0L
      forever {
        val v = toReceiver.receive()
        if v == End then
          finish(sum)
          sum = 0
        else
          sum += v
          if acknowledged then toSender.send(Ack)
      }
    }
  }

  override protected def start(values: Int): Unit = toSender.send(values)

  override protected def stop(): Unit = scope.close()
