package threadring.kilim;

import static threadring.core.ring.Hop.work;

import kilim.Continuation;
import kilim.Fiber;
import kilim.Pausable;

/**
 * A node of {@link ContinuationRing}: a bare Kilim continuation that waits {@code depth} pausable
 * frames deep (each saved and restored by Kilim's woven code), and each time it is resumed hands
 * its token on and yields back to the driver. No scheduler, no mailbox.
 */
final class Hop extends Continuation {

    /** The driver's first resume, which only brings the node to its first wait. */
    static final int START = Integer.MIN_VALUE;
    static final int STOP = -1;

    private final ContinuationRing ring;
    private final int name;
    int token;

    Hop(ContinuationRing ring, int name) {
        this.ring = ring;
        this.name = name;
    }

    @Override
    public void execute() throws Pausable {
        int depth = ring.stackDepth();
        int work = ring.workPerHop();
        while (true) {
            int t = receive(depth);
            if (t > 0) {
                work(work);
                ring.handOnFrom(name, t - 1);
            } else if (t == 0) {
                ring.finished(name);
            } else {
                return;
            }
        }
    }

    private int receive(int depth) throws Pausable {
        if (depth > 0) {
            int t = receive(depth - 1);
            return t;
        }
        Fiber.yield();
        return token;
    }
}
