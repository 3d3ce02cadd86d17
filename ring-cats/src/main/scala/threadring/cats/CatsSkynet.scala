package threadring.cats

import cats.effect.IO
import cats.effect.unsafe.IORuntime
import cats.syntax.all.*
import java.util.{List => JList}
import scala.concurrent.duration.*
import scala.jdk.CollectionConverters.*
import threadring.core.{RingFactory, RingProvider, Variant}
import threadring.core.skynet.{AbstractSkynet, Skynet}

/** How a parent fiber runs its children and gets their answers: the middle of an id. */
enum SkynetForm(val variant: String, val description: String):
  /** The primitive: a fiber per child started in order, then joined in order. */
  case StartJoin extends SkynetForm("start-join", "a fiber per child (start), joined in order (joinWithNever)")
  /** The combinator a cats user reaches for: every child in parallel, the answers in order. */
  case ParTraverse extends SkynetForm("par-traverse", "parTraverse over the children (a fiber each), the answers summed")

/**
 * Skynet in cats-effect: every task is a fiber its parent starts, on a work-stealing IORuntime the
 * Skynet owns (CatsRuntime, as the fan-out's), opened with it and reused by every run. The root's
 * effect is started from the caller's thread and returns at once; it ends the run with `done`.
 */
final class CatsSkynet(id: String, form: SkynetForm, compute: Compute) extends AbstractSkynet(id):

  private val own = CatsRuntime(id, compute, closeTimeout().toMillis.millis, track)
  private given IORuntime = own.runtime

  override protected def start(branching: Int, depth: Int): Unit =
    task(0L, Skynet.leaves(branching, depth), branching)
      .flatMap(sum => IO(done(sum)))
      .handleErrorWith(e => IO(fail(e)))
      .unsafeRunAndForget()

  /** Task (first, leaves): a leaf answers its first leaf, a parent the sum of its children's answers. */
  private def task(first: Long, leaves: Long, branching: Int): IO[Long] =
    if leaves == 1 then
      IO {
        taskStarted()
        taskEnded()
        first
      }
    else
      val each = leaves / branching
      // children are built inside the flatMap, when this task runs: built eagerly, the root would
      // construct the whole tree's effects before any of them ran
      def child(i: Int): IO[Long] = task(first + i * each, each, branching)
      IO(taskStarted())
        .flatMap(_ =>
          form match
            case SkynetForm.StartJoin =>
              List.range(0, branching).traverse(child(_).start)
                .flatMap(_.foldLeftM(0L)((sum, fiber) => fiber.joinWithNever.map(sum + _)))
            case SkynetForm.ParTraverse =>
              List.range(0, branching).parTraverse(child).map(_.sum))
        .flatMap(sum =>
          IO {
            taskEnded()
            sum
          })

  override protected def stop(): Unit = own.close(Nil)

/**
 * `cats/<form>`: the Skynet forms of cats-effect, as data, until the workload is registered like the
 * others, on the runtime of the module's default size.
 */
object CatsSkynets:

  /**
   * The faster in a quick check (10^6 leaves, 3 warm-up and 5 timed runs, 5 GiB fixed heap, JDK 25,
   * 2 cpus, 2026-11-27), median ns per task: start-join 580, par-traverse 10,217. IO's parTraverse
   * is a traverse in the Parallel applicative: its children are paired by `both`, each a racePair
   * of two fibers with their outcomes, where start-join makes one fiber per child.
   */
  val Fastest: SkynetForm = SkynetForm.StartJoin

  def variants(): JList[Variant.Builder] =
    SkynetForm.values.toList.map { form =>
      val compute = Compute.Default
      val variant = Variant.of(s"cats/${form.variant}${compute.suffix}",
        s"skynet: ${form.description}, ${compute.description}").opens(Skynet.WORKLOAD, (id: String) => CatsSkynet(id, form, compute))
      if form == Fastest then variant.inDefaultSweep(Skynet.WORKLOAD) else variant
    }.asJava

/** The Skynet forms as a provider, found by ServiceLoader as every model's is. */
class CatsSkynetsProvider extends RingProvider:
  override def factories(): JList[RingFactory] = CatsSkynets.variants().asScala.map(b => b.build(): RingFactory).asJava
