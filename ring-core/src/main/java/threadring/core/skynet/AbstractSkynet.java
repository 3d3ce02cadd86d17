package threadring.core.skynet;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import threadring.core.AbstractWorkload;

/**
 * What every Skynet shares ({@link AbstractWorkload}): argument checks, the closed state, one run
 * at a time, failures that end a run instead of hanging it, and thread tracking. Subclasses start
 * the root task ({@link #start}); the root reports the tree's sum through {@link #done} from the
 * model's own thread, and the run waits for it, then for {@link #settle}.
 *
 * <p>Every task calls {@link #taskStarted()} first and {@link #taskEnded()} last. Both do nothing
 * unless the contract kit (or {@code check}) turned the {@linkplain #audit() audit} on, which
 * counts the tasks a run started, the tasks still running and the most that ran at once, and
 * where they ran: how the kit sees a tree that skipped tasks, left some behind, or ran them on the
 * caller's thread. A benchmark never turns it on.
 */
public abstract class AbstractSkynet extends AbstractWorkload implements Skynet {

    /** What the audit saw: tasks started and still running, the most at once, and where the last one ran. */
    public record Audit(long started, long running, long peak, Thread lastTaskThread) {}

    private boolean audit;
    private final LongAdder started = new LongAdder();
    private final AtomicLong running = new AtomicLong();
    private final AtomicLong peak = new AtomicLong();
    private volatile Thread lastTaskThread;

    protected AbstractSkynet(String id) {
        super(id, "skynet");
    }

    /**
     * Starts the root task of a tree of {@code branching}^{@code depth} leaves (see {@link Skynet}
     * for which task answers what); the root calls {@link #done} with its sum. Called once per run,
     * from the thread that called {@link #run}.
     */
    protected abstract void start(int branching, int depth) throws Exception;

    /** Called once by the root task with the tree's sum. */
    protected final void done(long sum) {
        endPart(sum);
    }

    /** The first thing every task does (nothing unless audited). */
    protected final void taskStarted() {
        if (audit) {
            started.increment();
            peak.accumulateAndGet(running.incrementAndGet(), Math::max);
            lastTaskThread = Thread.currentThread();
        }
    }

    /** The last thing every task does, after it has its answer (nothing unless audited). */
    protected final void taskEnded() {
        if (audit) {
            running.decrementAndGet();
        }
    }

    /** Whether the audit is on: a model whose tasks run outside this JVM counts them there only then. */
    protected final boolean auditing() {
        return audit;
    }

    /**
     * For a model whose tasks run outside this JVM (goroutines in a Go program): what its own
     * runtime counted of the run that just ended, tasks started, still running and the most at
     * once (nothing unless audited). Its tasks ran on no thread of this JVM: the audit keeps no
     * last task thread for them.
     */
    protected final void countedElsewhere(long startedTasks, long stillRunning, long mostAtOnce) {
        if (audit) {
            started.add(startedTasks);
            running.addAndGet(stillRunning);
            peak.accumulateAndGet(mostAtOnce, Math::max);
        }
    }

    /** Whether its trees are trees of tasks: true but for a floor, a plain recursion that starts none. */
    public boolean startsTasks() {
        return true;
    }

    /** Turns the audit on; before the first run only. Returns this. */
    public final AbstractSkynet audited() {
        audit = true;
        return this;
    }

    /** What the audit counted since it was turned on, or since the last {@link #resetAudit()}. */
    public final Audit audit() {
        if (!audit) {
            throw new IllegalStateException(id() + ": the audit is off (audited() before the first run)");
        }
        return new Audit(started.sum(), running.get(), peak.get(), lastTaskThread);
    }

    /** Starts the audit's counts afresh (between runs). */
    public final void resetAudit() {
        started.reset();
        peak.set(running.get());
    }

    @Override
    public final synchronized long run(int branching, int depth) {
        String what = "run(branching=" + branching + ", depth=" + depth + ")";
        if (closed()) {
            throw new IllegalStateException(id() + ": " + what + " on a closed skynet");
        }
        Skynet.require(branching, depth);
        return runAndSettle(what, 1, () -> start(branching, depth));
    }

    @Override
    public String toString() {
        return id() + "[skynet" + (closed() ? ", closed" : "") + "]";
    }
}
