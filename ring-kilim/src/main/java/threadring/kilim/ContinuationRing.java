package threadring.kilim;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import threadring.core.AbstractRing;

/**
 * Kilim's continuation floor: one woven {@link Hop} per node, resumed one at a time by a driver
 * thread the ring owns. Each hop is a resume and a yield of a Kilim fiber, with no scheduler or
 * mailbox, so the row shows what Kilim's bytecode-rewritten stacks cost by themselves.
 */
final class ContinuationRing extends AbstractRing {

    private static final int STOP = -1;

    private final Hop[] hops;
    private final BlockingQueue<Integer> passes = new LinkedBlockingQueue<>();
    private Hop resume; // only touched by the driver thread

    ContinuationRing(String id, int nodes) {
        super(id, nodes);
        Woven.require(Hop.class);
        hops = new Hop[nodes];
        for (int i = 0; i < nodes; i++) {
            hops[i] = new Hop(this, i + 1);
        }
        for (int i = 0; i < nodes; i++) {
            hops[i].next = hops[(i + 1) % nodes];
        }
        Thread driver = tracked(task -> new Thread(task, id + "-driver")).newThread(this::drive);
        driver.setDaemon(true);
        driver.start();
    }

    private void drive() {
        try {
            for (Hop hop : hops) {
                hop.run(); // runs to its first yield
            }
            for (int pass = passes.take(); pass != STOP; pass = passes.take()) {
                hops[0].token = pass;
                resume = hops[0];
                while (resume != null) {
                    Hop hop = resume;
                    resume = null;
                    if (hop.run()) {
                        throw new IllegalStateException(id() + ": a node's continuation ended", hop.ex());
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            fail(e);
        }
    }

    void resumeNext(Hop next) {
        resume = next;
    }

    void finished(int name) {
        finish(name);
    }

    @Override
    protected void start(int hops) {
        passes.add(hops);
    }

    @Override
    protected void stop() {
        passes.add(STOP);
    }
}
