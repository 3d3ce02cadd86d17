package threadring.core;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What every ring shares and no ring should get wrong on its own: argument checks, the closed
 * state, one pass at a time, sharing a pass out among its tokens, the pass's completion, and
 * tracking of the threads it starts. Subclasses only hand a token to a node ({@link #inject}),
 * stop their nodes ({@link #stop}) and report each token's end from the node that received 0
 * ({@link #finish}).
 */
public abstract class AbstractRing implements Ring {

    private final String id;
    private final Shape shape;
    /** Every thread started for the ring; adding is O(1), so a ring of 10^6 virtual threads opens in linear time. */
    private final Collection<Thread> threads = new ConcurrentLinkedQueue<>();
    private volatile Pass current;
    /** A node's failure that no pass was there to receive: every later pass reports it. */
    private volatile Throwable broken;
    private boolean closed;

    protected AbstractRing(String id, Shape shape) {
        this.id = id;
        this.shape = shape;
    }

    /** A classic ring (one token, no depth, no work) of {@code nodes} nodes. */
    protected AbstractRing(String id, int nodes) {
        this(id, Shape.classic(Rings.requireNodes(nodes)));
    }

    /**
     * Hands {@code hops} to node {@code node} (1..N). Called once per token and pass, from the
     * thread calling pass(); tokens already injected may be moving, so with several tokens a
     * node's inbox can meet this and its predecessor at once.
     */
    protected abstract void inject(int node, int hops) throws Exception;

    /** Stops every node. Called once, from close(), when no pass is running. */
    protected abstract void stop() throws Exception;

    /**
     * How long close() waits for the ring's threads to end before it reports them (and how long
     * rings wait for their nodes to start): 30 s plus 100 us per node, so that a ring of 10^6
     * nodes on a slow machine is not cut short.
     */
    protected Duration closeTimeout() {
        return Duration.ofSeconds(30).plusNanos(100_000L * shape.nodes());
    }

    /** Called by the node that received 0: ends its token, and the pass once every token has ended. */
    protected final void finish(int name) {
        current.finish(name);
    }

    /** Stack depth each node waits at (see {@link Shape}). */
    protected final int depth() {
        return shape.depth();
    }

    /** consumeCPU units per hop (see {@link Shape}). */
    protected final int work() {
        return shape.work();
    }

    /**
     * Called by a node that hit an unexpected error: fails the pass instead of hanging it. A
     * failure between passes (or before the first) breaks the ring, so the next pass fails at
     * once instead of waiting for a node that is gone.
     */
    protected final void fail(Throwable error) {
        CompletableFuture<Long> pass = current;
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
        return shape.nodes();
    }

    @Override
    public final Shape shape() {
        return shape;
    }

    @Override
    public final synchronized long pass(int hops) {
        if (closed) {
            throw new IllegalStateException(id + ": pass(hops=" + hops + ") on a closed ring");
        }
        Rings.requireHops(hops);
        if (broken != null) {
            throw new IllegalStateException(id + ": a node failed between passes", broken);
        }
        Pass pass = new Pass(shape.tokens());
        current = pass;
        try {
            for (int k = 0; k < shape.tokens(); k++) {
                inject(shape.start(k), shape.hops(hops, k));
            }
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
        return id + "[" + shape + (closed ? ", closed" : "") + "]";
    }

    /** A pass in progress: completes with the sum of the tokens' last nodes once all have ended. */
    private static final class Pass extends CompletableFuture<Long> {
        private final AtomicInteger running;
        private final AtomicLong sum = new AtomicLong();

        Pass(int tokens) {
            running = new AtomicInteger(tokens);
        }

        void finish(int name) {
            sum.addAndGet(name);
            if (running.decrementAndGet() == 0) {
                complete(sum.get());
            }
        }
    }
}
