package threadring.cats

import cats.effect.{Deferred, IO, Ref}
import cats.effect.std.Queue

/**
 * A node's inbox, taken by its own node. With several tokens in flight two senders can meet at
 * it (its predecessor and a pass injecting a token), and offer waits while it is full.
 */
trait Inbox:
  def take: IO[Int]
  def offer(token: Int): IO[Unit]

/**
 * How nodes hand the token on. With one token in flight an inbox never holds two, so the queue
 * forms differ only in their machinery, which is what they measure.
 */
enum Handoff(val variant: String, val description: String):
  /** cats-effect's lock-free unbounded queue: the usual mailbox. */
  case Queue extends Handoff("queue", "Queue.unbounded per node")
  /** A bounded(1) queue: back-pressure, as a channel of capacity 1. */
  case Bounded extends Handoff("bounded", "Queue.bounded(1) per node")
  /** A Deferred per hop: each node re-arms a fresh Deferred in its Ref before passing on. */
  case Deferred extends Handoff("deferred", "a Deferred per hop, re-armed through a Ref")

  def newInbox: IO[Inbox] = this match
    case Queue => cats.effect.std.Queue.unbounded[IO, Int].map(QueueInbox(_))
    case Bounded => cats.effect.std.Queue.bounded[IO, Int](1).map(QueueInbox(_))
    case Deferred => IO.deferred[Int].flatMap(Ref.of[IO, cats.effect.Deferred[IO, Int]]).map(DeferredInbox(_))

final class QueueInbox(queue: Queue[IO, Int]) extends Inbox:
  def take: IO[Int] = queue.take
  def offer(token: Int): IO[Unit] = queue.offer(token)

/** The current Deferred of this node; the node replaces it with a fresh one before it passes on. */
final class DeferredInbox(slot: Ref[IO, Deferred[IO, Int]]) extends Inbox:
  def take: IO[Int] =
    for
      current <- slot.get
      token <- current.get
      fresh <- IO.deferred[Int]
      _ <- slot.set(fresh)
    yield token
  /** A sender that finds a token still waiting (only with several tokens) cedes and tries again. */
  def offer(token: Int): IO[Unit] =
    slot.get.flatMap(_.complete(token)).flatMap(done => if done then IO.unit else IO.cede *> offer(token))
