package threadring.core;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * What every workload (a {@link Ring}, a {@link Rendezvous}, a {@link FanOut}) shares and none should get wrong on
 * its own: the closed state, one run at a time, a run's completion reported from the model's own
 * threads, failures that end a run instead of hanging it, and tracking of the threads it starts.
 */
public abstract class AbstractWorkload implements AutoCloseable {

    /** Starts a run's parts; called from the thread that called the run. */
    @FunctionalInterface
    protected interface Start {
        void start() throws Exception;
    }

    private final String id;
    /** "ring", "rendezvous" or "fan-out", for messages. */
    private final String kind;
    /** Every thread started for it; adding is O(1), so a ring of 10^6 virtual threads opens in linear time. */
    private final Collection<Thread> threads = new ConcurrentLinkedQueue<>();
    /** Written by every part's end; read after a run, which the last part's end happens before. */
    private volatile Thread endedOn;
    private volatile Run current;
    /** A failure that no run was there to receive: every later run reports it. */
    private volatile Throwable broken;
    private volatile boolean closed;

    protected AbstractWorkload(String id, String kind) {
        this.id = id;
        this.kind = kind;
    }

    /** Stops everything it started. Called once, from close(), when no run is in progress. */
    protected abstract void stop() throws Exception;

    /** How long close() waits for the threads to end before it reports them: 30 s by default. */
    protected Duration closeTimeout() {
        return Duration.ofSeconds(30);
    }

    /**
     * After a run's parts have all reported: waits until what the run started is gone where the
     * model needs that (a thread per task joined, a scope closed). Nothing by default: parts of a
     * pool or an event loop end when they report.
     */
    protected void settle() throws Exception {}

    /** {@link #run}, then {@link #settle}: a run whose tasks do not end cleanly fails, naming {@code what}. */
    protected final long runAndSettle(String what, int parts, Start start) {
        long sum = run(what, parts, start);
        try {
            settle();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(id + ": interrupted while " + what + " ended", e);
        } catch (Exception e) {
            throw new IllegalStateException(id + ": " + what + " did not end cleanly", e);
        }
        return sum;
    }

    /**
     * One run of {@code parts} parts, which {@code start} sets going: returns the sum of the values
     * the parts report through {@link #endPart}, once every part has. {@code what} names the call
     * in errors, e.g. {@code pass(hops=7)}. Arguments are the caller's to check first.
     */
    protected final synchronized long run(String what, int parts, Start start) {
        if (closed) {
            throw new IllegalStateException(id + ": " + what + " on a closed " + kind);
        }
        if (broken != null) {
            throw new IllegalStateException(id + ": broken before " + what, broken);
        }
        Run run = new Run(parts);
        current = run;
        try {
            start.start();
            if (parts == 0) {
                run.complete(0L); // nothing will report: a fan-out of no tasks
            }
            return run.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(id + ": interrupted during " + what, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(id + ": failed during " + what, e.getCause());
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(id + ": could not start " + what, e);
        }
    }

    /** Called from the model's threads when one part of the current run ends with {@code value}. */
    protected final void endPart(long value) {
        endedOn = Thread.currentThread();
        current.end(value);
    }

    /**
     * Called by a server's model code as it answers a request (it has no runs to end): records the
     * thread it answers on, for {@link #lastPartThread()}.
     */
    protected final void answering() {
        endedOn = Thread.currentThread();
    }

    /**
     * The thread the last part ended on (the model's code: a node, a party, a task; a server's
     * last answer), if any has ended: how the contract kit checks a {@code -loom} variant's work
     * runs on virtual threads.
     */
    public final Optional<Thread> lastPartThread() {
        return Optional.ofNullable(endedOn);
    }

    /**
     * Called by a thread that hit an unexpected error: fails the run instead of hanging it. A
     * failure between runs (or before the first) breaks the workload, so the next run fails at
     * once instead of waiting for a thread that is gone.
     */
    protected final void fail(Throwable error) {
        CompletableFuture<Long> run = current;
        if (run == null || !run.completeExceptionally(error)) {
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

    /**
     * Forgets the tracked threads that have ended, for workloads that start threads per run (a
     * fan-out's tasks): what is tracked then stays what could still be alive.
     */
    protected final void forgetEnded() {
        threads.removeIf(t -> !t.isAlive());
    }

    public final String id() {
        return id;
    }

    /**
     * Every thread (platform or virtual) it started, including pool or carrier threads it owns.
     * Virtual threads do not show up in {@code Thread.getAllStackTraces()}, so this is how tests
     * check that {@link #close()} left nothing alive.
     */
    public final Collection<Thread> threads() {
        return List.copyOf(threads);
    }

    /** Stops everything and waits for what it started to end. Idempotent. */
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
        List<Thread> alive = threads.stream().filter(Thread::isAlive).toList();
        if (!alive.isEmpty()) {
            // which threads, and where each stands: what a fix of the model's close needs to know
            throw new IllegalStateException(id + ": " + alive.size() + " thread(s) still alive "
                    + closeTimeout().toMillis() + " ms after close(): " + alive.stream().limit(3)
                            .map(AbstractWorkload::where).collect(Collectors.joining("; "))
                    + (alive.size() > 3 ? "; ..." : ""));
        }
    }

    /** A thread's name and the frame it stands in, e.g. "pekko-7-io-1 at sun.nio.ch.EPoll.wait(Native Method)". */
    static String where(Thread t) {
        StackTraceElement[] stack = t.getStackTrace();
        return t.getName() + (stack.length > 0 ? " at " + stack[0] : "");
    }

    protected final boolean closed() {
        return closed;
    }

    /** A run in progress: completes with the sum of its parts' values once every part has ended. */
    private static final class Run extends CompletableFuture<Long> {
        private final AtomicInteger running;
        private final AtomicLong sum = new AtomicLong();

        Run(int parts) {
            running = new AtomicInteger(parts);
        }

        void end(long value) {
            sum.addAndGet(value);
            if (running.decrementAndGet() == 0) {
                complete(sum.get());
            }
        }
    }
}
