package threadring.kilim;

import kilim.Continuation;
import kilim.Fiber;
import kilim.Pausable;

/**
 * A node of {@link ContinuationRing}: a bare Kilim continuation that, each time it is resumed,
 * hands its token to the next node and yields back to the driver. No scheduler, no mailbox.
 */
final class Hop extends Continuation {

    private final ContinuationRing ring;
    private final int name;
    Hop next;
    int token;

    Hop(ContinuationRing ring, int name) {
        this.ring = ring;
        this.name = name;
    }

    @Override
    public void execute() throws Pausable {
        while (true) {
            Fiber.yield();
            if (token > 0) {
                next.token = token - 1;
                ring.resumeNext(next);
            } else {
                ring.finished(name);
            }
        }
    }
}
