package threadring.zio

import java.util.{List => JList}
import scala.concurrent.duration.*
import scala.jdk.CollectionConverters.*
import threadring.core.{RingFactory, RingProvider, Variant}
import threadring.core.skynet.{AbstractSkynet, Skynet}
import zio.*

/** How a parent fiber runs its children and gets their answers: the middle of an id. */
enum SkynetForm(val variant: String, val description: String):
  /** The primitive: a fiber per child forked in order, then joined in order. */
  case ForkJoin extends SkynetForm("fork-join", "a fiber per child (fork), joined in order")
  /** The combinator a ZIO user reaches for: every child in parallel, the answers in order. */
  case ForeachPar extends SkynetForm("foreach-par", "ZIO.foreachPar over the children (a fiber each), the answers summed")

/**
 * Skynet in ZIO: every task is a fiber its parent forks, on ZIO's default runtime or a runtime of
 * the Skynet's own (ZioRuntime, as the fan-out's). The root's fiber is started from the caller's
 * thread, which returns at once; it ends the run with `done`.
 */
final class ZioSkynet(id: String, form: SkynetForm, pool: Pool) extends AbstractSkynet(id):

  private val own = ZioRuntime(id, pool, closeTimeout().toMillis.millis, track)

  override protected def start(branching: Int, depth: Int): Unit =
    own.fork(task(0L, Skynet.leaves(branching, depth), branching)
      .flatMap(sum => ZIO.succeed(done(sum)))
      .catchAllDefect(e => ZIO.succeed(fail(e))))

  /** Task (first, leaves): a leaf answers its first leaf, a parent the sum of its children's answers. */
  private def task(first: Long, leaves: Long, branching: Int): UIO[Long] =
    if leaves == 1 then
      ZIO.succeed {
        taskStarted()
        taskEnded()
        first
      }
    else
      val each = leaves / branching
      // children are built inside the flatMap, when this task runs: built eagerly, the root would
      // construct the whole tree's effects before any of them ran
      def child(i: Int): UIO[Long] = task(first + i * each, each, branching)
      ZIO.succeed(taskStarted())
        .flatMap(_ =>
          form match
            case SkynetForm.ForkJoin =>
              ZIO.foreach(List.range(0, branching))(child(_).fork)
                .flatMap(fibers => ZIO.foldLeft(fibers)(0L)((sum, fiber) => fiber.join.map(sum + _)))
            case SkynetForm.ForeachPar =>
              ZIO.foreachPar(List.range(0, branching))(child).map(_.sum))
        .flatMap(sum =>
          ZIO.succeed {
            taskEnded()
            sum
          })

  override protected def stop(): Unit = own.close(Nil)

/**
 * `zio/<form>` on ZIO's default runtime, `zio/fork-join-loom` on its Loom-based executor: the Skynet
 * forms of ZIO, as data, until the workload is registered like the others.
 */
object ZioSkynets:

  /**
   * The fastest in a quick check (10^6 leaves, 3 warm-up and 5 timed runs, 5 GiB fixed heap, JDK 25,
   * 2 cpus, 2026-11-27), median ns per task: fork-join 729, foreach-par 3,921, fork-join-loom 7,628
   * (foreach-par on Loom: 11,385, so Loom keeps the faster form only). ZIO 2.1.26's foreachPar
   * (foreachParUnbounded) adds bookkeeping per call to its fiber per element: a promise and a
   * counter for their end, a fiber scope, the results gathered into an array.
   */
  val Fastest: String = "zio/fork-join"

  def variants(): JList[Variant.Builder] =
    List(SkynetForm.ForkJoin -> Pool.Default, SkynetForm.ForeachPar -> Pool.Default, SkynetForm.ForkJoin -> Pool.Loom)
      .map { (form, pool) =>
        val variant = Variant.of(s"zio/${form.variant}${pool.suffix}",
          s"skynet: ${form.description}, ${pool.description}").opens(Skynet.WORKLOAD, (id: String) => ZioSkynet(id, form, pool))
          .systemProperties(pool.properties)
        val placed = if pool.virtual then variant.onVirtualThreads(true) else variant
        if s"zio/${form.variant}${pool.suffix}" == Fastest then placed.inDefaultSweep(Skynet.WORKLOAD) else placed
      }.asJava

/** The Skynet forms as a provider, found by ServiceLoader as every model's is. */
class ZioSkynetsProvider extends RingProvider:
  override def factories(): JList[RingFactory] = ZioSkynets.variants().asScala.map(b => b.build(): RingFactory).asJava
