package threadring.kilim;

import static threadring.core.ring.Hop.work;

import java.util.concurrent.CountDownLatch;
import kilim.Mailbox;
import kilim.Pausable;
import kilim.Task;

/** A node of {@link TaskRing}: takes from its mailbox, puts into the next node's. */
final class NodeTask extends Task<Void> {

    static final int STOP = -1;

    private final TaskRing ring;
    private final int name;
    private final Mailbox<Integer> in;
    private final Mailbox<Integer> out;
    private final CountDownLatch ended;

    NodeTask(TaskRing ring, int name, Mailbox<Integer> in, Mailbox<Integer> out, CountDownLatch ended) {
        this.ring = ring;
        this.ended = ended;
        this.name = name;
        this.in = in;
        this.out = out;
    }

    @Override
    public void execute() throws Pausable {
        int depth = ring.stackDepth();
        int work = ring.workPerHop();
        try {
            while (true) {
                int token = receive(depth);
                if (token > 0) {
                    work(work);
                    out.put(token - 1);
                } else if (token == 0) {
                    ring.finished(name);
                } else {
                    return;
                }
            }
        } catch (RuntimeException | Error e) {
            ring.failed(e);
        } finally {
            ended.countDown();
        }
    }

    /** Waits {@code depth} pausable frames deep, each saved and restored by Kilim's woven code. */
    private int receive(int depth) throws Pausable {
        if (depth > 0) {
            int token = receive(depth - 1);
            return token;
        }
        return in.get();
    }
}
