package threadring.core.ring;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The floors' shape: every node is a continuation (or plain code) that one driver thread of the
 * ring's own resumes in turn, with no scheduler and no synchronisation between nodes. A node
 * that is resumed with a token hands on with {@link #handOn} and returns control to the driver,
 * which resumes the next node: a trampoline, so no stack grows with the hops. One thread runs
 * the tokens of a pass one after another, which is the same work as interleaving them.
 */
public abstract class SteppedRing extends AbstractRing {

    private static final long STOP = Long.MIN_VALUE;

    private final BlockingQueue<Long> arrivals = new LinkedBlockingQueue<>();
    /** The next node to resume (1..N) and its token; only the driver thread touches them. */
    private int nextNode;
    private int nextToken;

    protected SteppedRing(String id, RingSize shape) {
        super(id, shape);
    }

    /** Starts the driver: call once, at the end of the subclass's constructor. */
    protected final void startDriver() {
        Thread driver = tracked(task -> new Thread(task, id() + "-driver")).newThread(this::drive);
        driver.setDaemon(true);
        driver.start();
    }

    /** On the driver thread, before any token: brings every node to its first wait. */
    protected abstract void prepare() throws Exception;

    /** On the driver thread: resumes node {@code node} (1..N) with {@code token} until it waits again. */
    protected abstract void resume(int node, int token) throws Exception;

    /** On the driver thread, after the last pass: lets every node end. */
    protected void end() throws Exception {}

    /** Called by a node while it runs: the driver resumes {@code node} with {@code token} next. */
    protected final void handOn(int node, int token) {
        nextNode = node;
        nextToken = token;
    }

    private void drive() {
        try {
            prepare();
            for (long arrival = arrivals.take(); arrival != STOP; arrival = arrivals.take()) {
                nextNode = (int) (arrival >>> 32);
                nextToken = (int) arrival;
                while (nextNode != 0) {
                    int node = nextNode;
                    nextNode = 0;
                    resume(node, nextToken);
                }
            }
            end();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable e) {
            fail(e);
        }
    }

    @Override
    protected final void inject(int node, int hops) {
        arrivals.add(((long) node << 32) | hops);
    }

    @Override
    protected final void stop() {
        arrivals.add(STOP);
    }

    /** The successor of node {@code node} (1..N). */
    protected final int successor(int node) {
        return node == nodes() ? 1 : node + 1;
    }
}
