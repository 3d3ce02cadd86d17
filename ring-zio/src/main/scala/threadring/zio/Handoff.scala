package threadring.zio

import zio.*

/**
 * A node's inbox, taken by its own node. With several tokens in flight two senders can meet at
 * it (its predecessor and a pass injecting a token), and offer waits while it is full.
 */
trait Inbox:
  def take: UIO[Int]
  def offer(token: Int): UIO[Unit]

/** How nodes hand the token on: ZIO's two coordination primitives. */
enum Handoff(val variant: String, val description: String):
  /** The usual mailbox: an unbounded queue. */
  case Queue extends Handoff("queue", "Queue.unbounded per node")
  /** A bounded(1) queue: back-pressure, as a channel of capacity 1. */
  case Bounded extends Handoff("bounded", "Queue.bounded(1) per node")
  /** A Promise per hop: the node re-arms a fresh Promise in its Ref before it passes on. */
  case Promise extends Handoff("promise", "a Promise per hop, re-armed through a Ref")

  def newInbox: UIO[Inbox] = this match
    case Queue => zio.Queue.unbounded[Int].map(QueueInbox(_))
    case Bounded => zio.Queue.bounded[Int](1).map(QueueInbox(_))
    case Promise => zio.Promise.make[Nothing, Int].flatMap(p => zio.Ref.make[Slot](p)).map(PromiseInbox(_))

final class QueueInbox(queue: Queue[Int]) extends Inbox:
  def take: UIO[Int] = queue.take
  def offer(token: Int): UIO[Unit] = queue.offer(token).unit

/**
 * A node's current Promise, or (only with several tokens) that Promise with the senders waiting for
 * it to be taken: with one token in flight the slot is the bare Promise, and a hop allocates nothing more.
 */
type Slot = Promise[Nothing, Int] | Waiting
final case class Waiting(token: Promise[Nothing, Int], senders: List[Promise[Nothing, Unit]])

/**
 * The node's current Promise in a Ref, re-armed by the node after each take. With several tokens a
 * sender can find the Promise still holding a token: it then adds a Promise of its own to the slot
 * and waits on it, and the take that re-arms the slot completes it. It does not poll: a fiber polling
 * with ZIO.yieldNow on ZIO's Loom executor keeps a carrier from the fiber it waits for, for ever, once
 * as many fibers poll as there are carriers (docs/implementations.md, "ZIO on Loom").
 */
final class PromiseInbox(slot: Ref[Slot]) extends Inbox:
  private def token(s: Slot): Promise[Nothing, Int] = s match
    case w: Waiting => w.token
    case p: Promise[Nothing, Int] @unchecked => p

  // Written out rather than as a for: the last step, which wakes senders, replaces the for's closing map.
  def take: UIO[Int] =
    slot.get.flatMap(current => token(current).await.flatMap(value =>
      zio.Promise.make[Nothing, Int].flatMap(fresh => slot.getAndSet(fresh).flatMap {
        case w: Waiting => ZIO.foreachDiscard(w.senders)(_.succeed(())).as(value)
        case _ => Exit.succeed(value)
      })))

  def offer(value: Int): UIO[Unit] =
    slot.get.flatMap(current => token(current).succeed(value).flatMap(done =>
      if done then ZIO.unit
      else
        zio.Promise.make[Nothing, Unit].flatMap(space =>
          // registered only while the slot still holds the token this sender found; else it looks again
          slot.modify(s =>
            if token(s) ne token(current) then (false, s)
            else (true, s match
              case w: Waiting => w.copy(senders = space :: w.senders)
              case p: Promise[Nothing, Int] @unchecked => Waiting(p, List(space))))
            .flatMap(registered => (if registered then space.await else ZIO.unit) *> offer(value)))))
