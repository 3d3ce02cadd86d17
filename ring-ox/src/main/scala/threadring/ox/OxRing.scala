package threadring.ox

import java.util.concurrent.{CompletableFuture, CountDownLatch, TimeUnit}
import ox.{forever, forkDiscard, setOxThreadFactory, supervised}
import ox.channels.Channel
import threadring.core.{AbstractRing, Hop, Shape}
import threadring.virtual.VirtualRings

/**
 * Ox makes its forks with one JVM-wide thread factory. This one makes virtual threads (Ox's own
 * default) and reports each to the ring whose scope created it, found through an inheritable
 * thread local: a scope's body fork inherits it from the ring's owner thread, and node forks
 * from the body.
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
 * Ox's direct style: one `supervised` scope per ring, one fork per node, each looping
 * `receive` then `send` on Ox channels of the given capacity (0: rendezvous). The scope lives
 * in an owner thread until close(); ending it interrupts every fork and waits for them.
 */
final class OxRing(id: String, shape: Shape, capacity: Int) extends AbstractRing(id, shape):

  private val nodes = shape.nodes

  OxThreads.install()
  private val channels = Array.fill(nodes)(if capacity == 0 then Channel.rendezvous[Int] else Channel.buffered[Int](capacity))
  private val closing = CountDownLatch(1)
  /** Completed once every node's fork is started, so that open() includes starting them. */
  private val started = CompletableFuture[Unit]()

  private val owner = tracked(VirtualRings.threads(s"$id-scope-")).newThread(() =>
    OxThreads.trackedBy(track) {
      try
        supervised {
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
          started.complete(())
          closing.await()
        }
      catch
        case e: Throwable =>
          started.completeExceptionally(e)
          fail(e)
    })
  owner.start()
  try started.get(closeTimeout().toMillis, TimeUnit.MILLISECONDS)
  catch
    case e: Exception =>
      closing.countDown()
      throw IllegalStateException(s"$id: the Ox scope did not start its $nodes forks", e)

  override protected def inject(node: Int, hops: Int): Unit = channels(node - 1).send(hops)

  override protected def stop(): Unit = closing.countDown()
