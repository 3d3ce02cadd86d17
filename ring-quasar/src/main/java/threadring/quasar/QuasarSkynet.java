package threadring.quasar;

import co.paralleluniverse.fibers.Fiber;
import co.paralleluniverse.fibers.FiberScheduler;
import co.paralleluniverse.strands.Strand;
import java.util.concurrent.TimeUnit;
import threadring.core.skynet.AbstractSkynet;
import threadring.core.skynet.Skynet;

/**
 * What the Quasar Skynets share: a fiber scheduler of their own ({@link OwnedScheduler}, created
 * at open, shut down by close; its threads are found by name then), a task fiber's death failing
 * the run, and a run that ends once the root's fiber has. Subclasses make the root fiber.
 */
abstract class QuasarSkynet extends AbstractSkynet {

    private final OwnedScheduler owned;
    /** Every task fiber's uncaught exception handler: one instance, not one per fiber. */
    private final Strand.UncaughtExceptionHandler died = (strand, e) -> fail(e);
    private Fiber<?> root;

    QuasarSkynet(String id, int parallelism) {
        super(id);
        owned = new OwnedScheduler(id, parallelism, this::track);
    }

    /** The root task's fiber, not started, for a tree of {@code leaves} leaves: it calls {@link #answered}. */
    protected abstract Fiber<?> root(int branching, long leaves);

    final FiberScheduler scheduler() {
        return owned.scheduler();
    }

    /** A new task fiber on this Skynet's scheduler, with the handler that fails the run if it dies. */
    final <F extends Fiber<?>> F failing(F task) {
        task.setUncaughtExceptionHandler(died);
        return task;
    }

    /** The tasks' hooks, for their fibers (plain methods: no suspension in them). */
    final void started() {
        taskStarted();
    }

    final void ended() {
        taskEnded();
    }

    final void answered(long sum) {
        done(sum);
    }

    @Override
    protected final void start(int branching, int depth) {
        root = failing(root(branching, Skynet.leaves(branching, depth)));
        root.start();
    }

    @Override
    protected final void settle() throws Exception {
        root.join(30, TimeUnit.SECONDS); // it answered: all that is left is to return
    }

    @Override
    protected final void stop() throws Exception {
        owned.shutdown(closeTimeout()); // tracks the pool's workers, started on demand, first
    }
}
