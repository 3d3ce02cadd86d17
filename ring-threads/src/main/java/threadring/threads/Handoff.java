package threadring.threads;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
    SYNC("sync", "synchronized + wait/notifyAll") {
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
     * A node's inbox: one consumer (the node). With several tokens in flight two producers can
     * meet at it (its predecessor and a pass injecting a token), and put waits while the inbox is
     * full. Public so that other modules can run their own blocking primitives (jox channels) in
     * {@link ThreadRing}'s node loop.
     */
    public interface Mailbox {
        /** Marks an empty slot; tokens are >= 0 and the stop signal is -1. */
        int EMPTY = Integer.MIN_VALUE;

        /** Tells the mailbox which thread takes from it, before that thread starts. */
        default void bind(Thread consumer) {}

        void put(int token) throws InterruptedException;

        int take() throws InterruptedException;

        /**
         * Whether put returns only once the consumer has taken the token (SynchronousQueue,
         * Exchanger, rendezvous channels): then a put alone is a meeting of two parties, and a
         * rendezvous needs no acknowledgement.
         */
        default boolean synchronous() {
            return false;
        }
    }

    /**
     * A volatile slot; the consumer optionally spins and yields before it parks. A producer
     * claims the empty slot with one CAS; one that finds it full (only with several tokens)
     * queues on a lock, registers itself, and parks until the consumer empties the slot.
     */
    static final class ParkMailbox implements Mailbox {
        private static final VarHandle SLOT;

        static {
            try {
                SLOT = MethodHandles.lookup().findVarHandle(ParkMailbox.class, "slot", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final int spins;
        private final int yields;
        private volatile int slot = EMPTY;
        private Thread consumer;
        private final ReentrantLock producers = new ReentrantLock();
        private volatile Thread waitingProducer;

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
            if (!SLOT.compareAndSet(this, EMPTY, token)) {
                putWhenEmpty(token);
            }
            LockSupport.unpark(consumer);
        }

        private void putWhenEmpty(int token) {
            producers.lock();
            try {
                waitingProducer = Thread.currentThread();
                while (!SLOT.compareAndSet(this, EMPTY, token)) {
                    LockSupport.park(this);
                }
            } finally {
                waitingProducer = null;
                producers.unlock();
            }
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
            Thread producer = waitingProducer;
            if (producer != null) {
                LockSupport.unpark(producer);
            }
            return token;
        }
    }

    static final class LockMailbox implements Mailbox {
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition filled = lock.newCondition();
        private final Condition emptied = lock.newCondition();
        private int slot = EMPTY;

        @Override
        public void put(int token) throws InterruptedException {
            lock.lock();
            try {
                while (slot != EMPTY) {
                    emptied.await();
                }
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
                emptied.signal();
                return token;
            } finally {
                lock.unlock();
            }
        }
    }

    static final class SyncMailbox implements Mailbox {
        private int slot = EMPTY;

        /** notifyAll: with several tokens a producer may wait on the same monitor as the consumer. */
        @Override
        public synchronized void put(int token) throws InterruptedException {
            while (slot != EMPTY) {
                wait();
            }
            slot = token;
            notifyAll();
        }

        @Override
        public synchronized int take() throws InterruptedException {
            while (slot == EMPTY) {
                wait();
            }
            int token = slot;
            slot = EMPTY;
            notifyAll();
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

        @Override
        public boolean synchronous() {
            return true;
        }
    }

    /**
     * Producer and consumer swap (token, null); both block until the other arrives. Two producers
     * that meet swap tokens and both try again: the node still receives both.
     */
    static final class ExchangerMailbox implements Mailbox {
        private final Exchanger<Integer> exchanger = new Exchanger<>();

        @Override
        public void put(int token) throws InterruptedException {
            Integer left = exchanger.exchange(token);
            while (left != null) {
                left = exchanger.exchange(left);
            }
        }

        @Override
        public int take() throws InterruptedException {
            return exchanger.exchange(null);
        }

        @Override
        public boolean synchronous() {
            return true;
        }
    }
}
