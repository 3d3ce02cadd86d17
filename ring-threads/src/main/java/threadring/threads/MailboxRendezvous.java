package threadring.threads;

import java.util.concurrent.ThreadFactory;
import java.util.function.Supplier;
import threadring.core.rendezvous.AbstractRendezvous;
import threadring.threads.Handoff.Mailbox;

/**
 * The rendezvous on the same {@link Mailbox}es and threads as {@link ThreadRing}: the sender puts
 * each value into the receiver's inbox and waits for the receiver's acknowledgement in its own.
 * A synchronous mailbox ({@link Mailbox#synchronous}) is already a meeting, so there the put alone
 * is the exchange, as in the Exchanger and SynchronousQueue forms of "Limits of Loom's
 * performance". The sender's inbox also carries each exchange's size from {@code exchange()}.
 */
public final class MailboxRendezvous extends AbstractRendezvous {

    /** Values are 1..M; 0 ends an exchange, and this stops both parties. */
    private static final int STOP = -1;
    private static final int ACK = 0;

    private final Mailbox toSender;
    private final Mailbox toReceiver;
    private final boolean acknowledged;

    public MailboxRendezvous(String id, ThreadFactory threads, Handoff handoff) {
        this(id, threads, handoff::newMailbox);
    }

    public MailboxRendezvous(String id, ThreadFactory threads, Supplier<? extends Mailbox> mailboxes) {
        super(id);
        ThreadFactory factory = tracked(threads);
        toSender = mailboxes.get();
        toReceiver = mailboxes.get();
        acknowledged = !toReceiver.synchronous();
        Thread sender = factory.newThread(this::send);
        Thread receiver = factory.newThread(this::receive);
        toSender.bind(sender);
        toReceiver.bind(receiver);
        sender.start();
        receiver.start();
    }

    private void send() {
        try {
            for (int values = toSender.take(); values != STOP; values = toSender.take()) {
                for (int v = 1; v <= values; v++) {
                    toReceiver.put(v);
                    if (acknowledged) {
                        toSender.take();
                    }
                }
                toReceiver.put(0);
            }
            toReceiver.put(STOP);
        } catch (Throwable e) {
            fail(e);
        }
    }

    private void receive() {
        try {
            long sum = 0;
            for (int v = toReceiver.take(); v != STOP; v = toReceiver.take()) {
                if (v == 0) {
                    finish(sum);
                    sum = 0;
                } else {
                    sum += v;
                    if (acknowledged) {
                        toSender.put(ACK);
                    }
                }
            }
        } catch (Throwable e) {
            fail(e);
        }
    }

    @Override
    protected void start(int values) throws InterruptedException {
        toSender.put(values);
    }

    @Override
    protected void stop() throws InterruptedException {
        toSender.put(STOP);
    }
}
