package threadring.kilim;

import threadring.core.ring.RingSize;
import threadring.core.ring.SteppedRing;

/**
 * Kilim's continuation floor: one woven {@link Hop} per node, resumed one at a time by a driver
 * thread the ring owns. Each hop is a resume and a yield of a Kilim fiber, with no scheduler or
 * mailbox, so the row shows what Kilim's bytecode-rewritten stacks cost by themselves.
 */
final class ContinuationRing extends SteppedRing {

    private final Hop[] hops;

    ContinuationRing(String id, RingSize shape) {
        super(id, shape);
        Woven.require(Hop.class);
        hops = new Hop[nodes() + 1]; // not shape.nodes(): Kilim's weaver cannot read a record
        for (int name = 1; name < hops.length; name++) {
            hops[name] = new Hop(this, name);
        }
        startDriver();
    }

    @Override
    protected void prepare() {
        for (int name = 1; name < hops.length; name++) {
            resume(name, Hop.START);
        }
    }

    @Override
    protected void resume(int node, int token) {
        Hop hop = hops[node];
        hop.token = token;
        if (hop.run()) {
            throw new IllegalStateException(id() + ": the continuation of node " + node + " ended", hop.ex());
        }
    }

    @Override
    protected void end() {
        for (int name = 1; name < hops.length; name++) {
            hops[name].token = Hop.STOP;
            hops[name].run();
        }
    }

    int stackDepth() {
        return depth();
    }

    int workPerHop() {
        return work();
    }

    void handOnFrom(int name, int token) {
        handOn(successor(name), token);
    }

    void finished(int name) {
        finish(name);
    }
}
