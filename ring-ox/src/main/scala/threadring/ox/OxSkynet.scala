package threadring.ox

import ox.{fork, par, supervised}
import threadring.core.skynet.{AbstractSkynet, Skynet}
import threadring.virtual.VirtualRings

/** How a parent runs its children and gets their answers: the middle of an id. */
enum SkynetForm(val variant: String, val description: String):
  /** The combinator: every child in a fork of a scope `par` opens, the answers in order. */
  case Par extends SkynetForm("par", "par over the children (a scope each, a fork per child), the answers summed")
  /** The scope spelled out: a supervised scope per parent, a fork per child, joined in order. */
  case Fork extends SkynetForm("fork", "a supervised scope per parent, a fork per child, joined in order")

/**
 * Skynet in Ox's direct style: every task is a fork (a virtual thread) of a scope its parent opens,
 * so a parent answers only once its children have ended. The root runs on a virtual thread started
 * per run (tracked, and joined in settle()); the forks are not tracked one by one (a million per
 * run): their scopes' ends prove they ended.
 */
final class OxSkynet(id: String, form: SkynetForm) extends AbstractSkynet(id):

  OxThreads.install()
  private val roots = VirtualRings.threads(s"$id-root-")
  @volatile private var root: Thread = null

  override protected def start(branching: Int, depth: Int): Unit =
    forgetEnded()
    val leaves = Skynet.leaves(branching, depth)
    val thread = roots.newThread(() =>
      try done(task(0L, leaves, branching))
      catch case e: Throwable => fail(e))
    track(thread)
    root = thread
    thread.start()

  /** Task (first, leaves): a leaf answers its first leaf, a parent the sum of its children's answers. */
  private def task(first: Long, leaves: Long, branching: Int): Long =
    taskStarted()
    val sum =
      if leaves == 1 then first
      else
        val each = leaves / branching
        def child(i: Int): Long = task(first + i * each, each, branching)
        form match
          case SkynetForm.Par => par(List.tabulate(branching)(i => () => child(i))).sum
          case SkynetForm.Fork =>
            supervised {
              val forks = List.tabulate(branching)(i => fork(child(i)))
              forks.foldLeft(0L)((sum, f) => sum + f.join())
            }
    taskEnded()
    sum

  /** The root has called done(); waits for its thread to end, so that no thread of the run is left. */
  override protected def settle(): Unit =
    val thread = root
    if thread != null then thread.join()

  override protected def stop(): Unit = ()
