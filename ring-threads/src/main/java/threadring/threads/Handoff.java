package threadring.threads;

import java.util.concurrent.Exchanger;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The blocking primitives a node can wait on. The same primitives serve platform threads
 * (ring-threads) and virtual threads (ring-virtual): only the thread builder differs, which is
 * the "drop-in replacement" claim put to a measurement.
 */
public enum Handoff {
    PARK("park", "LockSupport.park/unpark on a volatile slot") {
        @Override
        Mailbox newMailbox() {
            return new ParkMailbox(0, 0);
        }
    },
    LOCK("lock", "ReentrantLock + Condition") {
        @Override
        Mailbox newMailbox() {
            return new LockMailbox();
        }
    },
    SYNC("sync", "synchronized + wait/notify") {
        @Override
        Mailbox newMailbox() {
            return new SyncMailbox();
        }
    },
    QUEUE("queue", "a SynchronousQueue between neighbours") {
        @Override
        Mailbox newMailbox() {
            return new QueueMailbox();
        }
    },
    /**
     * The two-party rendezvous winner of "Limits of Loom's performance" (spin with onSpinWait,
     * then yield, then park), scaled down: in a ring the receiver waits N-1 hops for its next
     * token, so every spin is lost work, and 10,000 spins would make a pass take hours.
     */
    SPIN("spin", "spin " + Handoff.SPINS + "x onSpinWait, yield " + Handoff.YIELDS + "x, then park") {
        @Override
        Mailbox newMailbox() {
            return new ParkMailbox(SPINS, YIELDS);
        }
    },
    EXCHANGER("exchanger", "java.util.concurrent.Exchanger between neighbours") {
        @Override
        Mailbox newMailbox() {
            return new ExchangerMailbox();
        }
    };

    static final int SPINS = 100;
    static final int YIELDS = 4;

    private final String variant;
    private final String description;

    Handoff(String variant, String description) {
        this.variant = variant;
        this.description = description;
    }

    /** The variant part of an implementation id, e.g. {@code park}. */
    public String variant() {
        return variant;
    }

    public String description() {
        return description;
    }

    abstract Mailbox newMailbox();

    /**
     * A node's inbox: one token at a time, one consumer (the node), one producer at a time.
     * Public so that other modules can run their own blocking primitives (jox channels) in
     * {@link ThreadRing}'s node loop.
     */
    public interface Mailbox {
        /** Marks an empty slot; tokens are >= 0 and the stop signal is -1. */
        int EMPTY = Integer.MIN_VALUE;

        /** Tells the mailbox which thread takes from it, before that thread starts. */
        default void bind(Thread consumer) {}

        void put(int token) throws InterruptedException;

        int take() throws InterruptedException;
    }

    /** A volatile slot; the consumer optionally spins and yields before it parks. */
    static final class ParkMailbox implements Mailbox {
        private final int spins;
        private final int yields;
        private volatile int slot = EMPTY;
        private Thread consumer;

        ParkMailbox(int spins, int yields) {
            this.spins = spins;
            this.yields = yields;
        }

        @Override
        public void bind(Thread consumer) {
            this.consumer = consumer;
        }

        @Override
        public void put(int token) {
            slot = token;
            LockSupport.unpark(consumer);
        }

        @Override
        public int take() {
            int token = slot;
            for (int i = 0; token == EMPTY && i < spins; i++) {
                Thread.onSpinWait();
                token = slot;
            }
            for (int i = 0; token == EMPTY && i < yields; i++) {
                Thread.yield();
                token = slot;
            }
            while (token == EMPTY) {
                LockSupport.park(this);
                token = slot;
            }
            slot = EMPTY;
            return token;
        }
    }

    static final class LockMailbox implements Mailbox {
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition filled = lock.newCondition();
        private int slot = EMPTY;

        @Override
        public void put(int token) {
            lock.lock();
            try {
                slot = token;
                filled.signal();
            } finally {
                lock.unlock();
            }
        }

        @Override
        public int take() throws InterruptedException {
            lock.lock();
            try {
                while (slot == EMPTY) {
                    filled.await();
                }
                int token = slot;
                slot = EMPTY;
                return token;
            } finally {
                lock.unlock();
            }
        }
    }

    static final class SyncMailbox implements Mailbox {
        private int slot = EMPTY;

        @Override
        public synchronized void put(int token) {
            slot = token;
            notify();
        }

        @Override
        public synchronized int take() throws InterruptedException {
            while (slot == EMPTY) {
                wait();
            }
            int token = slot;
            slot = EMPTY;
            return token;
        }
    }

    /** put blocks until the consumer takes: a true rendezvous, with a boxed token. */
    static final class QueueMailbox implements Mailbox {
        private final SynchronousQueue<Integer> queue = new SynchronousQueue<>();

        @Override
        public void put(int token) throws InterruptedException {
            queue.put(token);
        }

        @Override
        public int take() throws InterruptedException {
            return queue.take();
        }
    }

    /** Producer and consumer swap (token, null); both block until the other arrives. */
    static final class ExchangerMailbox implements Mailbox {
        private final Exchanger<Integer> exchanger = new Exchanger<>();

        @Override
        public void put(int token) throws InterruptedException {
            exchanger.exchange(token);
        }

        @Override
        public int take() throws InterruptedException {
            return exchanger.exchange(null);
        }
    }
}
