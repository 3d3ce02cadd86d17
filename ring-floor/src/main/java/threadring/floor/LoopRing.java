package threadring.floor;

import threadring.core.ring.AbstractRing;
import threadring.core.ring.Hop;
import threadring.core.ring.RingSize;

/**
 * {@code floor/loop}: the thread calling pass() walks an int[] of successors, one load per hop,
 * with no concurrency and no suspension: what a hop costs when nothing is handed over. Depth is
 * nested calls per hop (nothing waits, so no stack is kept); tokens run one after another.
 */
final class LoopRing extends AbstractRing {

    private final int[] next;

    LoopRing(String id, RingSize shape) {
        super(id, shape);
        next = new int[shape.nodes()];
        for (int i = 0; i < next.length; i++) {
            next[i] = (i + 1) % next.length;
        }
    }

    @Override
    protected void inject(int node, int hops) {
        int depth = depth();
        int work = work();
        int at = node - 1;
        for (int v = hops; v > 0; v--) {
            Hop.call(depth, work);
            at = next[at];
        }
        finish(at + 1);
    }

    @Override
    protected void stop() {}
}
