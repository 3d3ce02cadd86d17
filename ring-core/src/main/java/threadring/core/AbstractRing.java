package threadring.core;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * What every ring shares and no ring should get wrong on its own: argument checks, the closed
 * state, one pass at a time, the pass's completion, and tracking of the threads it starts.
 * Subclasses only inject the token ({@link #start}), stop their nodes ({@link #stop}) and report
 * the end of a pass from the node that received 0 ({@link #finish}).
 */
public abstract class AbstractRing implements Ring {

    private final String id;
    private final int nodes;
    /** Every thread started for the ring; adding is O(1), so a ring of 10^6 virtual threads opens in linear time. */
    private final Collection<Thread> threads = new ConcurrentLinkedQueue<>();
    private volatile CompletableFuture<Integer> current;
    /** A node's failure that no pass was there to receive: every later pass reports it. */
    private volatile Throwable broken;
    private boolean closed;

    protected AbstractRing(String id, int nodes) {
        this.id = id;
        this.nodes = Rings.requireNodes(nodes);
    }

    /** Hands {@code hops} to node 1. Called once per pass, from the thread calling pass(). */
    protected abstract void start(int hops) throws Exception;

    /** Stops every node. Called once, from close(), when no pass is running. */
    protected abstract void stop() throws Exception;

    /**
     * How long close() waits for the ring's threads to end before it reports them (and how long
     * rings wait for their nodes to start): 30 s plus 100 us per node, so that a ring of 10^6
     * nodes on a slow machine is not cut short.
     */
    protected Duration closeTimeout() {
        return Duration.ofSeconds(30).plusNanos(100_000L * nodes);
    }

    /** Called by the node that received 0: completes the pass. */
    protected final void finish(int name) {
        current.complete(name);
    }

    /**
     * Called by a node that hit an unexpected error: fails the pass instead of hanging it. A
     * failure between passes (or before the first) breaks the ring, so the next pass fails at
     * once instead of waiting for a node that is gone.
     */
    protected final void fail(Throwable error) {
        CompletableFuture<Integer> pass = current;
        if (pass == null || !pass.completeExceptionally(error)) {
            if (broken == null) {
                broken = error;
            }
        }
    }

    /** Wraps {@code factory} so that every thread it makes is tracked for {@link #threads()}. */
    protected final ThreadFactory tracked(ThreadFactory factory) {
        return task -> {
            Thread t = factory.newThread(task);
            threads.add(t);
            return t;
        };
    }

    /** Records a thread started outside {@link #tracked}. */
    protected final void track(Thread thread) {
        threads.add(thread);
    }

    public final String id() {
        return id;
    }

    @Override
    public final int nodes() {
        return nodes;
    }

    @Override
    public final synchronized int pass(int hops) {
        if (closed) {
            throw new IllegalStateException(id + ": pass(hops=" + hops + ") on a closed ring");
        }
        Rings.requireHops(hops);
        if (broken != null) {
            throw new IllegalStateException(id + ": a node failed between passes", broken);
        }
        CompletableFuture<Integer> pass = new CompletableFuture<>();
        current = pass;
        try {
            start(hops);
            return pass.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(id + ": interrupted during pass(hops=" + hops + ")", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(id + ": a node failed during pass(hops=" + hops + ")", e.getCause());
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(id + ": could not start pass(hops=" + hops + ")", e);
        }
    }

    @Override
    public final Collection<Thread> threads() {
        return List.copyOf(threads);
    }

    @Override
    public final synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            stop();
            long deadline = System.nanoTime() + closeTimeout().toNanos();
            for (Thread t : threads) {
                long left = deadline - System.nanoTime();
                if (left > 0) {
                    t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            throw new IllegalStateException(id + ": close() failed", e);
        }
        long alive = threads.stream().filter(Thread::isAlive).count();
        if (alive > 0) {
            throw new IllegalStateException(id + ": " + alive + " thread(s) still alive "
                    + closeTimeout().toMillis() + " ms after close()");
        }
    }

    @Override
    public String toString() {
        return id + "[nodes=" + nodes + (closed ? ", closed" : "") + "]";
    }
}
