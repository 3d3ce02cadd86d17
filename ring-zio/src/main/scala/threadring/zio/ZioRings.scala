package threadring.zio

import java.util.{List => JList}
import scala.jdk.CollectionConverters.*
import threadring.core.{Rendezvous, RingFactory, RingProvider, Rings, Variant}

/**
 * `zio/<handoff>` on ZIO's default runtime (its JVM-wide ZScheduler, which no ring owns or
 * stops), `zio/<handoff>-p1` on a runtime of the ring's (or rendezvous's) own over one executor
 * thread. Passes are 10^5 hops in the default sweep: a hop costs microseconds here.
 */
final class ZioRings extends RingProvider:
  override def factories(): JList[RingFactory] =
    (for
      handoff <- Handoff.values.toList
      oneThread <- List(false, true)
    yield Variant.of(
      s"zio/${handoff.variant}${if oneThread then "-p1" else ""}",
      s"ZIO fibers, ${handoff.description}, " +
        (if oneThread then "a one-thread executor" else "the default runtime (ZScheduler)"),
      (id, shape) => ZioRing(id, shape, handoff, oneThread)
    ).defaultHops(Rings.SLOW_HOPS)
      .rendezvous(id => ZioRendezvous(id, handoff, oneThread))
      .defaultValues(Rendezvous.SLOW_VALUES)
      .build(): RingFactory).asJava
