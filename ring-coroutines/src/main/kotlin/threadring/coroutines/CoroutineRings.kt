package threadring.coroutines

import threadring.core.AbstractRingFactory
import threadring.core.Ring

/** `coroutines/<handoff>-<scheduler>`: every handoff on every scheduler, one factory each. */
abstract class CoroutineRingFactory(private val handoff: Handoff, private val scheduler: Scheduler) :
    AbstractRingFactory(
        "coroutines/${handoff.variant}-${scheduler.suffix}",
        "Kotlin coroutines, ${handoff.description}, on ${scheduler.description}",
    ) {

    override fun newRing(nodes: Int): Ring = CoroutineRing(id(), nodes, handoff, scheduler)
}

class ChannelLoop : CoroutineRingFactory(Handoff.CHANNEL, Scheduler.LOOP)

class ChannelDefault : CoroutineRingFactory(Handoff.CHANNEL, Scheduler.DEFAULT)

class ChannelP1 : CoroutineRingFactory(Handoff.CHANNEL, Scheduler.P1)

class ContinuationLoop : CoroutineRingFactory(Handoff.CONTINUATION, Scheduler.LOOP)

class ContinuationDefault : CoroutineRingFactory(Handoff.CONTINUATION, Scheduler.DEFAULT)

class ContinuationP1 : CoroutineRingFactory(Handoff.CONTINUATION, Scheduler.P1)
