package threadring.floor;

import threadring.core.skynet.AbstractSkynet;
import threadring.core.skynet.Skynet;

/**
 * {@code floor/recursion}: the same tree summed by plain recursion on the thread that calls run(),
 * one call per task and no task of any model: what visiting a million nodes and adding up their
 * answers costs with nothing created, scheduled or joined. Every model's Skynet rows stand on it.
 */
final class RecursionSkynet extends AbstractSkynet {

    RecursionSkynet(String id) {
        super(id);
    }

    /** The floor: a recursion, no task. */
    @Override
    public boolean startsTasks() {
        return false;
    }

    @Override
    protected void start(int branching, int depth) {
        done(sum(0, Skynet.leaves(branching, depth), branching));
    }

    /** Task (first, leaves): a leaf answers its first leaf, any other task the sum of its children's answers. */
    private static long sum(long first, long leaves, int branching) {
        if (leaves == 1) {
            return first;
        }
        long each = leaves / branching;
        long sum = 0;
        for (int i = 0; i < branching; i++) {
            sum += sum(first + i * each, each, branching);
        }
        return sum;
    }

    @Override
    protected void stop() {
        // nothing started
    }
}
