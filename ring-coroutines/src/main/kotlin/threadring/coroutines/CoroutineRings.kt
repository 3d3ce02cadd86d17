package threadring.coroutines

import threadring.core.Ring
import threadring.core.RingFactory
import threadring.core.Rings

/** `coroutines/<handoff>-<scheduler>`: every handoff on every scheduler, one factory each. */
abstract class CoroutineRingFactory(private val handoff: Handoff, private val scheduler: Scheduler) : RingFactory {

    override fun id(): String = "coroutines/${handoff.variant}-${scheduler.suffix}"

    override fun description(): String = "Kotlin coroutines, ${handoff.description}, on ${scheduler.description}"

    override fun open(nodes: Int): Ring = CoroutineRing(id(), Rings.requireNodes(nodes), handoff, scheduler)
}

class ChannelLoop : CoroutineRingFactory(Handoff.CHANNEL, Scheduler.LOOP)

class ChannelDefault : CoroutineRingFactory(Handoff.CHANNEL, Scheduler.DEFAULT)

class ChannelP1 : CoroutineRingFactory(Handoff.CHANNEL, Scheduler.P1)

class ContinuationLoop : CoroutineRingFactory(Handoff.CONTINUATION, Scheduler.LOOP)

class ContinuationDefault : CoroutineRingFactory(Handoff.CONTINUATION, Scheduler.DEFAULT)

class ContinuationP1 : CoroutineRingFactory(Handoff.CONTINUATION, Scheduler.P1)
