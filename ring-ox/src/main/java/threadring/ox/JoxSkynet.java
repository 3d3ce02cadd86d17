package threadring.ox;

import com.softwaremill.jox.Channel;
import java.util.concurrent.ThreadFactory;
import threadring.core.skynet.AbstractSkynet;
import threadring.core.skynet.Skynet;
import threadring.virtual.VirtualRings;

/**
 * Skynet on jox channels from Java, without Ox's scopes, as the original Go program: every task is a
 * virtual thread its parent starts, and children send their answers on a rendezvous channel of
 * their parent's, which receives as many answers as it has children. A failing task errors its
 * parent's channel, so the failure travels up to the root, which fails the run. Task threads are not
 * tracked one by one (a million per run); the root's thread is, and settle() joins it.
 */
final class JoxSkynet extends AbstractSkynet {

    private final ThreadFactory tasks;
    private final ThreadFactory roots;
    private volatile Thread root;

    JoxSkynet(String id) {
        super(id);
        tasks = VirtualRings.threads(id + "#");
        roots = VirtualRings.threads(id + "-root-");
    }

    @Override
    protected void start(int branching, int depth) {
        forgetEnded();
        long leaves = Skynet.leaves(branching, depth);
        Thread thread = roots.newThread(() -> {
            try {
                done(task(0, leaves, branching));
            } catch (Throwable e) {
                fail(e);
            }
        });
        track(thread);
        root = thread;
        thread.start();
    }

    /** Task (first, leaves): a leaf answers its first leaf, a parent the sum of its children's answers. */
    private long task(long first, long leaves, int branching) throws InterruptedException {
        taskStarted();
        long sum = first;
        if (leaves > 1) {
            Channel<Long> answers = Channel.newRendezvousChannel();
            long each = leaves / branching;
            for (int i = 0; i < branching; i++) {
                long childFirst = first + i * each;
                tasks.newThread(() -> {
                    try {
                        answers.send(task(childFirst, each, branching));
                    } catch (Throwable e) {
                        answers.errorOrClosed(e);
                    }
                }).start();
            }
            sum = 0;
            for (int i = 0; i < branching; i++) {
                sum += answers.receive();
            }
        }
        taskEnded();
        return sum;
    }

    /** The root has called done(); waits for its thread to end. */
    @Override
    protected void settle() throws InterruptedException {
        Thread thread = root;
        if (thread != null) {
            thread.join();
        }
    }

    @Override
    protected void stop() {}
}
