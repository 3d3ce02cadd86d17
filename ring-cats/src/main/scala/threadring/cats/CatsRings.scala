package threadring.cats

import java.util.{List => JList}
import scala.jdk.CollectionConverters.*
import threadring.core.{Rendezvous, RingFactory, RingProvider, Rings, Variant}

/**
 * `cats/<handoff>` on a work-stealing runtime of the ring's own with cats-effect's default size
 * (max(2, cores) workers), `cats/<handoff>-p1` on one worker. Every runtime is made per ring
 * (or rendezvous) so that close() can stop it (IORuntime.global is a JVM-wide singleton). Passes
 * are 10^5 hops in the default sweep: a hop costs microseconds here.
 */
final class CatsRings extends RingProvider:
  override def factories(): JList[RingFactory] =
    (for
      handoff <- Handoff.values.toList
      oneWorker <- List(false, true)
    yield
      val workers = if oneWorker then 1 else CatsRuntime.defaultWorkers
      Variant.of(
        s"cats/${handoff.variant}${if oneWorker then "-p1" else ""}",
        s"cats-effect fibers, ${handoff.description}, " +
          (if oneWorker then "one-worker runtime" else "default work-stealing runtime"),
        (id, shape) => CatsRing(id, shape, handoff, workers)
      ).defaultHops(Rings.SLOW_HOPS)
        .rendezvous(id => CatsRendezvous(id, handoff, workers))
        .defaultValues(Rendezvous.SLOW_VALUES)
        .build(): RingFactory).asJava
