package threadring.ox

import threadring.core.ring.RingSize
import java.time.Duration
import java.util.concurrent.{CompletableFuture, CountDownLatch, TimeUnit}
import ox.{Ox, forever, forkDiscard, setOxThreadFactory, supervised}
import ox.channels.Channel
import threadring.core.ring.{AbstractRing, Hop}
import threadring.virtual.VirtualRings

/**
 * Ox makes its forks with one JVM-wide thread factory. This one makes virtual threads (Ox's own
 * default) and reports each to the ring (or rendezvous) whose scope created it, found through an
 * inheritable thread local: a scope's body fork inherits it from the scope's owner thread, and
 * the other forks from the body.
 */
object OxThreads:
  private val owner = InheritableThreadLocal[Thread => Unit]()
  private val virtual = VirtualRings.threads("ox-fork-")

  setOxThreadFactory { task =>
    val thread = virtual.newThread(task)
    val track = owner.get()
    if track != null then track(thread)
    thread
  }

  /** Installs the factory (once per JVM); throws if Ox already made a thread with its own. */
  def install(): Unit = ()

  /** Runs `body` with every Ox fork it starts, directly or not, reported to `track`. */
  def trackedBy(track: Thread => Unit)(body: => Unit): Unit =
    owner.set(track)
    try body
    finally owner.remove()

/**
 * One `supervised` scope, open in an owner thread of its own until close(): `forks` starts a
 * ring's or rendezvous's forks in it, and the constructor returns once they are started. Every
 * thread is reported to `track`; a fork's failure ends the scope and goes to `fail`. Ending the
 * scope interrupts every fork and waits for them.
 */
final class OxScope(id: String, what: String, timeout: Duration, track: Thread => Unit, fail: Throwable => Unit)(
    forks: Ox ?=> Unit):

  OxThreads.install()
  private val closing = CountDownLatch(1)
  /** Completed once every fork is started, so that opening includes starting them. */
  private val started = CompletableFuture[Unit]()

  private val owner = VirtualRings.threads(s"$id-scope-").newThread(() =>
    OxThreads.trackedBy(track) {
      try
        supervised {
          forks
          started.complete(())
          closing.await()
        }
      catch
        case e: Throwable =>
          started.completeExceptionally(e)
          fail(e)
    })
  track(owner)
  owner.start()
  try started.get(timeout.toMillis, TimeUnit.MILLISECONDS)
  catch
    case e: Exception =>
      closing.countDown()
      throw IllegalStateException(s"$id: the Ox scope did not start $what", e)

  /** Ends the scope; the workload's close() then waits for the tracked threads. */
  def close(): Unit = closing.countDown()

object OxRing:
  /** A channel of the given capacity: 0 is Ox's rendezvous channel. */
  def channel(capacity: Int): Channel[Int] =
    if capacity == 0 then Channel.rendezvous[Int] else Channel.buffered[Int](capacity)

/**
 * Ox's direct style: one `supervised` scope per ring (OxScope), one fork per node, each looping
 * `receive` then `send` on Ox channels of the given capacity (0: rendezvous).
 */
final class OxRing(id: String, shape: RingSize, capacity: Int) extends AbstractRing(id, shape):

  private val nodes = shape.nodes

  private val channels = Array.fill(nodes)(OxRing.channel(capacity))

  private val scope = OxScope(id, s"its $nodes forks", closeTimeout(), track, fail) {
    for i <- 0 until nodes do
      val (name, in, out) = (i + 1, channels(i), channels((i + 1) % nodes))
      forkDiscard {
        val (depth, work) = (shape.depth, shape.work)
        val receive: Hop.Receive = () => in.receive()
        forever {
          val token = if depth == 0 then in.receive() else Hop.receive(depth, receive)
          if token > 0 then
            Hop.work(work)
            out.send(token - 1)
          else finish(name)
        }
      }
  }

  override protected def inject(node: Int, hops: Int): Unit = channels(node - 1).send(hops)

  override protected def stop(): Unit = scope.close()
