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
    case Promise => zio.Promise.make[Nothing, Int].flatMap(zio.Ref.make(_)).map(PromiseInbox(_))

final class QueueInbox(queue: Queue[Int]) extends Inbox:
  def take: UIO[Int] = queue.take
  def offer(token: Int): UIO[Unit] = queue.offer(token).unit

final class PromiseInbox(slot: Ref[Promise[Nothing, Int]]) extends Inbox:
  def take: UIO[Int] =
    for
      current <- slot.get
      token <- current.await
      fresh <- zio.Promise.make[Nothing, Int]
      _ <- slot.set(fresh)
    yield token
  /**
   * A sender that finds a token still waiting (only with several tokens) yields and tries again. On
   * one carrier of ZIO's Loom executor this poll starves the receiver (ZioRings.LoomOneCarrierHang).
   */
  def offer(token: Int): UIO[Unit] =
    slot.get.flatMap(_.succeed(token)).flatMap(done => if done then ZIO.unit else ZIO.yieldNow *> offer(token))
