package threadring.core.ring;

import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What a node does around a hop besides handing on, written once for every model that waits in
 * a plain Java stack (threads, virtual threads, jox, Ox) or keeps none (actors, the loop floor).
 * Models that save their own frames (Kotlin, Quasar, Kilim, effect systems) recurse in their own
 * suspendable code instead, since these frames could not be suspended there.
 */
public final class Hop {

    private Hop() {}

    /** A receive that may block. */
    @FunctionalInterface
    public interface Receive {
        int take() throws InterruptedException;
    }

    /**
     * Receives {@code depth} non-inlined calls below the caller, so that those frames are live
     * while the node waits: what a blocked virtual thread freezes and thaws.
     */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int receive(int depth, Receive receive) throws InterruptedException {
        if (depth == 0) {
            return receive.take();
        }
        int token = receive(depth - 1, receive);
        return token;
    }

    /** A hop's work: {@code consumeCPU(work)}, nothing for 0. */
    public static void work(int work) {
        if (work > 0) {
            Blackhole.consumeCPU(work);
        }
    }

    /**
     * For nodes that keep no stack while they wait (actors, the loop floor): {@code depth} nested
     * non-inlined calls, then the hop's work, before the node hands on.
     */
    public static void call(int depth, int work) {
        if (depth > 0) {
            nest(depth);
        }
        work(work);
    }

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    private static int nest(int depth) {
        return depth == 0 ? 0 : nest(depth - 1) + 1;
    }
}
