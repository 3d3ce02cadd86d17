package threadring.kilim;

import java.util.concurrent.CountDownLatch;
import kilim.Mailbox;
import kilim.Pausable;
import kilim.Task;
import threadring.core.rendezvous.AbstractRendezvous;

/**
 * The rendezvous on the same Tasks, Mailboxes and scheduler as {@link TaskRing}: a sender Task
 * puts each value into the receiver's mailbox and waits in get() on its own for the receiver's
 * acknowledgement, since a Kilim Mailbox is buffered and a put alone does not wait for the
 * receiver. The sender's mailbox also carries each exchange's size from {@code exchange()}.
 */
final class TaskRendezvous extends AbstractRendezvous {

    /** Values are 1..M; 0 ends an exchange, and this stops both parties. */
    static final int STOP = -1;
    static final int ACK = 0;

    final Mailbox<Integer> toSender = new Mailbox<>();
    final Mailbox<Integer> toReceiver = new Mailbox<>();
    private final CountDownLatch ended = new CountDownLatch(2);
    private final OwnedScheduler scheduler;

    TaskRendezvous(String id, int threads) {
        super(id);
        Woven.require(Sender.class);
        Woven.require(Receiver.class);
        scheduler = new OwnedScheduler(threads, tracked(task -> new Thread(task, id + "-worker")));
        scheduler.startAll(new Sender(this), new Receiver(this));
    }

    /** From a plain thread, so the non-pausable put; the sender waits for a size between exchanges. */
    @Override
    protected void start(int values) {
        if (!toSender.putnb(values)) {
            throw new IllegalStateException(id() + ": the sender's mailbox refused values=" + values);
        }
    }

    /** The sender passes STOP on to the receiver; both end before the scheduler stops. */
    @Override
    protected void stop() throws InterruptedException {
        toSender.putnb(STOP);
        scheduler.shutdownAfter(ended, closeTimeout(), id());
    }

    void finished(long sum) {
        finish(sum);
    }

    void failed(Throwable e) {
        fail(e);
    }

    void ended() {
        ended.countDown();
    }

    /** Sends 1..values for each size it takes, each acknowledged, then 0. */
    static final class Sender extends Task<Void> {
        private final TaskRendezvous r;

        Sender(TaskRendezvous r) {
            this.r = r;
        }

        @Override
        public void execute() throws Pausable {
            try {
                for (int values = r.toSender.get(); values != STOP; values = r.toSender.get()) {
                    for (int v = 1; v <= values; v++) {
                        r.toReceiver.put(v);
                        r.toSender.get(); // the receiver's ACK
                    }
                    r.toReceiver.put(0);
                }
                r.toReceiver.put(STOP);
            } catch (RuntimeException | Error e) {
                r.failed(e);
            } finally {
                r.ended();
            }
        }
    }

    /** Sums what it takes, acknowledging each value, and reports the sum at each 0. */
    static final class Receiver extends Task<Void> {
        private final TaskRendezvous r;

        Receiver(TaskRendezvous r) {
            this.r = r;
        }

        @Override
        public void execute() throws Pausable {
            try {
                long sum = 0;
                for (int v = r.toReceiver.get(); v != STOP; v = r.toReceiver.get()) {
                    if (v == 0) {
                        r.finished(sum);
                        sum = 0;
                    } else {
                        sum += v;
                        r.toSender.put(ACK);
                    }
                }
            } catch (RuntimeException | Error e) {
                r.failed(e);
            } finally {
                r.ended();
            }
        }
    }
}
