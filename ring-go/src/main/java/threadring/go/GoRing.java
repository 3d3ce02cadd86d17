package threadring.go;

import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;
import threadring.core.ring.Rings;

/**
 * The ring in Go: a goroutine per node, each receiving on its own unbuffered channel and sending
 * on its successor's, the Benchmarks Game's Go program in shape; several tokens, stack depth and
 * work per hop as {@link RingSize} states them.
 */
final class GoRing extends GoWorkload implements Ring {

    private final RingSize shape;

    GoRing(String id, RingSize shape) {
        super(id, "ring", "ring", String.valueOf(shape.nodes()), String.valueOf(shape.tokens()),
                String.valueOf(shape.depth()), String.valueOf(shape.work()));
        this.shape = shape;
    }

    @Override
    public int nodes() {
        return shape.nodes();
    }

    @Override
    public RingSize shape() {
        return shape;
    }

    @Override
    public long pass(int hops) {
        String what = "pass(hops=" + hops + ")";
        Rings.requireHops(hops);
        return ask(what, String.valueOf(hops))[0];
    }
}
