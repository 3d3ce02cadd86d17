package threadring.coroutines

import threadring.core.rendezvous.AbstractRendezvous

/**
 * The rendezvous on the same [Inbox]es and [Scheduler]s as [CoroutineRing]: a sender coroutine
 * sends each value to the receiver's inbox and waits for the receiver's acknowledgement in its
 * own. A rendezvous channel ([Inbox.synchronous]) is already a meeting, so there the send alone is
 * the exchange. The sender's inbox also carries each exchange's size from `exchange()`.
 */
class CoroutineRendezvous(id: String, handoff: Handoff, scheduler: Scheduler) : AbstractRendezvous(id) {

    private val group = CoroutineGroup(id, scheduler, tracked(daemonThreads(id))) { fail(it) }
    private val toSender = handoff.newInbox()
    private val toReceiver = handoff.newInbox()
    private val acknowledged = !toReceiver.synchronous

    init {
        group.launch("sender") { send() }
        group.launch("receiver") { receive() }
    }

    private suspend fun send() {
        var values = toSender.receive()
        while (values != STOP) {
            for (v in 1..values) {
                toReceiver.send(v)
                if (acknowledged) toSender.receive()
            }
            toReceiver.send(0) // ends the exchange
            values = toSender.receive()
        }
        toReceiver.send(STOP)
    }

    private suspend fun receive() {
        var sum = 0L
        while (true) {
            val v = toReceiver.receive()
            when {
                v > 0 -> {
                    sum += v
                    if (acknowledged) toSender.send(ACK)
                }
                v == 0 -> {
                    finish(sum)
                    sum = 0
                }
                else -> return
            }
        }
    }

    /** Between exchanges the sender waits for a size, so its inbox holds no acknowledgement. */
    override fun start(values: Int) = group.send(toSender, values)

    /** The sender passes STOP on to the receiver, so both end. */
    override fun stop() = group.stop(closeTimeout()) { toSender.send(STOP) }

    private companion object {
        /** Values are 1..M; 0 ends an exchange, and this stops both parties. */
        const val STOP = -1
        const val ACK = 0
    }
}
